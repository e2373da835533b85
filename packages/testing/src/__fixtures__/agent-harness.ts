import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Agentao,
  type AgentaoOptions,
  type AgentEvent,
  type ChatMessage,
  defineTool,
  type Logger,
  SdkTransport,
  type SdkTransportCallbacks,
  type Tool,
} from '@agentao/core';
import { ScriptedLLM } from '../scripted-llm';
import { type ScriptedReply } from '../scripted-reply';

/** A fresh temp directory. */
export const tempDir = (prefix = 'agentao-loop-'): string => mkdtempSync(join(tmpdir(), prefix));

/** A logger that keeps every line. */
export function memoryLogger(): Logger & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (message: string) => void lines.push({ level, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** An agent on a ScriptedLLM with every event recorded. */
export function scriptedAgent(
  replies: ScriptedReply[],
  options: Partial<AgentaoOptions> & { callbacks?: SdkTransportCallbacks } = {},
): { agent: Agentao; llm: ScriptedLLM; events: AgentEvent[]; logger: ReturnType<typeof memoryLogger> } {
  const llm = new ScriptedLLM(replies);
  const events: AgentEvent[] = [];
  const logger = memoryLogger();
  const { callbacks, ...rest } = options;
  const transport = new SdkTransport({ ...callbacks, onEvent: (event) => void events.push(event) });
  const agent = new Agentao({ workingDirectory: tempDir(), llm, transport, logger, ...rest });
  return { agent, llm, events, logger };
}

/** A read-only tool that records its calls and returns `result`. */
export function probeTool(
  name: string,
  result: (args: Record<string, unknown>) => unknown = (args) => `ok ${JSON.stringify(args)}`,
  flags: { isReadOnly?: boolean; requiresConfirmation?: boolean } = { isReadOnly: true },
): Tool & { calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  const tool = defineTool({
    name,
    description: `Probe tool ${name}.`,
    parameters: { type: 'object', properties: { n: { type: 'integer' }, q: { type: 'string' } } },
    ...flags,
    execute: (args) => {
      calls.push(args);
      return result(args) as string;
    },
  });
  return Object.assign(tool, { calls });
}

/**
 * Checks the Chat Completions history invariants a strict provider enforces: roles and shapes, every
 * tool_call_id answered exactly once, in order, right after its assistant message, names matching,
 * ids unique per message, arguments JSON objects, no lone surrogates.
 */
export function assertStrictHistory(messages: readonly ChatMessage[]): void {
  const fail = (index: number, why: string): never => {
    throw new Error(`history[${index}]: ${why}`);
  };
  let pending: { id: string; name: string }[] = [];
  messages.forEach((message, index) => {
    if (message.role === 'tool') {
      const expected = pending.shift() ?? fail(index, `tool message ${message.tool_call_id} answers no open call`);
      if (Object.keys(message).sort().join() !== 'content,name,role,tool_call_id') fail(index, 'tool message keys');
      if (message.tool_call_id !== expected.id) fail(index, `expected answer to ${expected.id}, got ${message.tool_call_id}`);
      if (message.name !== expected.name) fail(index, `name ${message.name} != ${expected.name}`);
      if (typeof message.content !== 'string' || !wellFormed(message.content)) fail(index, 'tool content');
      return;
    }
    if (pending.length > 0) fail(index, `calls left unanswered: ${pending.map((call) => call.id).join(', ')}`);
    if (message.role === 'user') {
      if (typeof message.content !== 'string' || !wellFormed(message.content)) fail(index, 'user content');
      return;
    }
    if (message.role !== 'assistant') fail(index, 'unknown role');
    if (message.content !== null && (typeof message.content !== 'string' || !wellFormed(message.content))) fail(index, 'assistant content');
    const ids = new Set<string>();
    for (const call of message.tool_calls ?? []) {
      if (call.type !== 'function') fail(index, 'call type');
      if (typeof call.id !== 'string' || call.id.trim() === '' || ids.has(call.id)) fail(index, `bad or duplicate id ${call.id}`);
      ids.add(call.id);
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(call.function.name)) fail(index, `bad name ${call.function.name}`);
      if (!wellFormed(call.function.arguments) || !wellFormed(call.function.name)) fail(index, 'ill-formed call text');
      const parsed: unknown = JSON.parse(call.function.arguments);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) fail(index, 'arguments not an object');
      pending.push({ id: call.id, name: call.function.name });
    }
  });
  if (pending.length > 0) fail(messages.length, `calls left unanswered at the end: ${pending.map((call) => call.id).join(', ')}`);
  pending = [];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text has no lone UTF-16 surrogate. */
export const wellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** The event types in order, without `llm_text` chunks. */
export const eventTypes = (events: readonly AgentEvent[]): string[] =>
  events.map((event) => event.type).filter((type) => type !== 'llm_text');
