import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { AgentaoError } from '@agentao/core';
import { formatIpNetwork, type IpNetwork, isNonGlobalAddress, effectiveAddress, networkContains, parseIpAddress, parseIpNetwork } from './ip-address';
import { URL_REFUSED_MESSAGES as M, UrlPolicyError } from './url-policy-error';

/** Resolves a host name to every address (IPv4 and IPv6 text). */
export type HostLookup = (hostname: string) => Promise<string[]>;

/** Options of `new UrlPolicy(…)`. */
export interface UrlPolicyOptions {
  /** CIDRs or bare IPs that become allowed (same family, effective address). */
  allowNetworks?: string[];
  /** Resolver; default `dns.lookup` with `all` and `verbatim` (off the event loop). */
  lookup?: HostLookup;
  /** Bound on one resolution; default 5,000 ms. */
  lookupTimeoutMs?: number;
  /** Redirect hops `fetch` follows; default 20. */
  maxRedirects?: number;
}

/** Options of `UrlPolicy.fetch`. */
export interface GuardedFetchInit {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Bounds each request (one hop), including reading its body. */
  timeoutMs?: number;
}

/** The environment variable `UrlPolicy.fromEnv` reads. */
export const ALLOW_CIDRS_ENV = 'AGENTAO_WEB_FETCH_ALLOW_CIDRS';
/** Default `lookupTimeoutMs`. */
export const DEFAULT_LOOKUP_TIMEOUT_MS = 5_000;
/** Default `maxRedirects`. */
export const DEFAULT_MAX_REDIRECTS = 20;
/** Statuses `fetch` treats as redirects. */
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

const LOCAL_NAMES = new Set(['localhost', 'localhost.localdomain', 'metadata.google.internal']);
const LOCAL_SUFFIXES = ['.localhost', '.local', '.localdomain', '.internal', '.cluster.local'];
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

const defaultLookup: HostLookup = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

function normaliseHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function toHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
    try {
      headers.append(res.rawHeaders[i] as string, res.rawHeaders[i + 1] as string);
    } catch {
      // A header value the Fetch API rejects is dropped rather than failing the whole response.
    }
  }
  return headers;
}

/**
 * The outbound-URL / SSRF guard (§12): validates scheme, credentials, host shape and every resolved
 * address, and fetches with redirects followed by hand so each hop is re-validated at connect time.
 */
export class UrlPolicy {
  /** Normalised CIDRs actually in force. */
  readonly allowNetworks: readonly string[];
  readonly maxRedirects: number;
  readonly lookupTimeoutMs: number;
  private readonly networks: readonly IpNetwork[];
  private readonly resolver: HostLookup;

  constructor(options: UrlPolicyOptions = {}) {
    const networks: IpNetwork[] = [];
    for (const entry of options.allowNetworks ?? []) {
      const network = typeof entry === 'string' ? parseIpNetwork(entry.trim()) : null;
      if (network === null) throw new AgentaoError('CONFIG_INVALID', `UrlPolicy: invalid allowNetworks entry ${JSON.stringify(entry)}`);
      networks.push(network);
    }
    const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    if (!Number.isInteger(maxRedirects) || maxRedirects < 0) throw new AgentaoError('CONFIG_INVALID', 'UrlPolicy: maxRedirects must be a non-negative integer');
    const lookupTimeoutMs = options.lookupTimeoutMs ?? DEFAULT_LOOKUP_TIMEOUT_MS;
    if (!(typeof lookupTimeoutMs === 'number' && lookupTimeoutMs > 0 && Number.isFinite(lookupTimeoutMs))) {
      throw new AgentaoError('CONFIG_INVALID', 'UrlPolicy: lookupTimeoutMs must be a positive number');
    }
    if (options.lookup !== undefined && typeof options.lookup !== 'function') throw new AgentaoError('CONFIG_INVALID', 'UrlPolicy: lookup must be a function');
    this.networks = networks;
    this.allowNetworks = Object.freeze(networks.map(formatIpNetwork));
    this.maxRedirects = maxRedirects;
    this.lookupTimeoutMs = lookupTimeoutMs;
    this.resolver = options.lookup ?? defaultLookup;
  }

  /** A policy whose allowed networks come from `AGENTAO_WEB_FETCH_ALLOW_CIDRS` (invalid tokens skipped). */
  static fromEnv(env: Record<string, string | undefined> = process.env): UrlPolicy {
    const raw = env[ALLOW_CIDRS_ENV] ?? '';
    const allowNetworks = raw.split(/[\s,]+/).filter((token) => token !== '' && parseIpNetwork(token) !== null);
    return new UrlPolicy({ allowNetworks });
  }

  /** Whether an IP address text may be connected to (non-global ones only via `allowNetworks`). */
  isAddressAllowed(text: string): boolean {
    const address = parseIpAddress(text);
    if (address === null) return false;
    if (!isNonGlobalAddress(address)) return true;
    const effective = effectiveAddress(address);
    return this.networks.some((network) => networkContains(network, effective) || networkContains(network, address));
  }

  /** Resolves a host and checks every answer; the addresses returned are the only ones to connect to. */
  async resolveHost(host: string): Promise<string[]> {
    let addresses: unknown;
    try {
      addresses = await withTimeout(Promise.resolve().then(() => this.resolver(host)), this.lookupTimeoutMs);
    } catch (error) {
      throw new UrlPolicyError(M.unresolved(host), host, { cause: error });
    }
    if (!Array.isArray(addresses) || addresses.length === 0 || !addresses.every((a) => typeof a === 'string')) {
      throw new UrlPolicyError(M.unresolved(host), host);
    }
    const list = addresses;
    const refused = list.filter((a) => !this.isAddressAllowed(a)).sort();
    if (refused.length > 0) {
      const shown = refused.slice(0, 3).join(', ') + (refused.length > 3 ? ', ...' : '');
      throw new UrlPolicyError(M.nonPublicResolved(host, shown), host);
    }
    return list;
  }

  /** Checks a URL (§12.1); resolves to the parsed URL or throws `UrlPolicyError` (`URL_REFUSED`). */
  async validate(url: string): Promise<URL> {
    const { parsed } = await this.check(url);
    return parsed;
  }

  private async check(url: string): Promise<{ parsed: URL; host: string; addresses: string[] | null }> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (error) {
      throw new UrlPolicyError(M.invalidUrl(String(url)), String(url), { cause: error });
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UrlPolicyError(M.scheme(url), url);
    if (parsed.username !== '' || parsed.password !== '') throw new UrlPolicyError(M.credentials(), url);
    if (parsed.hostname === '') throw new UrlPolicyError(M.noHost(url), url);
    const host = normaliseHost(parsed.hostname);
    if (parseIpAddress(host) !== null) {
      if (!this.isAddressAllowed(host)) throw new UrlPolicyError(M.nonPublicTarget(host), url);
      return { parsed, host, addresses: null };
    }
    if (LOCAL_NAMES.has(host) || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
      throw new UrlPolicyError(M.localName(host), url);
    }
    if (!host.includes('.')) throw new UrlPolicyError(M.singleLabel(host), url);
    return { parsed, host, addresses: await this.resolveHost(host) };
  }

  /** A `net` lookup hook that resolves through the policy, so the connected address is the checked one. */
  private connectLookup(): LookupFunction {
    return (hostname, options, callback) => {
      this.resolveHost(normaliseHost(hostname)).then(
        (addresses) => {
          const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
          const wanted = options.family === 4 || options.family === 6 ? entries.filter((e) => e.family === options.family) : entries;
          if (wanted.length === 0) {
            callback(Object.assign(new Error(`no address of family ${String(options.family)} for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
          } else if (options.all === true) {
            (callback as unknown as (err: null, list: { address: string; family: number }[]) => void)(null, wanted);
          } else {
            const first = wanted[0] as { address: string; family: number };
            callback(null, first.address, first.family);
          }
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 4),
      );
    };
  }

  private requestOnce(url: URL, init: GuardedFetchInit, signal: AbortSignal): Promise<IncomingMessage> {
    return new Promise((resolvePromise, reject) => {
      const options: RequestOptions = {
        method: 'GET',
        headers: { ...(init.headers ?? {}) },
        signal,
        lookup: this.connectLookup(),
        // A fresh connection per request: a pooled socket opened under another policy (or another
        // DNS answer) must never carry this request.
        agent: false,
      };
      const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(url, options, resolvePromise);
      req.on('error', (error) => {
        const cause: unknown = (error as { cause?: unknown }).cause;
        if (UrlPolicyError.isInstance(error) && error instanceof UrlPolicyError) reject(error);
        else if (cause instanceof UrlPolicyError) reject(cause);
        else reject(error);
      });
      req.end();
    });
  }

  /**
   * A guarded GET (§12.4): every hop is validated, resolved and connected through the policy;
   * redirects are followed by hand at most `maxRedirects` times; a refused hop is never requested.
   */
  async fetch(url: string, init: GuardedFetchInit = {}): Promise<Response> {
    let current = url;
    for (let hop = 0; hop <= this.maxRedirects; hop += 1) {
      const { parsed } = await this.check(current);
      const signals = [init.signal, init.timeoutMs !== undefined ? AbortSignal.timeout(init.timeoutMs) : undefined].filter(
        (s): s is AbortSignal => s !== undefined,
      );
      const signal = signals.length === 0 ? new AbortController().signal : AbortSignal.any(signals);
      const res = await this.requestOnce(parsed, init, signal);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (REDIRECT_STATUSES.has(status) && typeof location === 'string' && location !== '') {
        res.resume();
        res.destroy();
        try {
          current = new URL(location, parsed).href;
        } catch (error) {
          throw new UrlPolicyError(M.invalidUrl(location), location, { cause: error });
        }
        continue;
      }
      if (status < 200 || status > 599) {
        res.destroy();
        throw new AgentaoError('INTERNAL', `unsupported HTTP status ${status} from ${parsed.href}`);
      }
      const body = NULL_BODY_STATUSES.has(status) ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
      if (body === null) res.resume();
      const response = new Response(body, { status, statusText: res.statusMessage ?? '', headers: toHeaders(res) });
      Object.defineProperty(response, 'url', { value: parsed.href });
      return response;
    }
    throw new UrlPolicyError(M.tooManyRedirects(this.maxRedirects, url), url);
  }
}
