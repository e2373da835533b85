import { getEventListeners } from 'node:events';
import { Agentao, type AgentEvent, defineTool, OpenAIChatClient } from '@agentao/core';
import { afterEach, describe, expect, it } from 'vitest';
import { assertStrictHistory, probeTool, tempDir } from './__fixtures__/agent-harness';
import { reply } from './reply';
import { type ScriptedReply } from './scripted-reply';
import { type MockOpenAI, startMockOpenAI } from './start-mock-openai';
import { toolCall } from './tool-call';

let mock: MockOpenAI | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

async function agentOverHttp(script: ScriptedReply[], options: { stream?: boolean; maxRetries?: number; tools?: ReturnType<typeof probeTool>[] } = {}) {
  mock = await startMockOpenAI(script);
  const llm = new OpenAIChatClient({ model: 'mock-model', apiKey: 'sk-test', baseURL: mock.baseURL, stream: options.stream ?? true, maxRetries: options.maxRetries ?? 0 });
  const events: AgentEvent[] = [];
  const agent = new Agentao({
    workingDirectory: tempDir(),
    llm,
    extraTools: options.tools ?? [probeTool('lookup')],
    transport: { emit: (event) => void events.push(event), confirmTool: () => true, askUser: () => '' },
  });
  return { agent, events, mock };
}

describe('the agent over the real openai client and a real HTTP server', () => {
  it.each([true, false])('leaves no abort listener behind on a signal shared by many requests (stream: %s)', async (stream) => {
    mock = await startMockOpenAI(Array.from({ length: 15 }, (_, i) => reply(`answer ${i}`)));
    const llm = new OpenAIChatClient({ model: 'mock-model', apiKey: 'sk-test', baseURL: mock.baseURL, stream, maxRetries: 0 });
    const controller = new AbortController();
    for (let i = 0; i < 15; i += 1) {
      await llm.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [], signal: controller.signal });
    }
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it.each([true, false])('runs a three-step tool loop (stream: %s)', async (stream) => {
    const lookup = probeTool('lookup');
    const { agent, mock: server } = await agentOverHttp(
      [
        reply('', { toolCalls: [toolCall('lookup', { q: 'first' })] }),
        reply('one more', { toolCalls: [toolCall('lookup', { q: 'second' })] }),
        reply('Found both.'),
      ],
      { stream, tools: [lookup] },
    );
    await expect(agent.chat('look things up')).resolves.toBe('Found both.');
    expect(lookup.calls).toEqual([{ q: 'first' }, { q: 'second' }]);
    assertStrictHistory(agent.messages);
    expect(server.requests).toHaveLength(3);
    const body = server.requests[2]?.body as { stream: boolean; messages: { role: string }[]; tools: unknown[] };
    expect(body.stream).toBe(stream);
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool']);
    expect(body.tools).toHaveLength(1);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer sk-test');
  });

  it('reassembles tool-call arguments split across many SSE chunks byte-exact', async () => {
    const payload = { text: 'naïve café — 😀 "quoted" \\ back', list: Array.from({ length: 40 }, (_, i) => `item-${i}`) };
    const raw = JSON.stringify(payload);
    const echo = probeTool('lookup', (args) => JSON.stringify(args));
    const { agent, events } = await agentOverHttp([reply('', { toolCalls: [toolCall('lookup', raw, 'call_big')] }), reply('ok')], { tools: [echo] });
    await agent.chat('go');
    expect(echo.calls).toEqual([payload]);
    const assistant = agent.messages[1] as { tool_calls: { id: string; function: { arguments: string } }[] };
    expect(assistant.tool_calls[0]?.function.arguments).toBe(raw);
    expect(assistant.tool_calls[0]?.id).toBe('call_big');
    expect(events.find((e) => e.type === 'llm_call_completed')).toMatchObject({ status: 'ok', finishReason: 'tool_calls', finishReasonReported: true });
  });

  it('retries a 500 through the SDK and then succeeds', async () => {
    const { agent, mock: server } = await agentOverHttp([{ http: { status: 500 } }, reply('recovered')], { maxRetries: 2 });
    await expect(agent.chat('q')).resolves.toBe('recovered');
    expect(server.requests).toHaveLength(2);
    expect(agent.lastTurn?.isAnswer).toBe(true);
  });

  it('a persistent 500 ends the turn as llm_error and chat() resolves', async () => {
    const { agent } = await agentOverHttp([{ http: { status: 500 } }, { http: { status: 500 } }], { maxRetries: 1 });
    const text = await agent.chat('q');
    expect(text).toMatch(/^\[LLM API error: 500 /);
    expect(agent.lastTurn).toMatchObject({ status: 'ok', incompleteReason: 'llm_error', isAnswer: false });
    assertStrictHistory(agent.messages);
  });

  it('a stream cut mid-way ends the turn as llm_error with a clear message', async () => {
    const { agent } = await agentOverHttp([reply('this answer will be cut off somewhere in the middle', { cutAfterChunks: 2 })]);
    const text = await agent.chat('q');
    expect(text).toMatch(/^\[LLM API error: .+\]$/);
    expect(agent.lastTurn?.incompleteReason).toBe('llm_error');
  });

  it('a reply without finish_reason is kept and flagged', async () => {
    const { agent, events } = await agentOverHttp([reply('answer', { finishReason: null })]);
    await expect(agent.chat('q')).resolves.toBe('answer');
    expect(agent.lastTurn).toMatchObject({ finishReasonMissing: true, isAnswer: true });
    expect(events.find((e) => e.type === 'llm_call_completed')).toMatchObject({ finishReason: null, finishReasonReported: false });
  });

  it('an abort in the middle of a streamed reply leaves a consistent history and status cancelled', async () => {
    const controller = new AbortController();
    const slowTool = defineTool({
      name: 'lookup',
      description: 'x',
      parameters: { type: 'object' },
      isReadOnly: true,
      execute: () => 'ok',
    });
    const { agent, events } = await agentOverHttp(
      [
        reply('', { toolCalls: [toolCall('lookup', {})] }),
        reply('a long streamed answer that the user interrupts before it is complete', { chunkDelayMs: 40 }),
      ],
      { tools: [slowTool as ReturnType<typeof probeTool>] },
    );
    const turn = agent.chat('go', { signal: controller.signal });
    const firstText = new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (events.filter((e) => e.type === 'llm_text').length > 0) {
          clearInterval(timer);
          resolve();
        }
      }, 5);
    });
    await firstText;
    controller.abort('user pressed Ctrl-C');
    await expect(turn).resolves.toBe('[Cancelled: user pressed Ctrl-C]');
    expect(agent.lastTurn).toMatchObject({ status: 'cancelled', error: 'user pressed Ctrl-C' });
    assertStrictHistory(agent.messages);
    expect(agent.messages.at(-1)).toEqual({ role: 'assistant', content: '[Cancelled: user pressed Ctrl-C]' });
    expect(events.filter((e) => e.type === 'llm_call_completed').at(-1)).toMatchObject({ status: 'cancelled' });
  });
});
