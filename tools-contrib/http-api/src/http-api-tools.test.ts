import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Agentao, SdkTransport, SILENT_LOGGER, type Tool, type ToolContext } from '@agentao/core';
import { UrlPolicy } from '@agentao/permissions';
import { checkToolContract, formatContractReport, reply, ScriptedLLM, toolCall } from '@agentao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApiTools } from './create-http-api-tools';
import { type HttpApiOptions } from './http-api-config';
import { HttpApiGetTool } from './http-api-get-tool';
import { HTTP_API_DEFAULT_ITEMS, HTTP_API_MAX_ITEMS, HTTP_API_PAGE_CHARS } from './http-api-tool';
import { HttpApiRequestTool } from './http-api-request-tool';

const TOKEN = 'Bearer sk-test-0123456789abcdef';
const ITEMS = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `item ${i + 1}` }));

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req as AsyncIterable<Buffer>) text += chunk.toString('utf8');
  return text;
}

// Loopback is non-public; the tests allow it explicitly, as a host would for an internal API.
const loopbackPolicy = new UrlPolicy({ allowNetworks: ['127.0.0.1/32'] });

function options(extra: Partial<HttpApiOptions> = {}): HttpApiOptions {
  return {
    baseUrl: `${baseUrl}/api`,
    paths: ['/items', '/items/*', '/echo/**', '/text', '/fail', '/moved'],
    methods: ['GET', 'POST', 'DELETE'],
    headers: { authorization: TOKEN },
    apiDescription: 'The inventory API of the test shop.',
    urlPolicy: loopbackPolicy,
    ...extra,
  };
}

function ctx(): ToolContext {
  return {
    signal: new AbortController().signal,
    toolCallId: 'call_1',
    agent: { workingDirectory: process.cwd(), readOnly: false, logger: SILENT_LOGGER, sessionId: 's' },
    onOutput: () => undefined,
  };
}

const outputs: string[] = [];
async function run(tool: Tool, args: Record<string, unknown>): Promise<any> {
  const text = await tool.execute(args, ctx());
  outputs.push(text);
  return JSON.parse(text);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/api/items' && req.method === 'GET') return json(200, ITEMS);
      if (url.pathname === '/api/items' && req.method === 'POST') return json(201, { created: JSON.parse(body) as unknown });
      if (url.pathname.startsWith('/api/items/') && req.method === 'DELETE') return json(200, { deleted: url.pathname.slice(11) });
      if (url.pathname.startsWith('/api/items/')) return json(200, ITEMS[Number(url.pathname.slice(11)) - 1] ?? null);
      // A careless endpoint that reflects the request headers and query back.
      if (url.pathname.startsWith('/api/echo')) return json(200, { headers: req.headers, query: Object.fromEntries(url.searchParams) });
      if (url.pathname === '/api/text') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end('t'.repeat(HTTP_API_PAGE_CHARS + 5000));
      }
      if (url.pathname === '/api/fail') return json(500, { error: `internal failure while checking ${req.headers.authorization ?? ''}` });
      if (url.pathname === '/api/moved') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' });
        return res.end();
      }
      if (url.pathname === '/api/secret') return json(200, { secret: 'should never be fetched' });
      return json(404, { error: 'not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  // Whatever the tools returned during the whole file, the token never appeared in it.
  for (const text of outputs) expect(text).not.toContain('sk-test-0123456789abcdef');
});

describe('contract', () => {
  it('both tools satisfy the tool contract', async () => {
    const [get, request] = createHttpApiTools(options());
    const getResult = await checkToolContract(get!, { sampleArgs: [{ path: '/items' }, { path: '/items/3' }] });
    expect(getResult.problems, formatContractReport(getResult)).toEqual([]);
    const requestResult = await checkToolContract(request!, { sampleArgs: [{ method: 'POST', path: '/items', body: { name: 'x' } }] });
    expect(requestResult.problems, formatContractReport(requestResult)).toEqual([]);
  });

  it('GET is read-only without confirmation; the request tool requires confirmation; schemas are stable', () => {
    const [get, request] = createHttpApiTools(options());
    expect(get).toBeInstanceOf(HttpApiGetTool);
    expect([get!.name, get!.isReadOnly, get!.requiresConfirmation, get!.copiesToSubagents]).toEqual(['http_api_get', true, undefined, true]);
    expect(request).toBeInstanceOf(HttpApiRequestTool);
    expect([request!.name, request!.isReadOnly, request!.requiresConfirmation]).toEqual(['http_api_request', false, true]);
    expect(get!.parameters).toMatchSnapshot();
    expect(request!.parameters).toMatchSnapshot();
  });

  it('descriptions state the paths, methods and paging numbers and never the auth header', () => {
    for (const tool of createHttpApiTools(options())) {
      expect(tool.description).toContain('/items/*');
      expect(tool.description).toContain(`limit default ${HTTP_API_DEFAULT_ITEMS}, max ${HTTP_API_MAX_ITEMS}`);
      expect(tool.description).not.toContain('sk-test');
      expect(tool.description.toLowerCase()).not.toContain('authorization');
    }
    expect(createHttpApiTools(options())[1]!.description).toContain('POST, DELETE');
    expect(createHttpApiTools(options({ methods: ['GET'] })).map((t) => t.name)).toEqual(['http_api_get']);
  });
});

describe('requests', () => {
  it('the auth header reaches the server but never appears in a result, even when echoed', async () => {
    const get = new HttpApiGetTool(options());
    seen.length = 0;
    const result = await run(get, { path: '/echo/me', query: { q: 'hello', n: 2 } });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/echo/me?q=hello&n=2', authorization: TOKEN });
    expect(result.status).toBe('ok');
    expect(result.body).toContain('"authorization":"[redacted]"');
    expect(result.body).toContain('"q":"hello"');
    const failed = await run(get, { path: '/fail' });
    expect(failed).toMatchObject({ status: 'error', http_status: 500, message: expect.stringContaining('HTTP 500') });
    expect(failed.items ?? failed.body).toContain('[redacted]');
  });

  it('pages a JSON array with has_more / next_offset and clamps a huge limit', async () => {
    const get = new HttpApiGetTool(options());
    const first = await run(get, { path: '/items' });
    expect(first).toMatchObject({ status: 'ok', kind: 'json_array', total: 250, offset: 0, has_more: true, next_offset: HTTP_API_DEFAULT_ITEMS });
    expect(first.items).toHaveLength(HTTP_API_DEFAULT_ITEMS);
    const big = await run(get, { path: '/items', limit: 99_999, offset: 200 });
    expect(big.items).toHaveLength(50);
    expect(big).toMatchObject({ has_more: false, next_offset: null });
    expect(big.items[0]).toEqual({ id: 201, name: 'item 201' });
  });

  it('pages a text body by characters', async () => {
    const get = new HttpApiGetTool(options());
    const first = await run(get, { path: '/text' });
    expect(first).toMatchObject({ kind: 'text', total: HTTP_API_PAGE_CHARS + 5000, has_more: true, next_offset: HTTP_API_PAGE_CHARS });
    const second = await run(get, { path: '/text', offset: first.next_offset });
    expect(second.body).toHaveLength(5000);
    expect(second.has_more).toBe(false);
  });

  it('refuses a path outside the allowlist, traversal and encoded separators without sending anything', async () => {
    const get = new HttpApiGetTool(options());
    seen.length = 0;
    expect(await run(get, { path: '/secret' })).toEqual({ status: 'error', message: expect.stringMatching(/^path \/secret is not allowed; allowed patterns: \/items/) });
    expect((await run(get, { path: '/items/../secret' })).message).toBe('path must not contain empty, . or .. segments');
    expect((await run(get, { path: '/items/%2e%2e/secret' })).message).toContain('percent-encoded');
    expect((await run(get, { path: '/items/1/extra' })).message).toContain('is not allowed');
    expect((await run(get, { path: 'http://evil.example/items' })).message).toBe('path must start with /');
    expect((await run(get, { path: '/items?x=1' })).message).toContain('put query parameters in query');
    expect(seen).toEqual([]);
  });

  it('POST and DELETE send JSON and need the configured method', async () => {
    const request = new HttpApiRequestTool(options());
    seen.length = 0;
    const created = await run(request, { method: 'POST', path: '/items', body: { name: 'new' } });
    expect(created).toMatchObject({ status: 'ok', http_status: 201, kind: 'text' });
    expect(JSON.parse(created.body)).toEqual({ created: { name: 'new' } });
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"name":"new"}', authorization: TOKEN });
    expect((await run(request, { method: 'DELETE', path: '/items/7' })).body).toBe('{"deleted":"7"}');
    expect(await run(request, { method: 'PUT', path: '/items/7' })).toEqual({ status: 'error', message: 'method must be one of POST, DELETE' });
    expect(seen).toHaveLength(2);
  });

  it('enforces the UrlPolicy: loopback is refused unless the host allows it', async () => {
    const strict = new HttpApiGetTool(options({ urlPolicy: new UrlPolicy() }));
    const refused = await run(strict, { path: '/items' });
    expect(refused).toEqual({ status: 'error', message: expect.stringContaining('non-public address: 127.0.0.1') });
  });

  it('does not follow redirects and reports the location', async () => {
    const result = await run(new HttpApiGetTool(options()), { path: '/moved' });
    expect(result).toMatchObject({ status: 'ok', http_status: 302, location: 'http://169.254.169.254/latest/meta-data' });
  });

  it('rejects bad host configuration with a specific message', () => {
    expect(() => new HttpApiGetTool(options({ baseUrl: 'ftp://x' }))).toThrow('baseUrl must be http or https');
    expect(() => new HttpApiGetTool(options({ paths: ['items'] }))).toThrow("path pattern must start with '/'");
    expect(() => new HttpApiRequestTool(options({ methods: ['GET'] }))).toThrow('needs at least one of POST');
  });
});

describe('through an agent', () => {
  it('asks before a POST and sends nothing when the user declines; the GET runs without asking', async () => {
    const asked: string[] = [];
    const llm = new ScriptedLLM([
      reply('', { toolCalls: [toolCall('http_api_get', { path: '/items/2' }, 'call_get')] }),
      reply('', { toolCalls: [toolCall('http_api_request', { method: 'POST', path: '/items', body: { name: 'x' } }, 'call_post')] }),
      reply('Done.'),
    ]);
    const transport = new SdkTransport({
      confirmTool: (name) => {
        asked.push(name);
        return false;
      },
    });
    const agent = new Agentao({ workingDirectory: process.cwd(), llm, transport, extraTools: createHttpApiTools(options()) });
    seen.length = 0;
    try {
      await agent.chat('Look at item 2, then add an item.');
    } finally {
      await agent.close();
    }
    expect(asked).toEqual(['http_api_request']);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/items/2']);
    const toolMessages = agent.messages.filter((m) => m.role === 'tool') as { content: string }[];
    for (const m of toolMessages) outputs.push(m.content);
    expect(JSON.parse(toolMessages[0]!.content)).toMatchObject({ status: 'ok', body: '{"id":2,"name":"item 2"}' });
  });
});
