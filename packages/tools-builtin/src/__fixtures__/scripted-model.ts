import { type LLMClient, type LLMResponse } from '@agentao/core';

/** One tool call of a scripted model step. */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/**
 * A model that answers each request with the next step's tool calls, then says 'done', then fails
 * ("the script ran out of replies"). The agent-level tests of ask_user, todo_write and the plugin each
 * had their own copy of this fake; one keeps the reply shape the same everywhere.
 */
export function scriptedModel(steps: readonly (readonly ScriptedCall[])[]): LLMClient {
  const replies: LLMResponse[] = steps.map((calls) => ({
    content: null,
    toolCalls: calls.map(({ id, name, args }) => ({ id, type: 'function', function: { name, arguments: JSON.stringify(args) } })),
    reasoningContent: null,
    finishReason: 'tool_calls',
    usage: null,
  }));
  replies.push({ content: 'done', toolCalls: [], reasoningContent: null, finishReason: 'stop', usage: null });
  let next = 0;
  return {
    model: 'fake',
    complete: async () => {
      const reply = replies[next++];
      if (reply === undefined) throw new Error('the script ran out of replies');
      return reply;
    },
  };
}
