import { AgentaoError } from '@agentao/core';
import { UrlPolicy } from '@agentao/permissions';

/** Methods the write tool may be configured with. */
export const HTTP_API_WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
/** A method the write tool may send. */
export type HttpApiWriteMethod = (typeof HTTP_API_WRITE_METHODS)[number];
/** Default bound on one request, including reading the body. */
export const HTTP_API_DEFAULT_TIMEOUT_MS = 30_000;
/** At most this many response bytes are read; the rest is cut (`body_truncated: true`). */
export const HTTP_API_MAX_RESPONSE_BYTES = 1_000_000;

/** What the host configures for one REST API. */
export interface HttpApiOptions {
  /** Base URL every path is appended to, e.g. `https://api.example.com/v1`. */
  baseUrl: string;
  /** Allowed path patterns relative to the base: `/orders`, `/orders/*` (one segment), `/orders/**` (any rest). */
  paths: string[];
  /** Methods offered; default `['GET']`. GET goes to the read-only tool, the others to the write tool. */
  methods?: ('GET' | HttpApiWriteMethod)[];
  /** Headers added to every request (auth); never shown to the model, and their values are redacted from results. */
  headers?: Record<string, string>;
  /** One sentence saying what the API is, put at the start of each description. */
  apiDescription?: string;
  /** Tool names are `<namePrefix>_get` and `<namePrefix>_request`; snake_case; default `http_api`. */
  namePrefix?: string;
  /** Outbound URL guard; default `new UrlPolicy()` (public addresses only). */
  urlPolicy?: UrlPolicy;
  /** Per-request bound; default `HTTP_API_DEFAULT_TIMEOUT_MS`. */
  timeoutMs?: number;
}

/** The validated, frozen configuration shared by the tools of one API. */
export interface HttpApiConfig {
  readonly base: URL;
  readonly patterns: readonly string[];
  readonly matchers: readonly RegExp[];
  readonly writeMethods: readonly HttpApiWriteMethod[];
  readonly offersGet: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly secrets: readonly string[];
  readonly apiDescription: string;
  readonly namePrefix: string;
  readonly urlPolicy: UrlPolicy;
  readonly timeoutMs: number;
}

const PATTERN_SEGMENT = /^(?:\*\*|\*|[A-Za-z0-9\-._~!$&'()+,;=:@]+)$/;

function invalid(message: string): AgentaoError {
  return new AgentaoError('CONFIG_INVALID', `HttpApi: ${message}`);
}

/** `/a/*\/b/**` → a regex over normalised request paths. */
function compilePattern(pattern: string): RegExp {
  if (!pattern.startsWith('/')) throw invalid(`path pattern must start with '/': ${pattern}`);
  const segments = pattern === '/' ? [] : pattern.slice(1).split('/');
  let source = '';
  for (const [i, segment] of segments.entries()) {
    if (!PATTERN_SEGMENT.test(segment)) throw invalid(`invalid path pattern segment '${segment}' in ${pattern}`);
    if (segment === '**') {
      if (i !== segments.length - 1) throw invalid(`'**' may only end a path pattern: ${pattern}`);
      source += '(?:/[^/]+)*';
    } else if (segment === '*') source += '/[^/]+';
    else source += '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source === '' ? '/' : source}$`);
}

/** Validates host options once; throws `CONFIG_INVALID` with a specific message. */
export function resolveHttpApiConfig(options: HttpApiOptions): HttpApiConfig {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw invalid(`baseUrl is not a URL: ${String(options.baseUrl)}`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw invalid('baseUrl must be http or https');
  if (base.username !== '' || base.password !== '') throw invalid('baseUrl must not embed credentials; use headers');
  if (base.search !== '' || base.hash !== '') throw invalid('baseUrl must not have a query or fragment');
  if (!Array.isArray(options.paths) || options.paths.length === 0) throw invalid('paths must list at least one allowed path pattern');
  const matchers = options.paths.map(compilePattern);
  const methods = options.methods ?? ['GET'];
  for (const method of methods) {
    if (method !== 'GET' && !HTTP_API_WRITE_METHODS.includes(method)) throw invalid(`unsupported method ${String(method)}`);
  }
  const namePrefix = options.namePrefix ?? 'http_api';
  if (!/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(namePrefix) || namePrefix.length > 50) throw invalid(`namePrefix must be snake_case: ${namePrefix}`);
  const headers = { ...(options.headers ?? {}) };
  for (const [key, value] of Object.entries(headers)) {
    if (typeof value !== 'string') throw invalid(`header ${key} must be a string`);
  }
  const timeoutMs = options.timeoutMs ?? HTTP_API_DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) throw invalid('timeoutMs must be a positive number');
  // Short values would redact ordinary words; auth values are long in practice.
  const secrets = Object.values(headers).flatMap((v) => [v, ...v.split(/\s+/).filter((part) => part.length >= 8)]).filter((v) => v.length >= 4);
  return Object.freeze({
    base,
    patterns: Object.freeze([...options.paths]),
    matchers: Object.freeze(matchers),
    writeMethods: Object.freeze(HTTP_API_WRITE_METHODS.filter((m) => methods.includes(m))),
    offersGet: methods.includes('GET'),
    headers: Object.freeze(headers),
    secrets: Object.freeze([...new Set(secrets)].sort((a, b) => b.length - a.length)),
    apiDescription: options.apiDescription?.trim() ?? '',
    namePrefix,
    urlPolicy: options.urlPolicy ?? new UrlPolicy(),
    timeoutMs,
  });
}
