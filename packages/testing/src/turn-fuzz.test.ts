import { Agentao, defineTool, parseToolArguments, sanitizeSurrogates, type Tool } from '@agentao/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertStrictHistory, tempDir } from './__fixtures__/agent-harness';
import { ScriptedLLM } from './scripted-llm';
import { type ScriptedReply, type ScriptedToolCall } from './scripted-reply';

const REGISTERED = ['get_orders', 'read_file', 'runShell', 'HTTPGet'];

const LONE = ['\uD800', '\uDFFF', '\uDBFF'];

const nameArb = fc.oneof(
  fc.constantFrom(...REGISTERED),
  fc.constantFrom('GetOrders', 'get-orders', 'GET_ORDERS', 'getOrdersTool', ' read_file ', 'ReadFile', 'run_shell', 'http_get', 'HttpGetTool'),
  fc.constantFrom('', '   ', 'terminall', 'read_fil', 'unknown', 'mcp_x', 'agent_x', 'a'.repeat(80), 'get orders'),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...LONE).map((lone) => `get_orders${lone}`),
);

const jsonValueArb = fc.jsonValue({ maxDepth: 3 });

const argumentsArb = fc.oneof(
  fc.dictionary(fc.string({ maxLength: 6 }), jsonValueArb, { maxKeys: 4 }).map((value) => JSON.stringify(value)),
  fc.dictionary(fc.string({ maxLength: 6 }), jsonValueArb, { maxKeys: 4 }).map((value) => {
    const text = JSON.stringify(value);
    return text.slice(0, Math.max(1, text.length - 1));
  }),
  fc.constantFrom(
    '',
    'null',
    'None',
    '{',
    '{"q": "cut',
    '{"q": 1,}',
    "{'q': 'py', 'flag': True, 'none': None, 'tup': (1, 2,)}",
    '```json\n{"q": "fenced"}\n```',
    '"{\\"double\\": 1}"',
    '[1, 2]',
    '42',
    '{"a": [1, 2',
    '{"ctl": "line\nbreak\ttab"}',
  ),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(...LONE).map((lone) => `{"q": "x${lone}y"}`),
  fc.integer({ min: 1, max: 70_000 }).map((size) => JSON.stringify({ blob: 'x'.repeat(size) })),
);

const idArb = fc.oneof(fc.constantFrom('', '  ', 'dup', 'call_1'), fc.uuid(), fc.constantFrom(...LONE).map((lone) => `id${lone}`));

const callArb: fc.Arbitrary<ScriptedToolCall> = fc.record({ id: idArb, name: nameArb, arguments: argumentsArb });

const replyArb: fc.Arbitrary<ScriptedReply> = fc.record(
  {
    text: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 }), fc.constantFrom(...LONE).map((lone) => `text${lone}`)),
    toolCalls: fc.array(callArb, { maxLength: 6 }),
    finishReason: fc.constantFrom<string | null | undefined>(undefined, 'tool_calls', 'stop', 'length', null, ''),
    reasoning: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 20 })),
  },
  { requiredKeys: ['toolCalls'] },
);

interface Execution {
  callId: string;
  /** Which model reply the call came from (ids may repeat across replies). */
  replyIndex: number;
  args: Record<string, unknown>;
}

function recordingTools(executions: Execution[], llm: ScriptedLLM): Tool[] {
  return REGISTERED.map((name) =>
    defineTool({
      name,
      description: `Fuzz target ${name}.`,
      parameters: { type: 'object' },
      isReadOnly: true,
      execute: (args, ctx) => {
        executions.push({ callId: ctx.toolCallId, replyIndex: llm.calls.length - 1, args: structuredClone(args) });
        return name === 'read_file' ? `content \uD800 with a lone surrogate` : 'ok';
      },
    }),
  );
}

/** Finds the scripted call behind an executed call (normalisation keeps order and count within a reply). */
function scriptedCallFor(agent: Agentao, script: ScriptedReply[], execution: Execution): { call: ScriptedToolCall; step: ScriptedReply } {
  const assistants = agent.messages.filter((message) => message.role === 'assistant' && message.tool_calls !== undefined);
  const recorded = assistants[execution.replyIndex];
  const position = recorded?.role === 'assistant' ? (recorded.tool_calls ?? []).findIndex((call) => call.id === execution.callId) : -1;
  const step = script[execution.replyIndex] as ScriptedReply;
  if (position < 0) throw new Error(`executed call ${execution.callId} is not in reply ${execution.replyIndex}`);
  return { call: (step.toolCalls ?? [])[position] as ScriptedToolCall, step };
}

describe('a full turn survives whatever the model sends', () => {
  it('10,000 random and adversarial replies: no rejection, every call answered once in order, nothing unsafe runs', async () => {
    const workingDirectory = tempDir('agentao-fuzz-');
    await fc.assert(
      fc.asyncProperty(fc.array(replyArb, { minLength: 1, maxLength: 2 }), async (replies) => {
        const script: ScriptedReply[] = [...replies, { text: 'final answer' }];
        const executions: Execution[] = [];
        const llm = new ScriptedLLM(script);
        const agent = new Agentao({ workingDirectory, llm, extraTools: recordingTools(executions, llm) });
        const text = await agent.chat('fuzz');
        expect(typeof text).toBe('string');
        expect(agent.lastTurn?.status).toBe('ok');
        assertStrictHistory(agent.messages);
        for (const execution of executions) {
          const { call, step } = scriptedCallFor(agent, script, execution);
          // A truncated reply never runs, and only arguments that parse without bracket guessing run.
          expect(['length', 'max_tokens', 'model_length']).not.toContain(String(step.finishReason).trim().toLowerCase());
          const parsed = parseToolArguments(sanitizeSurrogates(call.arguments)).args;
          expect(execution.args).toEqual(parsed);
        }
      }),
      { numRuns: 10_000 },
    );
  }, 600_000);
});
