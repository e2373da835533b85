import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { AgentaoError } from '@agentao/core';
import { afterEach, describe, expect, it } from 'vitest';
import { UrlPolicy } from './url-policy';
import { UrlPolicyError } from './url-policy-error';

const PUBLIC = '93.184.216.34';
const resolver = (table: Record<string, string[]>) => {
  const asked: string[] = [];
  const lookup = async (host: string) => {
    asked.push(host);
    const answer = table[host];
    if (answer === undefined) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  };
  return { lookup, asked };
};

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UrlPolicyError);
    expect(AgentaoError.isInstance(error) && error.code).toBe('URL_REFUSED');
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('validate: address classes', () => {
  const policy = new UrlPolicy({ lookup: resolver({}).lookup });
  it.each([
    'http://0.0.0.0/',
    'http://10.1.2.3/',
    'http://100.64.0.1/',
    'http://127.0.0.1/',
    'http://127.8.9.10/',
    'http://169.254.169.254/latest/meta-data/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.0.0.1/',
    'http://192.0.0.170/',
    'http://192.0.2.1/',
    'http://192.168.1.1/',
    'http://198.18.0.1/',
    'http://198.51.100.7/',
    'http://203.0.113.9/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://224.0.0.1/',
    'http://239.255.255.250/',
    'http://[::1]/',
    'http://[::]/',
    'http://[100::1]/',
    'http://[2001:db8::1]/',
    'http://[2001:10::1]/',
    'http://[2001::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[ff02::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[::127.0.0.1]/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://0x7f.1/',
    'http://127.1/',
    'http://0/',
    'http://127.0.0.1./',
  ])('refuses %s without DNS', async (url) => {
    expect(await refusal(policy.validate(url))).toMatch(/^target is a non-public address: /);
  });

  it('accepts a public literal without asking the resolver', async () => {
    const { lookup, asked } = resolver({});
    const p = new UrlPolicy({ lookup });
    expect((await p.validate(`https://${PUBLIC}:8443/x`)).port).toBe('8443');
    expect((await p.validate('http://[2606:4700::1111]/')).hostname).toBe('[2606:4700::1111]');
    expect((await p.validate('http://[::ffff:8.8.8.8]/')).hostname).toBe('[::ffff:808:808]');
    expect(asked).toEqual([]);
  });
});

describe('validate: URL shape and names', () => {
  const { lookup } = resolver({
    'example.com': [PUBLIC],
    'rebind.example.com': [PUBLIC, '10.0.0.5'],
    'many.example.com': ['10.0.0.4', '10.0.0.1', '127.0.0.1', '169.254.1.1', PUBLIC],
    'mapped.example.com': ['::ffff:10.0.0.1'],
    'empty.example.com': [],
  });
  const policy = new UrlPolicy({ lookup });
  it.each([
    ['not a url', 'invalid URL: not a url'],
    ['http://example.com:99999/', 'invalid URL: http://example.com:99999/'],
    ['ftp://example.com/', 'only http/https URLs are allowed: ftp://example.com/'],
    ['file:///etc/passwd', 'only http/https URLs are allowed: file:///etc/passwd'],
    ['http://user:pw@example.com/', 'URLs with embedded credentials are not allowed'],
    ['http://user@example.com/', 'URLs with embedded credentials are not allowed'],
    ['http://localhost/', 'local/internal hostnames are not allowed: localhost'],
    ['http://LOCALHOST./', 'local/internal hostnames are not allowed: localhost'],
    ['http://localhost.localdomain/', 'local/internal hostnames are not allowed: localhost.localdomain'],
    ['http://metadata.google.internal/', 'local/internal hostnames are not allowed: metadata.google.internal'],
    ['http://app.localhost/', 'local/internal hostnames are not allowed: app.localhost'],
    ['http://printer.local/', 'local/internal hostnames are not allowed: printer.local'],
    ['http://db.svc.cluster.local/', 'local/internal hostnames are not allowed: db.svc.cluster.local'],
    ['http://vault.internal/', 'local/internal hostnames are not allowed: vault.internal'],
    ['http://intranet/', 'single-label hostnames are not allowed: intranet'],
    ['http://nx.example.com/', 'host did not resolve: nx.example.com'],
    ['http://empty.example.com/', 'host did not resolve: empty.example.com'],
    ['http://rebind.example.com/', 'rebind.example.com resolves to non-public address(es): 10.0.0.5'],
    ['http://many.example.com/', 'many.example.com resolves to non-public address(es): 10.0.0.1, 10.0.0.4, 127.0.0.1, ...'],
    ['http://mapped.example.com/', 'mapped.example.com resolves to non-public address(es): ::ffff:10.0.0.1'],
  ])('%s → %s', async (url, message) => {
    expect(await refusal(policy.validate(url))).toBe(message);
  });

  it('accepts a public host and a real :0 port', async () => {
    expect((await policy.validate('https://Example.com./a?b')).hostname).toBe('example.com.');
    expect((await policy.validate('http://example.com:0/')).port).toBe('0');
  });

  it('fails closed on a resolver that hangs, throws synchronously or returns junk', async () => {
    const hang = new UrlPolicy({ lookup: () => new Promise(() => undefined), lookupTimeoutMs: 50 });
    expect(await refusal(hang.validate('http://slow.example.com/'))).toBe('host did not resolve: slow.example.com');
    const sync = new UrlPolicy({
      lookup: () => {
        throw new TypeError('boom');
      },
    });
    expect(await refusal(sync.validate('http://x.example.com/'))).toBe('host did not resolve: x.example.com');
    const junk = new UrlPolicy({ lookup: async () => [42 as any] });
    expect(await refusal(junk.validate('http://x.example.com/'))).toBe('host did not resolve: x.example.com');
  });
});

describe('allowNetworks and fromEnv', () => {
  it('admits listed networks of the same family, on the effective address', async () => {
    const { lookup } = resolver({ 'dev.example.com': ['10.1.2.3'], 'v6.example.com': ['::1'], 'nat.example.com': ['64:ff9b::a01:203'] });
    const policy = new UrlPolicy({ allowNetworks: ['10.0.0.0/8', '192.168.1.7'], lookup });
    expect(policy.allowNetworks).toEqual(['10.0.0.0/8', '192.168.1.7/32']);
    await expect(policy.validate('http://dev.example.com/')).resolves.toBeInstanceOf(URL);
    await expect(policy.validate('http://nat.example.com/')).resolves.toBeInstanceOf(URL);
    await expect(policy.validate('http://192.168.1.7/')).resolves.toBeInstanceOf(URL);
    expect(await refusal(policy.validate('http://192.168.1.8/'))).toMatch(/non-public/);
    expect(await refusal(policy.validate('http://v6.example.com/'))).toMatch(/resolves to non-public address\(es\): ::1/);
    // It never relaxes the hostname-shape checks.
    expect(await refusal(policy.validate('http://localhost/'))).toMatch(/local\/internal/);
  });

  it('rejects invalid entries in the constructor and skips them from the environment', () => {
    expect(() => new UrlPolicy({ allowNetworks: ['10.0.0.0/33'] })).toThrow(AgentaoError);
    expect(() => new UrlPolicy({ maxRedirects: -1 })).toThrow(/maxRedirects/);
    expect(() => new UrlPolicy({ lookupTimeoutMs: 0 })).toThrow(/lookupTimeoutMs/);
    const policy = UrlPolicy.fromEnv({ AGENTAO_WEB_FETCH_ALLOW_CIDRS: '10.0.0.0/8, bogus  fd00::/8,,1.2.3.4 300.1.1.1' });
    expect(policy.allowNetworks).toEqual(['10.0.0.0/8', 'fd00::/8', '1.2.3.4/32']);
    expect(UrlPolicy.fromEnv({}).allowNetworks).toEqual([]);
    expect(UrlPolicy.fromEnv({ AGENTAO_WEB_FETCH_ALLOW_CIDRS: '' }).allowNetworks).toEqual([]);
    const defaults = new UrlPolicy();
    expect([defaults.maxRedirects, defaults.lookupTimeoutMs]).toEqual([20, 5000]);
  });
});

describe('fetch (real HTTP on 127.0.0.1)', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });
  const start = async (handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<number> => {
    server = createServer(handler);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };

  it('refuses a redirect from a public host to 169.254.169.254 before connecting', async () => {
    const hits: string[] = [];
    const port = await start((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam/' }).end('moved');
    });
    const { lookup, asked } = resolver({ 'public.example.com': ['127.0.0.1'] });
    const policy = new UrlPolicy({ allowNetworks: ['127.0.0.1/32'], lookup });
    const message = await refusal(policy.fetch(`http://public.example.com:${port}/start`));
    expect(message).toBe('target is a non-public address: 169.254.169.254');
    expect(hits).toEqual(['/start']);
    expect(asked.every((h) => h === 'public.example.com')).toBe(true);
  });

  it('refuses a redirect to a name that resolves to the metadata address', async () => {
    const port = await start((_req, res) => res.writeHead(301, { location: '//meta.example.com/x' }).end());
    const { lookup } = resolver({ 'public.example.com': ['127.0.0.1'], 'meta.example.com': ['169.254.169.254'] });
    const policy = new UrlPolicy({ allowNetworks: ['127.0.0.1'], lookup });
    expect(await refusal(policy.fetch(`http://public.example.com:${port}/`))).toBe(
      'meta.example.com resolves to non-public address(es): 169.254.169.254',
    );
  });

  it('checks the connected address: a DNS answer that changes after validation is refused', async () => {
    let calls = 0;
    const port = await start((_req, res) => res.end('should not be reached'));
    const policy = new UrlPolicy({
      allowNetworks: ['127.0.0.1'],
      lookup: async () => (++calls === 1 ? ['127.0.0.1'] : ['10.0.0.7']),
    });
    expect(await refusal(policy.fetch(`http://rebind.example.com:${port}/`))).toBe('rebind.example.com resolves to non-public address(es): 10.0.0.7');
    expect(calls).toBe(2);
  });

  it('follows redirects by hand (relative Location, 303) and returns the final response', async () => {
    const seen: string[] = [];
    const port = await start((req, res) => {
      seen.push(`${req.url} ${String(req.headers['x-test'] ?? '')}`);
      if (req.url === '/a') res.writeHead(307, { location: '/b' }).end('discarded');
      else if (req.url === '/b') res.writeHead(303, { location: 'c?q=1' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain', 'x-extra': 'yes' }).end(`final ${req.url}`);
    });
    const { lookup } = resolver({ 'public.example.com': ['127.0.0.1'] });
    const policy = new UrlPolicy({ allowNetworks: ['127.0.0.1'], lookup });
    const response = await policy.fetch(`http://public.example.com:${port}/a`, { headers: { 'x-test': 'h' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-extra')).toBe('yes');
    expect(response.url).toBe(`http://public.example.com:${port}/c?q=1`);
    expect(await response.text()).toBe('final /c?q=1');
    expect(seen).toEqual(['/a h', '/b h', '/c?q=1 h']);
  });

  it('stops after maxRedirects with a clear error', async () => {
    let requests = 0;
    const port = await start((_req, res) => {
      requests += 1;
      res.writeHead(302, { location: '/again' }).end();
    });
    const policy = new UrlPolicy({ allowNetworks: ['127.0.0.1'], maxRedirects: 2, lookup: resolver({}).lookup });
    const url = `http://127.0.0.1:${port}/`;
    expect(await refusal(policy.fetch(url))).toBe(`too many redirects (2) for ${url}`);
    expect(requests).toBe(3);
  });

  it('returns a redirect status without Location as is, and a 204 with an empty body', async () => {
    const port = await start((req, res) => (req.url === '/none' ? res.writeHead(204).end() : res.writeHead(302).end('no location')));
    const policy = new UrlPolicy({ allowNetworks: ['127.0.0.1'], lookup: resolver({}).lookup });
    const moved = await policy.fetch(`http://127.0.0.1:${port}/`);
    expect([moved.status, await moved.text()]).toEqual([302, 'no location']);
    const empty = await policy.fetch(`http://127.0.0.1:${port}/none`);
    expect([empty.status, await empty.text()]).toEqual([204, '']);
  });

  it('refuses the loopback test server itself without an allowlist', async () => {
    const port = await start((_req, res) => res.end('x'));
    expect(await refusal(new UrlPolicy().fetch(`http://127.0.0.1:${port}/`))).toBe('target is a non-public address: 127.0.0.1');
  });

  it('bounds a hanging request with timeoutMs and honours the caller signal', async () => {
    const port = await start(() => undefined);
    const policy = new UrlPolicy({ allowNetworks: ['127.0.0.1'], lookup: resolver({}).lookup });
    await expect(policy.fetch(`http://127.0.0.1:${port}/`, { timeoutMs: 100 })).rejects.toThrow();
    const controller = new AbortController();
    const pending = policy.fetch(`http://127.0.0.1:${port}/`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    server?.closeAllConnections();
  });
});
