// Where the extra CPU of our loop goes, for S1 (JSON) or S2 (SSE): the same turn as the benchmark,
// with the client-process CPU split into the loop, our OpenAIChatClient and the openai SDK call.
//   node --expose-gc --import tsx src/split-cost.ts <s1|s2> [rounds]
// A diagnostic, not part of `pnpm bench`: it wraps the SDK's create() to time it.
import { Agentao, type LLMClient, OpenAIChatClient } from '@agentao/core';
import { OpenAI } from 'openai';
import { BENCH_MODEL, BENCH_USER_MESSAGE, benchWorkingDirectory, captureRequestPrefix, type LoopSetup, type RequestPrefix } from './loop-scenarios';
import { MockServerProcess } from './mock-server-process';
import { runRawLoop } from './raw-loop';
import { SEQUENTIAL_STEPS, stepSetup } from './scenario-setups';
import { summarize } from './stats';

type CreateFn = (...args: unknown[]) => Promise<unknown>;
interface HasCompletions {
  chat: { completions: { create: CreateFn } };
}

const cpuMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** Adds the CPU spent inside `sdk.chat.completions.create` (and, for a stream, inside each chunk read) to `meter.ms`. */
function meterCreate(sdk: HasCompletions, meter: { ms: number }): void {
  const create = sdk.chat.completions.create.bind(sdk.chat.completions);
  sdk.chat.completions.create = async (...args) => {
    const started = cpuMs();
    const result = await create(...args);
    meter.ms += cpuMs() - started;
    const iterable = result as Partial<AsyncIterable<unknown>> | null;
    const iterate = iterable?.[Symbol.asyncIterator]?.bind(iterable);
    if (iterate === undefined) return result;
    (result as AsyncIterable<unknown>)[Symbol.asyncIterator] = () => {
      const iterator = iterate();
      return {
        next: async () => {
          const before = cpuMs();
          try {
            return await iterator.next();
          } finally {
            meter.ms += cpuMs() - before;
          }
        },
        return: iterator.return?.bind(iterator),
      } as AsyncIterator<unknown>;
    };
    return result;
  };
}

async function oursRound(setup: LoopSetup, baseURL: string): Promise<{ total: number; client: number; sdk: number }> {
  const inner = new OpenAIChatClient({ model: BENCH_MODEL, apiKey: 'bench-key', baseURL, stream: setup.stream });
  await inner.complete({ messages: [{ role: 'user', content: 'Warm up.' }], tools: [], signal: new AbortController().signal });
  // The client creates its SDK instance lazily and keeps it in a private field; the warm-up made it.
  const sdk = await (inner as unknown as { sdk: Promise<HasCompletions> }).sdk;
  const sdkMeter = { ms: 0 };
  meterCreate(sdk, sdkMeter);
  let inComplete = 0;
  const llm: LLMClient = {
    model: inner.model,
    complete: async (request) => {
      const started = cpuMs();
      try {
        return await inner.complete(request);
      } finally {
        inComplete += cpuMs() - started;
      }
    },
  };
  const agent = new Agentao({ workingDirectory: benchWorkingDirectory(), llm, extraTools: setup.createTools(), maxIterations: 10_000 });
  const started = cpuMs();
  await agent.chat(BENCH_USER_MESSAGE);
  const total = cpuMs() - started;
  await agent.close();
  return { total, client: inComplete - sdkMeter.ms, sdk: sdkMeter.ms };
}

async function rawRound(setup: LoopSetup, prefix: RequestPrefix, baseURL: string): Promise<{ total: number; sdk: number }> {
  const client = new OpenAI({ apiKey: 'bench-key', baseURL });
  await runRawLoop({ client, model: BENCH_MODEL, messages: [{ role: 'user', content: 'Warm up.' }], tools: [], functions: new Map(), stream: setup.stream, parallel: false, maxSteps: 1 });
  const sdkMeter = { ms: 0 };
  meterCreate(client as unknown as HasCompletions, sdkMeter);
  const messages = [
    { role: 'system', content: prefix.systemPrompt },
    { role: 'user', content: prefix.userContent },
  ] as OpenAI.Chat.ChatCompletionMessageParam[];
  const started = cpuMs();
  await runRawLoop({ client, model: BENCH_MODEL, messages, tools: prefix.tools, functions: setup.functions, stream: setup.stream, parallel: false, maxSteps: 10_000 });
  return { total: cpuMs() - started, sdk: sdkMeter.ms };
}

const [scenario = 's1', roundsArg = '40'] = process.argv.slice(2);
const setup = stepSetup(scenario.toUpperCase(), SEQUENTIAL_STEPS, scenario === 's2', 0);
const prefix = await captureRequestPrefix(setup);
const server = await MockServerProcess.start();
const ours = { total: [] as number[], loop: [] as number[], client: [] as number[], sdk: [] as number[] };
const raw = { total: [] as number[], loop: [] as number[], sdk: [] as number[] };
try {
  for (let round = 0; round < Number(roundsArg); round++) {
    // The order flips every round, as in the benchmark, so running first or second favours neither loop.
    const runOurs = async (): Promise<Awaited<ReturnType<typeof oursRound>>> => {
      const opened = await server.open(setup.script);
      try {
        return await oursRound(setup, opened.baseURL);
      } finally {
        await server.close(opened);
      }
    };
    const runRaw = async (): Promise<Awaited<ReturnType<typeof rawRound>>> => {
      const opened = await server.open(setup.script);
      try {
        return await rawRound(setup, prefix, opened.baseURL);
      } finally {
        await server.close(opened);
      }
    };
    let o: Awaited<ReturnType<typeof oursRound>>;
    let r: Awaited<ReturnType<typeof rawRound>>;
    if (round % 2 === 0) {
      o = await runOurs();
      r = await runRaw();
    } else {
      r = await runRaw();
      o = await runOurs();
    }
    ours.total.push(o.total);
    ours.loop.push(o.total - o.client - o.sdk);
    ours.client.push(o.client);
    ours.sdk.push(o.sdk);
    raw.total.push(r.total);
    raw.loop.push(r.total - r.sdk);
    raw.sdk.push(r.sdk);
  }
} finally {
  await server.stop();
}
const ms = (values: number[]): string => summarize(values).median.toFixed(1);
console.log(`${setup.label}, ${roundsArg} rounds, client-process CPU ms per ${SEQUENTIAL_STEPS}-step turn (medians):`);
console.log(`  ours: total ${ms(ours.total)} = loop ${ms(ours.loop)} + OpenAIChatClient ${ms(ours.client)} + SDK create ${ms(ours.sdk)}`);
console.log(`  raw:  total ${ms(raw.total)} = loop ${ms(raw.loop)} + SDK create ${ms(raw.sdk)}`);
