import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, type Socket } from 'node:net';
import { buildCompletion, buildStreamChunks, type MockResponseMeta } from './mock-openai-chunks';
import { scriptExhaustedMessage } from './scripted-llm';
import { resolveScriptStep, type ScriptedReply, type ScriptStep } from './scripted-reply';

/** One request the mock received: the parsed JSON body and the lower-cased headers. */
export interface MockOpenAIRequest {
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** A running mock OpenAI-compatible server. */
export interface MockOpenAI {
  /** `http://127.0.0.1:<port>/v1`: pass to the openai client or `OpenAIChatOptions.baseURL`. */
  baseURL: string;
  /** Every chat completion request, in arrival order. */
  requests: MockOpenAIRequest[];
  /** Closes the server and every open connection. */
  close(): Promise<void>;
}

/** The model list `GET /v1/models` answers with. */
export const MOCK_MODEL_IDS: readonly string[] = ['mock-model'];

type Json = Record<string, unknown>;

function errorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** An error body in the OpenAI shape `{ error: { message, type, param, code } }`. */
export function openAIErrorBody(status: number, message: string, code: string | null = null): Json {
  return { error: { message, type: errorType(status), param: null, code } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_mock_${Date.now()}`, ...headers });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** Waits `ms`, or less when the client goes away; resolves true while the client is still there. */
function pause(ms: number, res: ServerResponse): Promise<boolean> {
  return new Promise((resolve) => {
    if (res.destroyed) {
      resolve(false);
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      res.off('close', done);
      resolve(!res.destroyed);
    };
    const timer = setTimeout(done, ms);
    res.on('close', done);
  });
}

function write(res: ServerResponse, data: string): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) {
      resolve();
      return;
    }
    // Resolved once flushed, so a scripted cut never drops chunks it promised to deliver.
    res.write(data, () => resolve());
  });
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Starts a real HTTP server on 127.0.0.1 (an ephemeral port) that serves `POST /v1/chat/completions`
 * like the OpenAI API, answering each request with the next step of `script` (JSON, or SSE when the
 * body says `stream: true`), with the step's faults injected. Out of script: HTTP 500 saying so.
 */
export async function startMockOpenAI(script: ScriptStep[]): Promise<MockOpenAI> {
  const steps = [...script];
  const requests: MockOpenAIRequest[] = [];
  const sockets = new Set<Socket>();
  let served = 0;

  const streamStep = async (res: ServerResponse, step: ScriptedReply, meta: MockResponseMeta, body: Json): Promise<void> => {
    const options = body.stream_options;
    const includeUsage = isRecord(options) && options.include_usage === true;
    const chunks = buildStreamChunks(step, meta, includeUsage);
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-request-id': `req_${meta.id}`,
    });
    res.flushHeaders();
    let sent = 0;
    for (const chunk of chunks) {
      if (step.cutAfterChunks !== undefined && sent >= step.cutAfterChunks) break;
      if (sent > 0 && step.chunkDelayMs !== undefined && !(await pause(step.chunkDelayMs, res))) return;
      await write(res, `data: ${JSON.stringify(chunk)}\n\n`);
      sent++;
    }
    if (step.cutAfterChunks !== undefined) {
      res.socket?.destroy();
      return;
    }
    await write(res, 'data: [DONE]\n\n');
    res.end();
  };

  const completions = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      sendJson(res, 400, openAIErrorBody(400, 'We could not parse the JSON body of your request.'));
      return;
    }
    if (!isRecord(body)) {
      sendJson(res, 400, openAIErrorBody(400, 'The request body must be a JSON object.'));
      return;
    }
    requests.push({ body, headers: lowerCaseHeaders(req) });
    const number = ++served;
    const scripted = steps[number - 1];
    if (scripted === undefined) {
      // x-should-retry: false keeps the SDK from retrying a test that simply scripted too few replies.
      const message = scriptExhaustedMessage('startMockOpenAI', number, steps.length);
      sendJson(res, 500, openAIErrorBody(500, message), { 'x-should-retry': 'false' });
      return;
    }
    const messages = Array.isArray(body.messages) ? (body.messages as Record<string, unknown>[]) : [];
    let step: ScriptedReply;
    try {
      step = resolveScriptStep(scripted, { messages });
    } catch (error) {
      // Not retryable: a retry would be answered by the next step and shift the whole script.
      const message = `startMockOpenAI: script step ${number} threw: ${error instanceof Error ? error.message : String(error)}`;
      sendJson(res, 500, openAIErrorBody(500, message), { 'x-should-retry': 'false' });
      return;
    }
    if (step.delayMs !== undefined && step.delayMs > 0 && !(await pause(step.delayMs, res))) return;
    if (step.http !== undefined) {
      const { status } = step.http;
      const errorBody = step.http.body ?? openAIErrorBody(status, `Scripted HTTP ${status} error`);
      sendJson(res, status, errorBody, { 'retry-after-ms': '1', ...step.http.headers });
      return;
    }
    if (step.error !== undefined) {
      sendJson(res, 500, openAIErrorBody(500, step.error.message), { 'x-should-retry': 'false' });
      return;
    }
    const meta: MockResponseMeta = {
      id: `chatcmpl-mock${number}`,
      created: Math.floor(Date.now() / 1000),
      model: typeof body.model === 'string' ? body.model : 'mock-model',
      defaultPromptTokens: Math.ceil(JSON.stringify(body.messages ?? []).length / 4),
    };
    if (body.stream === true) {
      await streamStep(res, step, meta, body);
      return;
    }
    sendJson(res, 200, buildCompletion(step, meta), { 'x-request-id': `req_${meta.id}` });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === '/v1/chat/completions') {
      await completions(req, res);
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const data = MOCK_MODEL_IDS.map((id) => ({ id, object: 'model', created: 0, owned_by: 'agentao-testing' }));
      sendJson(res, 200, { object: 'list', data });
      return;
    }
    req.resume();
    sendJson(res, 404, openAIErrorBody(404, `Unknown request URL: ${req.method ?? 'GET'} ${path ?? '/'}.`));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (!res.headersSent) sendJson(res, 500, openAIErrorBody(500, `startMockOpenAI: ${message}`));
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
