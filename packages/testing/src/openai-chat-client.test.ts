import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { AgentaoError, type LLMRequest, OpenAIChatClient, type OpenAIChatOptions } from '@agentao/core';
import { afterEach, describe, expect, it } from 'vitest';
import { reply } from './reply';
import { type MockOpenAI, startMockOpenAI } from './start-mock-openai';
import { toolCall } from './tool-call';

const execFileAsync = promisify(execFile);

let mock: MockOpenAI | null = null;
afterEach(async () => {
  await mock?.close();
  mock = null;
});

function client(extra: Partial<OpenAIChatOptions> = {}): OpenAIChatClient {
  return new OpenAIChatClient({ model: 'gpt-test', apiKey: 'sk-test', baseURL: mock!.baseURL, ...extra });
}

function request(extra: Partial<LLMRequest> = {}): LLMRequest {
  return {
    messages: [
      { role: 'system', content: 'You are a test.' },
      { role: 'user', content: 'Hi' },
    ],
    tools: [],
    signal: new AbortController().signal,
    ...extra,
  };
}

const TOOL = {
  type: 'function' as const,
  function: { name: 'read_file', description: 'Reads a file.', parameters: { type: 'object', properties: {} } },
};

// Hostile arguments: non-ASCII, emoji (surrogate pairs), escapes, and long enough for many fragments.
const HOSTILE_ARGS = JSON.stringify({
  file_path: 'docs/naïve-café/日本語ファイル 🚀👩‍💻.md',
  content: 'Line 1\nLine 2 with "quotes" and \\backslashes\\ and tabs\there — ✓ 🎉',
});

describe('OpenAIChatClient against startMockOpenAI', () => {
  it('streams a text reply chunk by chunk and sends the documented body', async () => {
    const text = 'Hello there, this reply arrives over several SSE chunks.';
    mock = await startMockOpenAI([reply(text, { usage: { promptTokens: 11, completionTokens: 22 } })]);
    const chunks: string[] = [];
    const res = await client().complete(request({ onTextChunk: (c) => chunks.push(c) }));
    expect(res).toEqual({
      content: text,
      toolCalls: [],
      reasoningContent: null,
      finishReason: 'stop',
      usage: { promptTokens: 11, completionTokens: 22 },
    });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.join('')).toBe(text);
    const { body, headers } = mock.requests[0]!;
    expect(body).toEqual({
      model: 'gpt-test',
      messages: request().messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(body).not.toHaveProperty('tools');
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('max_tokens');
    expect(headers.authorization).toBe('Bearer sk-test');
  });

  it('reads a non-streamed reply from choices[0] and calls onTextChunk once', async () => {
    mock = await startMockOpenAI([reply('Whole reply at once.', { usage: { promptTokens: 5, completionTokens: 4 } })]);
    const chunks: string[] = [];
    const res = await client({ stream: false }).complete(request({ onTextChunk: (c) => chunks.push(c) }));
    expect(chunks).toEqual(['Whole reply at once.']);
    expect(res).toMatchObject({ content: 'Whole reply at once.', finishReason: 'stop', usage: { promptTokens: 5, completionTokens: 4 } });
    expect(mock.requests[0]!.body.stream).toBe(false);
    expect(mock.requests[0]!.body).not.toHaveProperty('stream_options');
  });

  it('reassembles tool calls whose arguments are split over many SSE chunks, byte-exact', async () => {
    const second = JSON.stringify({ pattern: '**/*.ts', note: 'ünïcödé ✨🧪' });
    mock = await startMockOpenAI([
      { toolCalls: [toolCall('write_file', HOSTILE_ARGS, 'call_abc'), toolCall('glob', second, 'call_def')] },
    ]);
    const res = await client().complete(request({ tools: [TOOL] }));
    expect(res.toolCalls).toEqual([
      { id: 'call_abc', type: 'function', function: { name: 'write_file', arguments: HOSTILE_ARGS } },
      { id: 'call_def', type: 'function', function: { name: 'glob', arguments: second } },
    ]);
    expect(res.finishReason).toBe('tool_calls');
    expect(res.content).toBeNull();
    expect(mock.requests[0]!.body.tools).toEqual([TOOL]);
  });

  it('keeps tool calls as sent in a non-streamed reply', async () => {
    mock = await startMockOpenAI([{ text: 'Calling.', toolCalls: [toolCall('write_file', HOSTILE_ARGS, 'call_1')] }]);
    const res = await client({ stream: false }).complete(request({ tools: [TOOL] }));
    expect(res.toolCalls).toEqual([{ id: 'call_1', type: 'function', function: { name: 'write_file', arguments: HOSTILE_ARGS } }]);
    expect(res.content).toBe('Calling.');
  });

  it('retries a 500 through the SDK and succeeds on the next scripted step', async () => {
    mock = await startMockOpenAI([{ http: { status: 500 } }, reply('recovered')]);
    const res = await client({ maxRetries: 2 }).complete(request());
    expect(res.content).toBe('recovered');
    expect(mock.requests).toHaveLength(2);
  });

  it('rejects with the status in the message when the 500 persists past maxRetries', async () => {
    mock = await startMockOpenAI([{ http: { status: 500 } }, { http: { status: 500 } }, reply('never reached')]);
    const error: Error = await client({ maxRetries: 1 }).complete(request()).then(
      () => {
        throw new Error('expected a rejection');
      },
      (e: Error) => e,
    );
    expect(error.message).toContain('500');
    expect(error.message).toContain('Scripted HTTP 500 error');
    expect(mock.requests).toHaveLength(2);
  });

  it('retries a 429 and, with maxRetries 0, surfaces it at once', async () => {
    mock = await startMockOpenAI([{ http: { status: 429 } }, reply('after rate limit'), { http: { status: 429 } }]);
    expect((await client({ maxRetries: 1 }).complete(request())).content).toBe('after rate limit');
    await expect(client({ maxRetries: 0 }).complete(request())).rejects.toThrow(/429/);
    expect(mock.requests).toHaveLength(3);
  });

  it('does not retry a 400 and rejects with its message', async () => {
    mock = await startMockOpenAI([{ http: { status: 400, body: { error: { message: 'tools[0] is invalid', type: 'invalid_request_error', param: 'tools', code: null } } } }, reply('x')]);
    await expect(client({ maxRetries: 3 }).complete(request())).rejects.toThrow(/400 tools\[0\] is invalid/);
    expect(mock.requests).toHaveLength(1);
  });

  it('rejects when the stream is cut mid-way, and does not retry it', async () => {
    mock = await startMockOpenAI([reply('This reply is cut after a couple of chunks.', { cutAfterChunks: 2 }), reply('no')]);
    const chunks: string[] = [];
    await expect(client({ maxRetries: 2 }).complete(request({ onTextChunk: (c) => chunks.push(c) }))).rejects.toThrow(
      /^LLM stream interrupted after 2 chunks: terminated/,
    );
    expect(chunks.join('')).not.toBe('This reply is cut after a couple of chunks.');
    expect(mock.requests).toHaveLength(1);
  });

  it('reports finishReason null when the provider sends none', async () => {
    mock = await startMockOpenAI([reply('No finish reason here.', { finishReason: null })]);
    const res = await client().complete(request());
    expect(res.content).toBe('No finish reason here.');
    expect(res.finishReason).toBeNull();
    mock.requests.length = 0;
  });

  it('passes finish reasons through exactly as reported', async () => {
    mock = await startMockOpenAI([reply('cut', { finishReason: 'length' }), reply('cut', { finishReason: 'length' })]);
    expect((await client().complete(request())).finishReason).toBe('length');
    expect((await client({ stream: false }).complete(request())).finishReason).toBe('length');
  });

  it('rejects promptly with CANCELLED when aborted mid-stream and stops reading', async () => {
    // Chunks 2 s apart: the abort lands between two content chunks, and a late chunk would show up.
    const delay = 2_000;
    mock = await startMockOpenAI([reply('one two three four five six seven eight nine', { chunkDelayMs: delay })]);
    const controller = new AbortController();
    const chunks: string[] = [];
    let abortedAt = 0;
    const pending = client().complete(
      request({
        signal: controller.signal,
        onTextChunk: (c) => {
          chunks.push(c);
          abortedAt = Date.now();
          controller.abort();
        },
      }),
    );
    const error = await pending.catch((e: unknown) => e);
    expect(Date.now() - abortedAt).toBeLessThan(delay * 0.75);
    expect(AgentaoError.isInstance(error) && error.code).toBe('CANCELLED');
    await new Promise((resolve) => setTimeout(resolve, delay * 1.5));
    expect(chunks).toHaveLength(1);
  });

  it('rejects promptly when aborted while waiting for the response', async () => {
    mock = await startMockOpenAI([reply('slow', { delayMs: 20_000 })]);
    const controller = new AbortController();
    const started = Date.now();
    const pending = client({ stream: false }).complete(request({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects at once when the signal is already aborted, without a request', async () => {
    mock = await startMockOpenAI([reply('unused')]);
    await expect(client().complete(request({ signal: AbortSignal.abort() }))).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(mock.requests).toHaveLength(0);
  });

  it('rejects with the error of a throwing onTextChunk and abandons the stream', async () => {
    mock = await startMockOpenAI([reply('alpha beta gamma delta epsilon', { chunkDelayMs: 1_000 })]);
    const hostBug = new Error('host callback failed');
    const started = Date.now();
    await expect(
      client().complete(
        request({
          onTextChunk: () => {
            throw hostBug;
          },
        }),
      ),
    ).rejects.toBe(hostBug);
    // The remaining chunks (1 s apart) were not waited for.
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('does not call onTextChunk for a non-streamed reply without content', async () => {
    mock = await startMockOpenAI([{ toolCalls: [toolCall('glob', {}, 'call_g')] }]);
    const chunks: string[] = [];
    const res = await client({ stream: false }).complete(request({ onTextChunk: (c) => chunks.push(c) }));
    expect(chunks).toEqual([]);
    expect(res.content).toBeNull();
    expect(res.toolCalls[0]!.id).toBe('call_g');
  });

  it('keeps reasoning_content, streamed and not', async () => {
    const reasoning = 'First I consider the question; then I answer. 🤔';
    mock = await startMockOpenAI([reply('Answer.', { reasoning }), reply('Answer.', { reasoning })]);
    expect((await client().complete(request())).reasoningContent).toBe(reasoning);
    expect((await client({ stream: false }).complete(request())).reasoningContent).toBe(reasoning);
  });

  it('sends temperature, max_tokens and extraBody (last, overriding) only when configured', async () => {
    mock = await startMockOpenAI([reply('a'), reply('b')]);
    const configured = client({ temperature: 0.3, maxTokens: 256, extraBody: { top_p: 0.9, reasoning_effort: 'low', max_tokens: 512 } });
    await configured.complete(request());
    expect(mock.requests[0]!.body).toMatchObject({ temperature: 0.3, top_p: 0.9, reasoning_effort: 'low', max_tokens: 512 });
    await configured.complete(request({ temperature: 0.8, model: 'gpt-override' }));
    expect(mock.requests[1]!.body).toMatchObject({ temperature: 0.8, model: 'gpt-override' });
  });

  it('reads the API key and base URL from OPENAI_API_KEY / OPENAI_BASE_URL', async () => {
    mock = await startMockOpenAI([reply('from env')]);
    const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL };
    process.env.OPENAI_API_KEY = 'sk-from-env';
    process.env.OPENAI_BASE_URL = mock.baseURL;
    try {
      const res = await new OpenAIChatClient({ model: 'gpt-env' }).complete(request());
      expect(res.content).toBe('from env');
      expect(mock.requests[0]!.headers.authorization).toBe('Bearer sk-from-env');
    } finally {
      restoreEnv('OPENAI_API_KEY', saved.key);
      restoreEnv('OPENAI_BASE_URL', saved.url);
    }
  });

  it('rejects with CONFIG_INVALID naming apiKey and OPENAI_API_KEY, never at construction', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const noKey = new OpenAIChatClient({ model: 'gpt-test', baseURL: 'http://127.0.0.1:9/v1' });
      await expect(noKey.complete(request())).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
        message: expect.stringMatching(/`apiKey`.*OPENAI_API_KEY/),
      });
    } finally {
      restoreEnv('OPENAI_API_KEY', saved);
    }
  });

  it('rejects with CONFIG_INVALID naming model when none is configured', async () => {
    const noModel = new OpenAIChatClient({ apiKey: 'sk-test' } as OpenAIChatOptions);
    await expect(noModel.complete(request())).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringMatching(/`model`.*AGENTAO_MODEL/),
    });
    await expect(new OpenAIChatClient({ model: '   ', apiKey: 'sk' }).complete(request())).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(new OpenAIChatClient({ model: 'm', apiKey: 'sk', temperature: Number.NaN }).complete(request())).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      message: expect.stringContaining('`temperature`'),
    });
    const badStream = new OpenAIChatClient({ model: 'm', apiKey: 'sk', stream: 'yes' as unknown as boolean });
    await expect(badStream.complete(request())).rejects.toMatchObject({ message: expect.stringContaining('`stream` must be a boolean') });
  });

  it('surfaces the exhausted-script message of the mock', async () => {
    mock = await startMockOpenAI([]);
    await expect(client().complete(request())).rejects.toThrow(/no scripted reply \(0 replies were scripted\)/);
  });

  it('does not load the openai SDK when @agentao/core is imported, only on the first complete()', async () => {
    // A resolve hook in a fresh Node process reports every resolution of 'openai'.
    const hooks = `let port; export function initialize(d) { port = d.port; }
      export async function resolve(s, c, next) { if (s === 'openai' || s.startsWith('openai/')) port.postMessage(s); return next(s, c); }`;
    const script = `
      import { register } from 'node:module';
      import { MessageChannel } from 'node:worker_threads';
      const { port1, port2 } = new MessageChannel();
      const seen = [];
      port1.on('message', (m) => seen.push(m));
      port1.unref();
      register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}), import.meta.url, { data: { port: port2 }, transferList: [port2] });
      const pause = () => new Promise((r) => setTimeout(r, 300));
      const core = await import('@agentao/core');
      await pause();
      const afterImport = seen.length;
      const client = new core.OpenAIChatClient({ model: 'm', apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1', maxRetries: 0 });
      await client.complete({ messages: [], tools: [], signal: new AbortController().signal }).catch(() => {});
      await pause();
      process.stdout.write(JSON.stringify({ afterImport, afterComplete: seen.length }));`;
    const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      timeout: 20_000,
    });
    expect(JSON.parse(stdout)).toEqual({ afterImport: 0, afterComplete: 1 });
  });
});

function restoreEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}
