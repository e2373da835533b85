import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';

import { SILENT_LOGGER, type ToolContext } from '@agentao/core';
import { UrlPolicy } from '@agentao/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  extractReadableText,
  WEB_FETCH_JS_NOTE,
  WEB_FETCH_MAX_CHARS,
  WEB_FETCH_USER_AGENT,
  WebFetchTool,
} from './web-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler, host = '127.0.0.1'): Promise<{ server: Server; base: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return { server, base: `http://${host}:${port}`, hits };
}

const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

const PAGE = `<!doctype html><html><head><title>Demo &amp; Test</title><style>body{color:red}</style>
<script>var x = "<p>not text</p>";</script></head>
<body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<h1>Main   heading</h1>
<p>First paragraph with <b>bold</b> and <i>italic</i>   words.</p>
<div>Cell A    Cell B</div><ul><li>one</li><li>two &lt;3</li></ul>
<footer>Copyright footer</footer></body></html>`;

const EXPECTED_TEXT = 'Demo & Test\nMain\nheading\nFirst paragraph with bold and italic\nwords.\nCell A\nCell B\none\ntwo <3';

let site: Awaited<ReturnType<typeof listen>>;
let refused: Awaited<ReturnType<typeof listen>> | null = null;
const loopback = (): UrlPolicy => new UrlPolicy({ allowNetworks: ['127.0.0.1/32'] });

const routes: Record<string, Handler> = {
  '/page': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  },
  '/untyped': (_req, res) => {
    res.end('  <p>untyped <b>html</b></p>');
  },
  '/json': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/problem+json' });
    res.end('{"a": 1}');
  },
  '/latin1': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=iso-8859-1' });
    res.end(Buffer.from([0x63, 0x61, 0x66, 0xe9]));
  },
  '/image': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': '2048' });
    res.end(Buffer.alloc(2048, 1));
  },
  '/long': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('x'.repeat(WEB_FETCH_MAX_CHARS) + 'TAIL'.repeat(500));
  },
  '/endless': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.removeAllListeners('drain'));
    pump();
  },
  '/next': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<html><body><div id="__next">Loading</div><script id="__NEXT_DATA__">{}</script></body></html>');
  },
  '/sparse': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<html><body>${'<div class="x"></div>'.repeat(400)}<p>tiny</p></body></html>`);
  },
  '/missing': (_req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('nope');
  },
  '/redirect': (_req, res) => {
    res.writeHead(302, { Location: '/json' });
    res.end();
  },
  '/loop': (_req, res) => {
    res.writeHead(302, { Location: '/loop' });
    res.end();
  },
  '/ua': (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end(String(req.headers['user-agent']));
  },
  '/silent': () => {
    // Never answers: the request must time out.
  },
};

beforeAll(async () => {
  site = await listen((req, res) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path === '/to-refused') {
      res.writeHead(302, { Location: `${refused?.base ?? 'http://10.0.0.1'}/secret` });
      res.end();
      return;
    }
    const handler = routes[path];
    if (handler === undefined) {
      res.writeHead(500);
      res.end();
    } else handler(req, res);
  });
  // A second loopback address outside the test allowlist: a redirect there must be refused unrequested.
  refused = await listen((_req, res) => res.end('secret'), '127.0.0.2').catch(() => null);
});

afterAll(async () => {
  await close(site.server);
  if (refused !== null) await close(refused.server);
});

function ctx(signal: AbortSignal = new AbortController().signal): ToolContext {
  return {
    signal,
    toolCallId: 'call_1',
    agent: { workingDirectory: '/', readOnly: false, logger: SILENT_LOGGER, sessionId: 's' },
    onOutput: () => undefined,
  };
}

const fetchWith = (args: Record<string, unknown>, tool = new WebFetchTool({ urlPolicy: loopback() }), signal?: AbortSignal): Promise<string> =>
  Promise.resolve(tool.execute(args, ctx(signal)));

describe('web_fetch', () => {
  it('returns the readable text of an HTML page', async () => {
    const url = `${site.base}/page`;
    expect(await fetchWith({ url })).toBe(`URL: ${url}\nStatus: 200\n\n${EXPECTED_TEXT}`);
  });

  it('extract_text defaults to true, and false returns the raw HTML', async () => {
    const url = `${site.base}/page`;
    expect(await fetchWith({ url, extract_text: true })).toBe(await fetchWith({ url }));
    expect(await fetchWith({ url, extract_text: false })).toBe(`URL: ${url}\nStatus: 200\n\n${PAGE}`);
  });

  it('treats an untyped body starting with < as HTML', async () => {
    const url = `${site.base}/untyped`;
    expect(await fetchWith({ url })).toBe(`URL: ${url}\nStatus: 200\n\nuntyped html`);
  });

  it('returns text-like types as is, decoded per their charset', async () => {
    expect(await fetchWith({ url: `${site.base}/json` })).toBe(`URL: ${site.base}/json\nStatus: 200\n\n{"a": 1}`);
    expect(await fetchWith({ url: `${site.base}/latin1` })).toBe(`URL: ${site.base}/latin1\nStatus: 200\n\ncafé`);
  });

  it('does not show non-text content', async () => {
    expect(await fetchWith({ url: `${site.base}/image` })).toBe(
      `URL: ${site.base}/image\nStatus: 200\n\n[Non-text content (image/png, 2,048 bytes) not shown]`,
    );
  });

  it('cuts long content at the stated limit', async () => {
    const result = await fetchWith({ url: `${site.base}/long` });
    expect(result).toBe(`URL: ${site.base}/long\nStatus: 200\n\n${'x'.repeat(WEB_FETCH_MAX_CHARS)}\n\n[Content truncated...]`);
  });

  it('stops downloading at the byte limit (an endless body still returns)', async () => {
    const result = await fetchWith({ url: `${site.base}/endless` });
    expect(result).toBe(`URL: ${site.base}/endless\nStatus: 200\n\n${'a'.repeat(WEB_FETCH_MAX_CHARS)}\n\n[Content truncated...]`);
  });

  it('adds the JavaScript note for framework pages and for pages with little visible text', async () => {
    expect(await fetchWith({ url: `${site.base}/next` })).toBe(`URL: ${site.base}/next\nStatus: 200\n${WEB_FETCH_JS_NOTE}\nLoading`);
    expect(await fetchWith({ url: `${site.base}/sparse` })).toBe(`URL: ${site.base}/sparse\nStatus: 200\n${WEB_FETCH_JS_NOTE}\ntiny`);
  });

  it('sends the fixed browser User-Agent', async () => {
    expect(await fetchWith({ url: `${site.base}/ua` })).toBe(`URL: ${site.base}/ua\nStatus: 200\n\n${WEB_FETCH_USER_AGENT}`);
  });

  it('reports a non-2xx status', async () => {
    expect(await fetchWith({ url: `${site.base}/missing` })).toBe('Error fetching URL: HTTP 404 Not Found');
  });

  it('follows redirects and echoes the URL as given', async () => {
    expect(await fetchWith({ url: `${site.base}/redirect` })).toBe(`URL: ${site.base}/redirect\nStatus: 200\n\n{"a": 1}`);
  });

  it('refuses loopback without an allowlist', async () => {
    const tool = new WebFetchTool({ urlPolicy: new UrlPolicy() });
    expect(await fetchWith({ url: `${site.base}/page` }, tool)).toBe('Error: blocked outbound request — target is a non-public address: 127.0.0.1');
    expect(await fetchWith({ url: 'http://localhost/' }, tool)).toBe('Error: blocked outbound request — local/internal hostnames are not allowed: localhost');
    expect(await fetchWith({ url: 'file:///etc/passwd' }, tool)).toBe('Error: blocked outbound request — only http/https URLs are allowed: file:///etc/passwd');
  });

  it('refuses a redirect to a disallowed address without requesting it', async () => {
    const result = await fetchWith({ url: `${site.base}/to-refused` });
    const target = refused === null ? '10.0.0.1' : '127.0.0.2';
    expect(result).toBe(`Error: blocked outbound request — target is a non-public address: ${target}`);
    if (refused !== null) expect(refused.hits).toEqual([]);
  });

  it('stops after the policy redirect limit', async () => {
    const tool = new WebFetchTool({ urlPolicy: new UrlPolicy({ allowNetworks: ['127.0.0.1'], maxRedirects: 2 }) });
    expect(await fetchWith({ url: `${site.base}/loop` }, tool)).toBe(`Error: blocked outbound request — too many redirects (2) for ${site.base}/loop`);
  });

  it('times out a request that never answers', async () => {
    const tool = new WebFetchTool({ urlPolicy: loopback(), timeoutSeconds: 0.5 });
    expect(tool.description).toContain('Each request times out after 0.5 seconds.');
    expect(await fetchWith({ url: `${site.base}/silent` }, tool)).toBe(`Error: Request timed out for ${site.base}/silent`);
  });

  it('reports network errors and a cancelled turn', async () => {
    const closed = await listen(() => undefined);
    await close(closed.server);
    expect(await fetchWith({ url: `${closed.base}/` })).toMatch(/^Error fetching URL: .*ECONNREFUSED/);
    const controller = new AbortController();
    const pending = fetchWith({ url: `${site.base}/silent` }, undefined, controller.signal);
    setTimeout(() => controller.abort(), 100);
    expect(await pending).toMatch(/^Error fetching URL: /);
  });

  it('turns any other failure into Error: <message>', async () => {
    class BrokenPolicy extends UrlPolicy {
      override async fetch(): Promise<Response> {
        return { status: 200, statusText: 'OK', body: null, headers: { get: () => { throw new Error('bad headers'); } } } as unknown as Response;
      }
    }
    expect(await fetchWith({ url: 'http://example.com/' }, new WebFetchTool({ urlPolicy: new BrokenPolicy() }))).toBe('Error: bad headers');
  });

  it('answers invalid arguments with a clear error', async () => {
    expect(await fetchWith({ url: '' })).toBe('Error: url must be a non-empty string');
    expect(await fetchWith({ url: 'http://example.com', extract_text: 'yes' })).toBe('Error: extract_text must be a boolean');
  });

  it('states the policy in force in its description', () => {
    const open = new WebFetchTool({ urlPolicy: new UrlPolicy({ maxRedirects: 7 }) }).description;
    expect(open).toContain('at most 7');
    expect(open).not.toContain('SSRF allowlist active');
    const listed = new WebFetchTool({ urlPolicy: new UrlPolicy({ allowNetworks: ['127.0.0.1', '10.0.0.0/8'] }) }).description;
    expect(listed).toContain('SSRF allowlist active: 127.0.0.1/32, 10.0.0.0/8.');
    expect(() => new WebFetchTool({ timeoutSeconds: 0 })).toThrow(/timeoutSeconds/);
  });
});

describe('extractReadableText', () => {
  it('puts block elements on their own lines and splits on runs of spaces', () => {
    expect(extractReadableText(PAGE)).toBe(EXPECTED_TEXT);
    expect(extractReadableText('<p>a<br>b</p><pre>x    y</pre>text   &nbsp;')).toBe('a\nb\nx\ny\ntext');
  });
});
