import { afterEach, describe, expect, it } from 'vitest';
import { splitText } from './mock-openai-chunks';
import { reply } from './reply';
import { type MockOpenAI, startMockOpenAI } from './start-mock-openai';
import { toolCall } from './tool-call';

let mock: MockOpenAI | null = null;
afterEach(async () => {
  await mock?.close();
  mock = null;
});

async function post(body: unknown, path = '/chat/completions'): Promise<Response> {
  return fetch(`${mock!.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-raw', 'X-Custom-Header': 'Yes' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Parses an SSE body into its `data:` payloads. */
function sseData(text: string): string[] {
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => block.slice('data: '.length));
}

describe('startMockOpenAI', () => {
  it('listens on 127.0.0.1 and records parsed bodies with lower-cased headers', async () => {
    mock = await startMockOpenAI([reply('hi')]);
    expect(mock.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const res = await post({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(res.status).toBe(200);
    expect(mock.requests).toHaveLength(1);
    expect(mock.requests[0]!.body).toEqual({ model: 'm', messages: [{ role: 'user', content: 'x' }] });
    expect(mock.requests[0]!.headers['x-custom-header']).toBe('Yes');
    expect(mock.requests[0]!.headers.authorization).toBe('Bearer sk-raw');
  });

  it('answers stream: false with a chat.completion object', async () => {
    mock = await startMockOpenAI([
      { text: 'Hello', reasoning: 'think', toolCalls: [toolCall('read_file', { p: 1 }, 'call_1')], usage: { promptTokens: 7, completionTokens: 3 } },
    ]);
    const body = (await (await post({ model: 'gpt-x', messages: [], stream: false })).json()) as any;
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-x',
      choices: [
        {
          index: 0,
          logprobs: null,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: 'Hello',
            reasoning_content: 'think',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"p":1}' } }],
          },
        },
      ],
      usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10 },
    });
    expect(typeof body.id).toBe('string');
    expect(typeof body.created).toBe('number');
  });

  it('streams role, split content, split tool-call deltas, finish, usage and [DONE] over SSE', async () => {
    const args = JSON.stringify({ path: 'docs/naïve 文件 🚀.md', content: 'line1\nline2 "quoted" \\ end' });
    mock = await startMockOpenAI([
      { text: 'The quick brown fox jumps over the lazy dog', toolCalls: [toolCall('write_file', args, 'call_w')] },
    ]);
    const res = await post({ model: 'gpt-x', messages: [], stream: true, stream_options: { include_usage: true } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const data = sseData(await res.text());
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ object: 'chat.completion.chunk', model: 'gpt-x' });
      expect(typeof chunk.id).toBe('string');
      expect(typeof chunk.created).toBe('number');
    }
    const withChoices = chunks.filter((c) => c.choices.length > 0);
    for (const c of withChoices) expect(c.choices[0]).toMatchObject({ index: 0, logprobs: null });
    expect(withChoices[0].choices[0].delta.role).toBe('assistant');

    const contentPieces = withChoices.map((c) => c.choices[0].delta.content).filter((t) => typeof t === 'string' && t !== '');
    expect(contentPieces.length).toBeGreaterThanOrEqual(3);
    expect(contentPieces.join('')).toBe('The quick brown fox jumps over the lazy dog');

    const callDeltas = withChoices.flatMap((c) => c.choices[0].delta.tool_calls ?? []);
    expect(callDeltas[0]).toEqual({ index: 0, id: 'call_w', type: 'function', function: { name: 'write_file', arguments: '' } });
    const fragments = callDeltas.slice(1).map((d: any) => d.function.arguments);
    expect(fragments.length).toBeGreaterThanOrEqual(5);
    expect(fragments.join('')).toBe(args);
    for (const d of callDeltas.slice(1)) expect(d).not.toHaveProperty('id');

    const finishes = withChoices.map((c) => c.choices[0].finish_reason).filter((f) => f !== null);
    expect(finishes).toEqual(['tool_calls']);
    expect(withChoices.at(-1).choices[0].finish_reason).toBe('tool_calls');
    const last = chunks.at(-1);
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
  });

  it('sends no usage chunk without stream_options.include_usage, and no finish_reason when scripted null', async () => {
    mock = await startMockOpenAI([reply('abc def', { finishReason: null })]);
    const data = sseData(await (await post({ model: 'm', messages: [], stream: true })).text());
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks.every((c) => c.choices.length === 1 && c.choices[0].finish_reason === null)).toBe(true);
    expect(chunks.some((c) => 'usage' in c)).toBe(false);
  });

  it('answers an http step with its status, an OpenAI-shaped error body and retry-after-ms', async () => {
    mock = await startMockOpenAI([{ http: { status: 503 } }, { http: { status: 400, body: { error: { message: 'bad' } } } }]);
    const first = await post({ model: 'm', messages: [] });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after-ms')).toBe('1');
    expect(await first.json()).toEqual({
      error: { message: 'Scripted HTTP 503 error', type: 'server_error', param: null, code: null },
    });
    const second = await post({ model: 'm', messages: [] });
    expect(second.status).toBe(400);
    expect(await second.json()).toEqual({ error: { message: 'bad' } });
  });

  it('answers HTTP 500 saying how many replies were scripted once the script runs out', async () => {
    mock = await startMockOpenAI([reply('one')]);
    await post({ model: 'm', messages: [] });
    const res = await post({ model: 'm', messages: [] });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-should-retry')).toBe('false');
    const body = (await res.json()) as any;
    expect(body.error.message).toBe('startMockOpenAI: request #2 has no scripted reply (1 reply was scripted)');
  });

  it('answers a function step from the request body, and a throwing one with a non-retryable 500', async () => {
    mock = await startMockOpenAI([
      (req) => reply(`last tool said ${String(req.messages.findLast((m) => m.role === 'tool')?.content)}`),
      () => {
        throw new Error('unexpected history');
      },
      reply('after'),
    ]);
    const messages = [{ role: 'user', content: 'go' }, { role: 'tool', tool_call_id: 'c1', content: 'declined' }];
    const first = (await (await post({ model: 'm', messages })).json()) as any;
    expect(first.choices[0].message.content).toBe('last tool said declined');
    const second = await post({ model: 'm', messages: [] });
    expect(second.status).toBe(500);
    expect(second.headers.get('x-should-retry')).toBe('false');
    expect(((await second.json()) as any).error.message).toBe('startMockOpenAI: script step 2 threw: unexpected history');
    expect(((await (await post({ model: 'm', messages: [] })).json()) as any).choices[0].message.content).toBe('after');
  });

  it('destroys the connection after cutAfterChunks chunks', async () => {
    mock = await startMockOpenAI([reply('a long enough reply to be split', { cutAfterChunks: 2 })]);
    const res = await post({ model: 'm', messages: [], stream: true });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('rejects a body that is not JSON with 400 without consuming a step', async () => {
    mock = await startMockOpenAI([reply('kept')]);
    const bad = await post('{not json');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.type).toBe('invalid_request_error');
    const good = (await (await post({ model: 'm', messages: [] })).json()) as any;
    expect(good.choices[0].message.content).toBe('kept');
    expect(mock.requests).toHaveLength(1);
  });

  it('lists models and answers unknown paths with 404', async () => {
    mock = await startMockOpenAI([]);
    const models = (await (await fetch(`${mock.baseURL}/models`)).json()) as any;
    expect(models.object).toBe('list');
    expect(models.data[0]).toMatchObject({ id: 'mock-model', object: 'model' });
    expect((await fetch(`${mock.baseURL}/nope`)).status).toBe(404);
  });

  it('waits delayMs before answering', async () => {
    mock = await startMockOpenAI([reply('late', { delayMs: 300 })]);
    const started = Date.now();
    await (await post({ model: 'm', messages: [] })).json();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('close() ends a stream that is still open', async () => {
    mock = await startMockOpenAI([reply('one two three four five six', { chunkDelayMs: 60_000 })]);
    const res = await post({ model: 'm', messages: [], stream: true });
    const reading = res.text();
    await mock.close();
    mock = null;
    await expect(reading).rejects.toThrow();
  });
});

describe('splitText', () => {
  it('splits into at least the minimum number of pieces, never inside a surrogate pair', () => {
    const text = '🚀🎉👩ab日本';
    const pieces = splitText(text, 5);
    expect(pieces.length).toBeGreaterThanOrEqual(5);
    expect(pieces.join('')).toBe(text);
    // No piece may start with a low surrogate (which would mean a pair was cut).
    for (const piece of pieces) expect(/^[\uDC00-\uDFFF]/.test(piece)).toBe(false);
    expect(splitText('ab', 5)).toEqual(['a', 'b']);
    expect(splitText('', 5)).toEqual([]);
    expect(splitText('x'.repeat(160), 3)).toHaveLength(10);
  });
});
