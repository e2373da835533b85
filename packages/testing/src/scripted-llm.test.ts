import { AgentaoError, type LLMRequest, type RequestMessage } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { reply } from './reply';
import { ScriptedLLM } from './scripted-llm';
import { toolCall } from './tool-call';

function request(messages: RequestMessage[], extra: Partial<LLMRequest> = {}): LLMRequest {
  return { messages, tools: [], signal: new AbortController().signal, ...extra };
}

const SYSTEM: RequestMessage = { role: 'system', content: 'sys' };

describe('reply() and toolCall()', () => {
  it('reply() puts the text first-class and keeps the extras', () => {
    expect(reply('hi')).toEqual({ text: 'hi' });
    expect(reply('', { finishReason: null, delayMs: 5 })).toEqual({ text: '', finishReason: null, delayMs: 5 });
  });

  it('toolCall() JSON-encodes objects, keeps strings verbatim and ids verbatim (even empty)', () => {
    expect(toolCall('read_file', { file_path: 'a.txt', n: 1 }, 'call_x')).toEqual({
      id: 'call_x',
      name: 'read_file',
      arguments: '{"file_path":"a.txt","n":1}',
    });
    expect(toolCall('read_file', '{"broken": ', '')).toEqual({ id: '', name: 'read_file', arguments: '{"broken": ' });
  });

  it('toolCall() mints a fresh call_ id when none is given', () => {
    const a = toolCall('x', {});
    const b = toolCall('x', {});
    expect(a.id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(a.id).not.toBe(b.id);
  });
});

describe('ScriptedLLM', () => {
  it('answers replies in order with assembled OpenAI-shape tool calls and default finish reasons', async () => {
    const llm = new ScriptedLLM([
      { toolCalls: [toolCall('read_file', { file_path: 'a' }, 'call_1')] },
      reply('Done.', { reasoning: 'why', usage: { promptTokens: 3, completionTokens: 2 } }),
    ]);
    const first = await llm.complete(request([SYSTEM, { role: 'user', content: 'go' }]));
    expect(first).toEqual({
      content: null,
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"file_path":"a"}' } }],
      reasoningContent: null,
      finishReason: 'tool_calls',
      usage: null,
    });
    const second = await llm.complete(request([SYSTEM]));
    expect(second).toEqual({
      content: 'Done.',
      toolCalls: [],
      reasoningContent: 'why',
      finishReason: 'stop',
      usage: { promptTokens: 3, completionTokens: 2 },
    });
    expect(llm.model).toBe('scripted-llm');
  });

  it('calls a function step with the request it answers and uses the reply it returns', async () => {
    const seen: unknown[] = [];
    const llm = new ScriptedLLM([
      (req) => {
        seen.push(req.messages.at(-1));
        return reply(`you said ${String(req.messages.at(-1)?.content)}`);
      },
      () => {
        throw new Error('no branch for this history');
      },
    ]);
    await expect(llm.complete(request([SYSTEM, { role: 'user', content: 'ping' }]))).resolves.toMatchObject({ content: 'you said ping' });
    expect(seen).toEqual([{ role: 'user', content: 'ping' }]);
    await expect(llm.complete(request([SYSTEM]))).rejects.toThrow('no branch for this history');
  });

  it('reports finishReason exactly as scripted, null included', async () => {
    const llm = new ScriptedLLM([reply('x', { finishReason: null }), reply('y', { finishReason: 'length' })]);
    expect((await llm.complete(request([SYSTEM]))).finishReason).toBeNull();
    expect((await llm.complete(request([SYSTEM]))).finishReason).toBe('length');
  });

  it('records every request deep-copied, system prompt first, tools included', async () => {
    const llm = new ScriptedLLM([reply('a')]);
    const messages: RequestMessage[] = [SYSTEM, { role: 'user', content: 'hello' }];
    const tools = [{ type: 'function' as const, function: { name: 't', description: 'd', parameters: { type: 'object' } } }];
    await llm.complete(request(messages, { tools }));
    messages.push({ role: 'user', content: 'mutated later' });
    tools[0]!.function.name = 'changed';
    expect(llm.calls).toEqual([
      {
        messages: [SYSTEM, { role: 'user', content: 'hello' }],
        tools: [{ type: 'function', function: { name: 't', description: 'd', parameters: { type: 'object' } } }],
      },
    ]);
  });

  it('calls onTextChunk with the text, and not for an empty reply', async () => {
    const llm = new ScriptedLLM([reply('streamed text'), reply('')]);
    const chunks: string[] = [];
    await llm.complete(request([SYSTEM], { onTextChunk: (c) => chunks.push(c) }));
    const empty = await llm.complete(request([SYSTEM], { onTextChunk: (c) => chunks.push(c) }));
    expect(chunks).toEqual(['streamed text']);
    expect(empty.content).toBeNull();
  });

  it('rejects with a scripted error, and with an error naming the status for an http step', async () => {
    const boom = new Error('provider exploded');
    const llm = new ScriptedLLM([{ error: boom }, { http: { status: 503 } }, reply('after')]);
    await expect(llm.complete(request([SYSTEM]))).rejects.toBe(boom);
    await expect(llm.complete(request([SYSTEM]))).rejects.toThrow(/^503 /);
    expect((await llm.complete(request([SYSTEM]))).content).toBe('after');
    expect(llm.calls).toHaveLength(3);
  });

  it('rejects clearly when the script runs out, saying how many replies were scripted', async () => {
    const llm = new ScriptedLLM([reply('only one')]);
    await llm.complete(request([SYSTEM]));
    const error = await llm.complete(request([SYSTEM])).catch((e: unknown) => e);
    expect(AgentaoError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe('ScriptedLLM: request #2 has no scripted reply (1 reply was scripted)');
    expect(llm.calls).toHaveLength(2);
  });

  it('copies the script, so later edits of the array change nothing', async () => {
    const script = [reply('first')];
    const llm = new ScriptedLLM(script);
    script.length = 0;
    expect((await llm.complete(request([SYSTEM]))).content).toBe('first');
  });

  it('honours delayMs, and an abort during the delay rejects promptly with CANCELLED', async () => {
    const llm = new ScriptedLLM([reply('slow', { delayMs: 200 }), reply('never', { delayMs: 60_000 })]);
    const started = Date.now();
    await llm.complete(request([SYSTEM]));
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);

    const controller = new AbortController();
    const chunks: string[] = [];
    const pending = llm.complete(request([SYSTEM], { signal: controller.signal, onTextChunk: (c) => chunks.push(c) }));
    setTimeout(() => controller.abort(), 50);
    const abortStart = Date.now();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(Date.now() - abortStart).toBeLessThan(5_000);
    expect(chunks).toEqual([]);
  });

  it('rejects at once for an already-aborted signal', async () => {
    const llm = new ScriptedLLM([reply('x')]);
    await expect(llm.complete(request([SYSTEM], { signal: AbortSignal.abort() }))).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('rejects a cutAfterChunks step, as a broken stream would', async () => {
    const llm = new ScriptedLLM([reply('partial', { cutAfterChunks: 1 })]);
    await expect(llm.complete(request([SYSTEM]))).rejects.toThrow(/stream cut after 1 chunks/);
  });
});
