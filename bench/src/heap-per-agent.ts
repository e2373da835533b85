import { performance } from 'node:perf_hooks';
import { Agentao, defineTool, type JsonSchema, type Tool } from '@agentao/core';
import { OpenAI } from 'openai';
import { BENCH_MODEL, benchWorkingDirectory, collectGarbage } from './loop-scenarios';

/** Tools each measured agent carries. */
export const TOOLS_PER_AGENT = 20;

/** Bytes of heap per instance, one sample per round for each variant. */
export interface HeapSamples {
  /** An agent with its own 20 tools (the tools' own objects included). */
  agentWithTools: number[];
  /** The 20 tool instances alone, as the host creates them before handing them to the agent. */
  toolsOnly: number[];
  /** An agent with its own 20 tools whose `parameters` objects are shared by every agent (one compile per schema object). */
  sharedSchemas: number[];
  /** Heap still held per agent after all the agents of a round were dropped (should be about 0). */
  retainedAfterDrop: number[];
  /** The raw loop's per-session state: an OpenAI client, 20 tool definitions and an empty message list. */
  raw: number[];
  /** Milliseconds to construct one agent with its own 20 tools (same rounds as `agentWithTools`). */
  agentConstructMs: number[];
  /** Milliseconds to construct one raw session. */
  rawConstructMs: number[];
}

function schemaFor(index: number): JsonSchema {
  return {
    type: 'object',
    properties: {
      path: { type: 'string', description: `Path the tool number ${index} works on.` },
      limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
      recursive: { type: 'boolean' },
    },
    required: ['path'],
  };
}

const SHARED_SCHEMAS = Array.from({ length: TOOLS_PER_AGENT }, (_, index) => schemaFor(index));

function createTools(shared = false): Tool[] {
  return Array.from({ length: TOOLS_PER_AGENT }, (_, index) =>
    defineTool({
      name: `tool_${index}`,
      description: `Tool number ${index}: reads something under a path and answers a short summary.`,
      parameters: shared ? (SHARED_SCHEMAS[index] as JsonSchema) : schemaFor(index),
      isReadOnly: true,
      execute: () => 'ok',
    }),
  );
}

function createRawSession(): { client: OpenAI; tools: OpenAI.Chat.ChatCompletionTool[]; messages: OpenAI.Chat.ChatCompletionMessageParam[] } {
  const tools = Array.from({ length: TOOLS_PER_AGENT }, (_, index) => ({
    type: 'function' as const,
    function: {
      name: `tool_${index}`,
      description: `Tool number ${index}: reads something under a path and answers a short summary.`,
      parameters: schemaFor(index),
    },
  }));
  return { client: new OpenAI({ apiKey: 'bench-key', baseURL: 'http://127.0.0.1:9/v1' }), tools, messages: [] };
}

function createAgent(sharedSchemas = false): Agentao {
  return new Agentao({
    workingDirectory: benchWorkingDirectory(),
    llm: { model: BENCH_MODEL, apiKey: 'bench-key', baseURL: 'http://127.0.0.1:9/v1' },
    extraTools: createTools(sharedSchemas),
  });
}

/** Heap growth per created-then-dropped value: what outlives its owner. */
function bytesRetainedAfterDrop(create: () => unknown, instances: number): number {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < instances; i++) create();
  collectGarbage();
  return (process.memoryUsage().heapUsed - before) / instances;
}

/** Heap growth per created value, measured between two full collections while all of them are alive; and the time to create one. */
function measureInstances(create: () => unknown, instances: number): { bytes: number; ms: number } {
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  const kept: unknown[] = [];
  const started = performance.now();
  for (let i = 0; i < instances; i++) kept.push(create());
  const ms = (performance.now() - started) / instances;
  collectGarbage();
  const after = process.memoryUsage().heapUsed;
  // Read after the second snapshot so the instances are still reachable when it is taken.
  if (kept.length !== instances) throw new Error('bench: instances lost');
  return { bytes: (after - before) / instances, ms };
}

function bytesPerInstance(create: () => unknown, instances: number): number {
  return measureInstances(create, instances).bytes;
}

/**
 * S5: `rounds` interleaved rounds of `instances` agents (and of the raw equivalents), then one
 * drop-and-collect pass for what outlives the agents. Needs `--expose-gc`.
 */
export function measureHeapPerAgent(instances: number, rounds: number): HeapSamples {
  if (typeof gc !== 'function') throw new Error('S5 needs node --expose-gc');
  const samples: HeapSamples = {
    agentWithTools: [],
    toolsOnly: [],
    sharedSchemas: [],
    retainedAfterDrop: [],
    raw: [],
    agentConstructMs: [],
    rawConstructMs: [],
  };
  // One unrecorded pass of each, so lazily created shared state (compiled code, caches) is not billed per instance.
  bytesPerInstance(() => createAgent(), 20);
  bytesPerInstance(() => createTools(), 20);
  bytesPerInstance(createRawSession, 20);
  bytesPerInstance(() => createAgent(true), 20);
  for (let round = 0; round < rounds; round++) {
    const agents = measureInstances(() => createAgent(), instances);
    samples.agentWithTools.push(agents.bytes);
    samples.agentConstructMs.push(agents.ms);
    samples.toolsOnly.push(bytesPerInstance(() => createTools(), instances));
    samples.sharedSchemas.push(bytesPerInstance(() => createAgent(true), instances));
    const raw = measureInstances(createRawSession, instances);
    samples.raw.push(raw.bytes);
    samples.rawConstructMs.push(raw.ms);
  }
  samples.retainedAfterDrop.push(bytesRetainedAfterDrop(() => createAgent(), instances));
  return samples;
}
