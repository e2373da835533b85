import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

/** One cold-start sample: time inside the fresh process to import the module, and the whole process wall time. */
export interface ColdStartSample {
  importMs: number;
  processMs: number;
}

/** Paired cold-start samples of `@agentao/core` and `openai`. */
export interface ColdStartSamples {
  core: ColdStartSample[];
  openai: ColdStartSample[];
}

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

function importOnce(specifier: string): Promise<ColdStartSample> {
  const code = [
    "const { performance } = await import('node:perf_hooks');",
    'const started = performance.now();',
    `await import(${JSON.stringify(specifier)});`,
    'process.stdout.write(String(performance.now() - started));',
  ].join('\n');
  const spawned = performance.now();
  return new Promise((resolve, reject) => {
    // cwd = bench/, so the specifier resolves through bench/node_modules like a host app's would.
    const child = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: BENCH_DIR, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const importMs = Number(out);
      if (code !== 0 || !Number.isFinite(importMs)) reject(new Error(`cold start of ${specifier} failed (exit ${String(code)}): ${out}`));
      else resolve({ importMs, processMs: performance.now() - spawned });
    });
  });
}

/** S6: `rounds` fresh processes per module, interleaved, after `warmup` unrecorded pairs (file cache). */
export async function measureColdStart(rounds: number, warmup: number): Promise<ColdStartSamples> {
  const samples: ColdStartSamples = { core: [], openai: [] };
  for (let round = 0; round < warmup + rounds; round++) {
    const first = round % 2 === 0 ? '@agentao/core' : 'openai';
    const a = await importOnce(first);
    const b = await importOnce(first === 'openai' ? '@agentao/core' : 'openai');
    if (round < warmup) continue;
    samples.core.push(first === 'openai' ? b : a);
    samples.openai.push(first === 'openai' ? a : b);
  }
  return samples;
}
