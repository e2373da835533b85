// `pnpm bench`: our loop against a hand-written loop on the raw openai SDK, side by side, in one run.
// Flags: --quick (tiny counts), --only=s1,s4 (a subset); either writes nothing unless --out=<file> is given.
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { measureColdStart } from './cold-start';
import { measureHeapPerAgent, TOOLS_PER_AGENT } from './heap-per-agent';
import { runPairedRounds } from './loop-scenarios';
import { machineInfo } from './machine-info';
import { MockServerProcess } from './mock-server-process';
import { type ComparisonRow, comparisonTable, renderReport, throughputTable } from './report';
import {
  HEAP_INSTANCES,
  HISTORY_STEPS,
  LONG_HISTORY_MESSAGES,
  PARALLEL_CALLS,
  PARALLEL_SLEEP_MS,
  parallelSetup,
  SEQUENTIAL_STEPS,
  stepSetup,
} from './scenario-setups';
import { loadShellCorpus, measureThroughput, type ThroughputResult } from './throughput';

const quick = process.argv.includes('--quick');
const onlyFlag = process.argv.find((arg) => arg.startsWith('--only='));
const only = onlyFlag === undefined ? null : new Set(onlyFlag.slice('--only='.length).toLowerCase().split(','));
const wanted = (id: string): boolean => only === null || only.has(id);
const outFlag = process.argv.find((arg) => arg.startsWith('--out='));

const counts = quick
  ? { s1: 2, s2: 2, s3: 3, s4: 2, warmup: 1, heapRounds: 2, heapInstances: 100, coldRounds: 3, coldWarmup: 1, tpRounds: 2, tpMs: 50 }
  : { s1: 30, s2: 30, s3: 30, s4: 16, warmup: 2, heapRounds: 3, heapInstances: HEAP_INSTANCES, coldRounds: 20, coldWarmup: 2, tpRounds: 5, tpMs: 300 };

const ms = (values: readonly number[], divisor = 1): number[] => values.map((value) => value / divisor);

function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Warnings the process emitted, by name: counted and reported instead of flooding the output. */
const warnings = new Map<string, { count: number; first: string }>();

function countWarnings(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    const seen = warnings.get(warning.name);
    if (seen === undefined) warnings.set(warning.name, { count: 1, first: warning.message });
    else seen.count += 1;
  });
}

async function main(): Promise<void> {
  countWarnings();
  const started = performance.now();
  const machine = machineInfo();
  const rows: ComparisonRow[] = [];
  let throughput: ThroughputResult[] = [];
  const notes: string[] = [];
  log(`${machine.cpu}, ${machine.cores} cores; node ${machine.node}; openai ${machine.openai}; @agentao/core ${machine.agentao}${quick ? ' (quick)' : ''}`);

  const server = await MockServerProcess.start();
  try {
    if (wanted('s1')) {
      log(`S1: ${SEQUENTIAL_STEPS} sequential steps, JSON, ${counts.s1} rounds`);
      const times = await runPairedRounds(stepSetup('S1', SEQUENTIAL_STEPS, false, 0), server, counts.s1, counts.warmup);
      rows.push({ scenario: 'S1', metric: `${SEQUENTIAL_STEPS} steps of one no-op call, JSON: turn ms`, ours: times.ours, raw: times.raw, decimals: 1, maxRatio: 1.1 });
      rows.push({ scenario: 'S1', metric: 'same turns: CPU ms of the client process', ours: times.oursCpu, raw: times.rawCpu, decimals: 1 });
    }
    if (wanted('s2')) {
      log(`S2: ${SEQUENTIAL_STEPS} sequential steps, SSE, ${counts.s2} rounds`);
      const times = await runPairedRounds(stepSetup('S2', SEQUENTIAL_STEPS, true, 0), server, counts.s2, counts.warmup);
      rows.push({ scenario: 'S2', metric: `${SEQUENTIAL_STEPS} steps of one no-op call, SSE: turn ms`, ours: times.ours, raw: times.raw, decimals: 1, maxRatio: 1.15 });
      rows.push({ scenario: 'S2', metric: 'same turns: CPU ms of the client process', ours: times.oursCpu, raw: times.rawCpu, decimals: 1 });
    }
    if (wanted('s3')) {
      log(`S3: one reply with ${PARALLEL_CALLS} read-only tools sleeping ${PARALLEL_SLEEP_MS} ms, ${counts.s3} rounds`);
      const times = await runPairedRounds(parallelSetup(), server, counts.s3, counts.warmup);
      rows.push({ scenario: 'S3', metric: `${PARALLEL_CALLS} read-only tools × ${PARALLEL_SLEEP_MS} ms in one reply: turn ms`, ours: times.ours, raw: times.raw, decimals: 1, maxRatio: 1.1 });
    }
    if (wanted('s4')) {
      for (const size of [0, LONG_HISTORY_MESSAGES]) {
        log(`S4: ${HISTORY_STEPS} steps after ${size} prior messages, JSON, ${counts.s4} rounds`);
        const times = await runPairedRounds(stepSetup(`S4/${size}`, HISTORY_STEPS, false, size), server, counts.s4, counts.warmup);
        rows.push({
          scenario: 'S4',
          metric: `ms per step after ${size.toLocaleString('en-US')} prior messages`,
          ours: ms(times.ours, times.requests),
          raw: ms(times.raw, times.requests),
          decimals: 2,
          ...(size === LONG_HISTORY_MESSAGES ? { maxRatio: 1.15 } : {}),
        });
        if (size === LONG_HISTORY_MESSAGES) {
          rows.push({ scenario: 'S4', metric: 'same steps: CPU ms per step of the client process', ours: ms(times.oursCpu, times.requests), raw: ms(times.rawCpu, times.requests), decimals: 2 });
        }
      }
    }
  } finally {
    await server.stop();
  }

  if (wanted('s5')) {
    log(`S5: heap of ${counts.heapInstances} agents with ${TOOLS_PER_AGENT} tools, ${counts.heapRounds} rounds`);
    const heap = measureHeapPerAgent(counts.heapInstances, counts.heapRounds);
    const kib = (values: number[]): number[] => values.map((value) => value / 1024);
    rows.push({ scenario: 'S5', metric: `KiB per agent with its ${TOOLS_PER_AGENT} tools (raw: client + ${TOOLS_PER_AGENT} definitions)`, ours: kib(heap.agentWithTools), raw: kib(heap.raw), decimals: 1, maxOurs: 30 });
    rows.push({ scenario: 'S5', metric: `of which the ${TOOLS_PER_AGENT} defineTool instances, KiB`, ours: kib(heap.toolsOnly), raw: null, decimals: 1 });
    rows.push({ scenario: 'S5', metric: `KiB per agent when the ${TOOLS_PER_AGENT} schema objects are shared by all agents`, ours: kib(heap.sharedSchemas), raw: null, decimals: 1 });
    rows.push({ scenario: 'S5', metric: `KiB still held per agent after ${counts.heapInstances.toLocaleString('en-US')} agents are dropped (one pass)`, ours: kib(heap.retainedAfterDrop), raw: null, decimals: 1 });
    rows.push({ scenario: 'S5', metric: `ms to construct one agent with its ${TOOLS_PER_AGENT} tools (raw: one session)`, ours: heap.agentConstructMs, raw: heap.rawConstructMs, decimals: 3 });
  }
  if (wanted('s6')) {
    log(`S6: cold import in fresh processes, ${counts.coldRounds} rounds`);
    const cold = await measureColdStart(counts.coldRounds, counts.coldWarmup);
    rows.push({ scenario: 'S6', metric: "import() ms: '@agentao/core' vs 'openai'", ours: cold.core.map((s) => s.importMs), raw: cold.openai.map((s) => s.importMs), decimals: 1, maxRatio: 1.0 });
    rows.push({ scenario: 'S6', metric: 'whole process (spawn → exit) ms, same pairs', ours: cold.core.map((s) => s.processMs), raw: cold.openai.map((s) => s.processMs), decimals: 1 });
  }
  if (wanted('s7')) {
    const shell = await loadShellCorpus();
    log(`S7: throughput, ${counts.tpRounds} rounds of ${counts.tpMs} ms; shell corpus: ${shell.source}`);
    throughput = measureThroughput(shell, counts.tpRounds, counts.tpMs);
    notes.push(`S7 shell corpus: ${shell.source} (${shell.commands.length} commands).`);
  }

  notes.push(
    `Rounds: S1 ${counts.s1}, S2 ${counts.s2}, S3 ${counts.s3}, S4 ${counts.s4} per history size (each after ${counts.warmup} unrecorded warm-up rounds); S5 ${counts.heapRounds} × ${counts.heapInstances} agents; S6 ${counts.coldRounds} pairs of fresh processes; S7 ${counts.tpRounds} × ${counts.tpMs} ms per function.`,
    'Each round runs both loops back to back, each against its own fresh mock server (a separate process, 127.0.0.1) holding the same precomputed script; the order flips every round; no GC is forced around timed loops (each loop pays for its own collections).',
    "Each loop's first request (a one-line warm-up) is untimed: it opens the connection and, for ours, lets the client load the SDK it imports lazily.",
    'The raw loop sends exactly what the agent sends: its system prompt, user message (with the date reminder) and tool schemas, captured once through ScriptedLLM.',
  );
  for (const [name, seen] of warnings) {
    notes.push(`The runner process emitted ${seen.count} × ${name}, first: "${seen.first}"`);
  }
  const durationSeconds = (performance.now() - started) / 1000;
  const report = { machine, rows, throughput, notes, durationSeconds };
  console.log('');
  if (rows.length > 0) console.log(comparisonTable(rows));
  if (throughput.length > 0) console.log(`\n${throughputTable(throughput)}`);
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
  console.log('');
  if (outFlag !== undefined) {
    writeFileSync(outFlag.slice('--out='.length), renderReport(report));
    log(`done in ${durationSeconds.toFixed(0)} s; wrote ${outFlag.slice('--out='.length)}`);
    return;
  }
  if (quick || only !== null) {
    log(`done in ${durationSeconds.toFixed(0)} s (partial run: results/latest.md not written)`);
    return;
  }
  const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(`${resultsDir}latest.md`, renderReport(report));
  log(`done in ${durationSeconds.toFixed(0)} s; wrote bench/results/latest.md`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
