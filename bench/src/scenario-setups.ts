import { type LoopSetup, noopTool, probeTool, rawNoop, rawProbe } from './loop-scenarios';
import { type RawToolFunction } from './raw-loop';
import { seedHistory } from './seed-history';

/** Steps of S1 and S2. */
export const SEQUENTIAL_STEPS = 100;
/** Tool calls in the one reply of S3. */
export const PARALLEL_CALLS = 8;
/** Milliseconds each S3 tool sleeps. */
export const PARALLEL_SLEEP_MS = 50;
/** Prior messages of the long-history arm of S4. */
export const LONG_HISTORY_MESSAGES = 2000;
/** Tool steps of each S4 turn (plus the final reply). */
export const HISTORY_STEPS = 5;
/** Agents created per S5 round. */
export const HEAP_INSTANCES = 1000;

/** S1, S2 and S4: `steps` replies of one no-op call each, after `historySize` prior messages. */
export function stepSetup(label: string, steps: number, stream: boolean, historySize: number): LoopSetup {
  const functions = new Map<string, RawToolFunction>([['noop', rawNoop]]);
  return {
    label,
    script: { kind: 'steps', steps },
    stream,
    createTools: () => [noopTool()],
    functions,
    history: seedHistory(historySize),
    parallel: false,
  };
}

/** S3: one reply with eight read-only probes sleeping 50 ms each; the raw loop uses Promise.all. */
export function parallelSetup(): LoopSetup {
  const functions = new Map<string, RawToolFunction>();
  for (let index = 0; index < PARALLEL_CALLS; index++) functions.set(`probe_${index}`, rawProbe);
  return {
    label: 'S3',
    script: { kind: 'parallel', calls: PARALLEL_CALLS, sleepMs: PARALLEL_SLEEP_MS },
    stream: false,
    createTools: () => Array.from({ length: PARALLEL_CALLS }, (_, index) => probeTool(index)),
    functions,
    history: [],
    parallel: true,
  };
}

