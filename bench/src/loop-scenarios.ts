import { mkdtempSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agentao, type ChatMessage, type ChatCompletionTool, defineTool, OpenAIChatClient, type Tool } from '@agentao/core';
import { ScriptedLLM } from '@agentao/testing';
import { OpenAI } from 'openai';
import { buildScript, FINAL_TEXT, NOOP_TOOL, PROBE_TOOL_PREFIX, requestCount, type ScriptSpec, WARM_UP_TEXT } from './bench-script';
import { type MockServerProcess } from './mock-server-process';
import { type RawToolFunction, runRawLoop } from './raw-loop';

/** The model name both loops send. */
export const BENCH_MODEL = 'mock-model';
/** The message of the untimed warm-up request both loops send first. */
const WARM_UP_MESSAGE = 'Warm up.';

/** The user message every loop scenario starts its turn with. */
export const BENCH_USER_MESSAGE = 'Run the steps, then say you are done.';

/** One loop scenario: the same tools, script, history and transport for both loops. */
export interface LoopSetup {
  label: string;
  script: ScriptSpec;
  stream: boolean;
  /** Fresh tool instances for one agent (binding writes into them, so each agent gets its own). */
  createTools(): Tool[];
  /** The same tools as plain functions for the raw loop. */
  functions: ReadonlyMap<string, RawToolFunction>;
  /** Prior history: seeded with the agent's `messages` option, sent verbatim by the raw loop. */
  history: ChatMessage[];
  /** Raw loop: run one reply's calls with Promise.all. */
  parallel: boolean;
}

/** One timed turn: wall-clock milliseconds and the runner process's CPU milliseconds (user + system). */
export interface TurnTiming {
  wallMs: number;
  cpuMs: number;
}

/** Timings of each round, ours and raw paired by index. */
export interface PairedTimes {
  ours: number[];
  raw: number[];
  oursCpu: number[];
  rawCpu: number[];
  requests: number;
}

function startTiming(): () => TurnTiming {
  const cpu = process.cpuUsage();
  const started = performance.now();
  return () => {
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { wallMs, cpuMs: (used.user + used.system) / 1000 };
  };
}

/** What the agent actually sends, captured once so the raw loop sends the same prompt, user text and tools. */
export interface RequestPrefix {
  systemPrompt: string;
  userContent: string;
  tools: ChatCompletionTool[];
}

const WORKING_DIRECTORY = realpathSync(mkdtempSync(join(tmpdir(), 'agentao-bench-')));

/** The working directory every benchmark agent is bound to (an empty temp dir). */
export function benchWorkingDirectory(): string {
  return WORKING_DIRECTORY;
}

/**
 * Runs two full collections (no-op without `--expose-gc`). Used for heap measurements only: a forced
 * full GC right before a timed loop made the loop run several times slower (cold inline caches), so
 * the timed scenarios never force one.
 */
export function collectGarbage(): void {
  gc?.();
  gc?.();
}

/** The no-op tool of the step scenarios. */
export function noopTool(): Tool {
  return defineTool({
    name: NOOP_TOOL,
    description: 'Does nothing and answers "ok".',
    parameters: { type: 'object', properties: { step: { type: 'integer', description: 'Step number.' } }, required: ['step'] },
    isReadOnly: true,
    execute: () => 'ok',
  });
}

/** A read-only probe tool that sleeps for `args.ms` milliseconds. */
export function probeTool(index: number): Tool {
  return defineTool({
    name: `${PROBE_TOOL_PREFIX}${index}`,
    description: 'Waits for the given number of milliseconds, then answers "ok".',
    parameters: { type: 'object', properties: { ms: { type: 'integer', minimum: 0 } }, required: ['ms'] },
    isReadOnly: true,
    execute: async (args: { ms: number }) => {
      await sleep(args.ms);
      return 'ok';
    },
  });
}

/** Raw-loop twin of `noopTool`. */
export const rawNoop: RawToolFunction = () => 'ok';

/** Raw-loop twin of `probeTool`. */
export const rawProbe: RawToolFunction = async (args) => {
  await sleep(typeof args.ms === 'number' ? args.ms : 0);
  return 'ok';
};

/** Runs one scripted turn in process and returns the system prompt, user content and tool schemas the agent sent. */
export function captureRequestPrefix(setup: LoopSetup): Promise<RequestPrefix> {
  const scripted = new ScriptedLLM([{ text: FINAL_TEXT }]);
  const agent = new Agentao({ workingDirectory: WORKING_DIRECTORY, llm: scripted, extraTools: setup.createTools() });
  return agent.chat(BENCH_USER_MESSAGE).then(() => {
    const call = scripted.calls[0];
    const system = call?.messages[0];
    const user = call?.messages[call.messages.length - 1];
    if (system?.role !== 'system' || user?.role !== 'user' || typeof user.content !== 'string') {
      throw new Error('bench: could not capture the agent request prefix');
    }
    return { systemPrompt: system.content, userContent: user.content, tools: call?.tools ?? [] };
  });
}

/**
 * One timed turn of the agent against `baseURL`. Untimed first: one request through the client (opens
 * the connection and loads the SDK, which the client imports lazily) and building the agent.
 */
export async function runOurs(setup: LoopSetup, baseURL: string): Promise<TurnTiming> {
  const llm = new OpenAIChatClient({ model: BENCH_MODEL, apiKey: 'bench-key', baseURL, stream: setup.stream });
  const warm = await llm.complete({ messages: [{ role: 'user', content: WARM_UP_MESSAGE }], tools: [], signal: new AbortController().signal });
  if (warm.content !== WARM_UP_TEXT) throw new Error(`bench ${setup.label}: unexpected warm-up answer ${JSON.stringify(warm)}`);
  const agent = new Agentao({
    workingDirectory: WORKING_DIRECTORY,
    llm,
    extraTools: setup.createTools(),
    maxIterations: 10_000,
    ...(setup.history.length > 0 ? { messages: setup.history } : {}),
  });
  const stop = startTiming();
  const text = await agent.chat(BENCH_USER_MESSAGE);
  const elapsed = stop();
  const turn = agent.lastTurn;
  if (text !== FINAL_TEXT || turn?.isAnswer !== true) {
    throw new Error(`bench ${setup.label}: our loop ended with ${JSON.stringify(turn)}`);
  }
  await agent.close();
  return elapsed;
}

/** One timed turn of the raw loop against `baseURL`. Untimed first: creating the client and one request (opens the connection). */
export async function runRaw(setup: LoopSetup, prefix: RequestPrefix, baseURL: string): Promise<TurnTiming> {
  const client = new OpenAI({ apiKey: 'bench-key', baseURL });
  const warm = await runRawLoop({
    client,
    model: BENCH_MODEL,
    messages: [{ role: 'user', content: WARM_UP_MESSAGE }],
    tools: [],
    functions: new Map(),
    stream: setup.stream,
    parallel: false,
    maxSteps: 1,
  });
  if (warm.text !== WARM_UP_TEXT) throw new Error(`bench ${setup.label}: unexpected warm-up answer ${JSON.stringify(warm)}`);
  const messages = [
    { role: 'system', content: prefix.systemPrompt },
    ...setup.history,
    { role: 'user', content: prefix.userContent },
  ] as OpenAI.Chat.ChatCompletionMessageParam[];
  const stop = startTiming();
  const result = await runRawLoop({
    client,
    model: BENCH_MODEL,
    messages,
    tools: prefix.tools,
    functions: setup.functions,
    stream: setup.stream,
    parallel: setup.parallel,
    maxSteps: 10_000,
  });
  const elapsed = stop();
  if (result.text !== FINAL_TEXT) throw new Error(`bench ${setup.label}: raw loop ended with ${JSON.stringify(result)}`);
  return elapsed;
}

/**
 * Runs `warmup` unrecorded then `rounds` recorded rounds; each round runs both loops back to back,
 * each against its own fresh mock server holding the same script, the order flipping every round.
 */
export async function runPairedRounds(
  setup: LoopSetup,
  server: MockServerProcess,
  rounds: number,
  warmup: number,
): Promise<PairedTimes> {
  const prefix = await captureRequestPrefix(setup);
  const expected = requestCount(setup.script);
  if (buildScript(setup.script).length !== expected) throw new Error('bench: script length mismatch');
  const times: PairedTimes = { ours: [], raw: [], oursCpu: [], rawCpu: [], requests: expected };
  for (let round = 0; round < warmup + rounds; round++) {
    const oursServer = await server.open(setup.script);
    const rawServer = await server.open(setup.script);
    let ours: TurnTiming;
    let raw: TurnTiming;
    if (round % 2 === 0) {
      ours = await runOurs(setup, oursServer.baseURL);
      raw = await runRaw(setup, prefix, rawServer.baseURL);
    } else {
      raw = await runRaw(setup, prefix, rawServer.baseURL);
      ours = await runOurs(setup, oursServer.baseURL);
    }
    const servedOurs = await server.close(oursServer);
    const servedRaw = await server.close(rawServer);
    if (servedOurs !== expected || servedRaw !== expected) {
      throw new Error(`bench ${setup.label}: expected ${expected} requests each, got ours ${servedOurs}, raw ${servedRaw}`);
    }
    if (round >= warmup) {
      times.ours.push(ours.wallMs);
      times.raw.push(raw.wallMs);
      times.oursCpu.push(ours.cpuMs);
      times.rawCpu.push(raw.cpuMs);
    }
  }
  return times;
}
