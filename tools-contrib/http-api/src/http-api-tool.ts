import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';
import { HTTP_API_MAX_RESPONSE_BYTES, type HttpApiConfig } from './http-api-config';
import { redactSecrets } from './redact-secrets';
import { type ApiResponse, sendRequest } from './send-request';

/** Items per page of a JSON-array body when `limit` is not given. */
export const HTTP_API_DEFAULT_ITEMS = 20;
/** Upper bound of `limit` (items of a JSON-array body). */
export const HTTP_API_MAX_ITEMS = 100;
/** Characters of body text per page (non-array bodies), and the size a page of items stops before. */
export const HTTP_API_PAGE_CHARS = 20_000;
/** Longest accepted request path. */
export const HTTP_API_MAX_PATH_CHARS = 2_000;
/** Longest accepted JSON request body. */
export const HTTP_API_MAX_BODY_CHARS = 100_000;

// RFC 3986 path characters. Percent-encoded dots, slashes and backslashes are refused so an
// encoded `..` or `/` cannot reach a path the allowlist did not match.
const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]+$/;
const ENCODED_SEPARATORS = /%(?:2e|2f|5c)/i;

/** Shared paging rules, quoted in both descriptions. */
export const PAGING_SENTENCE =
  `Paging: when the response body is a JSON array, items[offset … offset+limit) are returned (limit default ${HTTP_API_DEFAULT_ITEMS}, max ${HTTP_API_MAX_ITEMS}; a page also ends early before ${HTTP_API_PAGE_CHARS} chars);` +
  ` any other body is returned as text, ${HTTP_API_PAGE_CHARS} chars per page from character offset (limit is ignored). Call again with offset=next_offset while has_more is true.` +
  ` At most ${HTTP_API_MAX_RESPONSE_BYTES} bytes of a response are read (body_truncated true when cut).`;

/** The result shape sentence, quoted in both descriptions. */
export const RESULT_SENTENCE =
  'Returns JSON {status, http_status, content_type, kind:"json_array"|"text", items (json_array) or body (text), total, offset, has_more, next_offset, body_truncated};' +
  ' status is "ok" for HTTP 1xx-3xx and "error" with a message for HTTP 4xx/5xx (the body is still included). Redirects are not followed: a 3xx carries its location.' +
  ' A refused path, method or URL, or a network failure: JSON {status:"error", message}.';

/** Properties common to both tools' schemas. */
export function commonProperties(): Record<string, JsonSchema> {
  return {
    path: { type: 'string', description: 'Path after the base URL, starting with /; must match an allowed pattern.' },
    query: {
      type: 'object',
      description: 'Query parameters.',
      additionalProperties: { type: ['string', 'number', 'boolean'] },
    },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'Item or character offset (from next_offset).' },
    limit: { type: 'integer', minimum: 1, maximum: HTTP_API_MAX_ITEMS, default: HTTP_API_DEFAULT_ITEMS, description: 'Items per page (JSON arrays).' },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function intArg(name: string, value: unknown, fallback: number, min: number, max: number): number | string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value)) return `${name} must be an integer`;
  if (value < min) return `${name} must be >= ${min}`;
  return Math.min(value, max);
}

function parseJsonArray(text: string, contentType: string): unknown[] | null {
  if (!/json/i.test(contentType) && !text.trimStart().startsWith('[')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Base of the HTTP API tools: path allowlist, URL policy, injected headers, paging and redaction. */
export abstract class HttpApiTool extends Tool {
  readonly parameters: JsonSchema;

  protected constructor(
    protected readonly config: HttpApiConfig,
    parameters: JsonSchema,
  ) {
    super();
    this.parameters = parameters;
  }

  /** The allowed patterns as the model sees them. */
  protected allowedPathsSentence(): string {
    return `Base URL: ${this.config.base.href.replace(/\/$/, '')}. Allowed paths (patterns; * = one segment, ** = any rest): ${this.config.patterns.join(', ')}.`;
  }

  /**
   * The tool description: the host's API description, `summary`, the allowed paths, `argumentsSentence`,
   * then the sentences both tools share, so the GET and request tools always describe the API alike.
   */
  protected describe(summary: string, argumentsSentence: string): string {
    return [
      this.config.apiDescription,
      summary,
      this.allowedPathsSentence(),
      argumentsSentence,
      'Authentication is added by the host; do not send credentials.',
      PAGING_SENTENCE,
      RESULT_SENTENCE,
    ]
      .filter((s) => s !== '')
      .join(' ');
  }

  /** Every string the model sees goes through here, so a header value can never leak. */
  protected finish(result: Record<string, unknown>): string {
    return redactSecrets(JSON.stringify(result), this.config.secrets);
  }

  protected fail(message: string): string {
    return this.finish({ status: 'error', message });
  }

  /** Validates path and query; returns the URL or an error message. */
  protected buildUrl(rawPath: unknown, rawQuery: unknown): URL | string {
    if (typeof rawPath !== 'string' || rawPath === '') return 'path must be a non-empty string starting with /';
    if (rawPath.length > HTTP_API_MAX_PATH_CHARS) return `path is longer than ${HTTP_API_MAX_PATH_CHARS} chars`;
    if (!rawPath.startsWith('/')) return 'path must start with /';
    if (!PATH_CHARS.test(rawPath)) return 'path contains characters outside RFC 3986 path characters (put query parameters in query)';
    if (ENCODED_SEPARATORS.test(rawPath)) return 'path must not contain percent-encoded dots, slashes or backslashes';
    const segments = rawPath.split('/').slice(1);
    if (segments.some((s, i) => s === '.' || s === '..' || (s === '' && i < segments.length - 1))) return 'path must not contain empty, . or .. segments';
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    if (!this.config.matchers.some((m) => m.test(path))) {
      return `path ${path.length > 200 ? `${path.slice(0, 200)}…` : path} is not allowed; allowed patterns: ${this.config.patterns.join(', ')}`;
    }
    const base = this.config.base;
    const url = new URL(base.href);
    url.pathname = base.pathname.replace(/\/$/, '') + rawPath;
    if (rawQuery !== undefined && rawQuery !== null) {
      if (!isRecord(rawQuery)) return 'query must be an object of names to strings, numbers or booleans';
      for (const [key, value] of Object.entries(rawQuery)) {
        if (typeof value !== 'string' && typeof value !== 'boolean' && !(typeof value === 'number' && Number.isFinite(value))) {
          return `query.${key.slice(0, 100)} must be a string, a finite number or a boolean`;
        }
        url.searchParams.append(key, String(value));
      }
    }
    if (url.origin !== base.origin) return 'path leaves the configured API';
    return url;
  }

  /** Sends the request and shapes one page of the response. */
  protected async call(method: string, args: Record<string, unknown>, body: string | null, ctx: ToolContext): Promise<string> {
    const url = this.buildUrl(args.path, args.query);
    if (typeof url === 'string') return this.fail(url);
    const offset = intArg('offset', args.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    if (typeof offset === 'string') return this.fail(offset);
    const limit = intArg('limit', args.limit, HTTP_API_DEFAULT_ITEMS, 1, HTTP_API_MAX_ITEMS);
    if (typeof limit === 'string') return this.fail(limit);
    let response: ApiResponse;
    try {
      response = await sendRequest(this.config.urlPolicy, url, {
        method,
        headers: { ...this.config.headers },
        body,
        signal: ctx.signal,
        timeoutMs: this.config.timeoutMs,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return this.fail(`${method} ${url.pathname} failed: ${message}`);
    }
    return this.finish(this.page(method, url, response, offset, limit));
  }

  private page(method: string, url: URL, response: ApiResponse, offset: number, limit: number): Record<string, unknown> {
    const ok = response.status < 400;
    const head: Record<string, unknown> = {
      status: ok ? 'ok' : 'error',
      ...(ok ? {} : { message: `HTTP ${response.status} ${response.statusText} from ${method} ${url.pathname}`.trim() }),
      http_status: response.status,
      content_type: response.contentType,
      ...(response.location !== null ? { location: response.location } : {}),
    };
    // Redact before paging so offsets count the text the model actually sees.
    const text = redactSecrets(response.text, this.config.secrets);
    const items = response.truncated ? null : parseJsonArray(text, response.contentType);
    if (items !== null) {
      const page: unknown[] = [];
      let size = 300;
      let index = offset;
      for (; index < items.length && page.length < limit; index += 1) {
        const itemSize = JSON.stringify(items[index] ?? null).length + 1;
        if (size + itemSize > HTTP_API_PAGE_CHARS) {
          if (page.length === 0) {
            return { ...head, kind: 'text', body: JSON.stringify(items[index]).slice(0, HTTP_API_PAGE_CHARS), total: items.length, offset, has_more: index + 1 < items.length, next_offset: index + 1 < items.length ? index + 1 : null, body_truncated: true };
          }
          break;
        }
        size += itemSize;
        page.push(items[index]);
      }
      const hasMore = index < items.length;
      return { ...head, kind: 'json_array', items: page, total: items.length, offset, has_more: hasMore, next_offset: hasMore ? index : null, body_truncated: false };
    }
    const slice = text.slice(offset, offset + HTTP_API_PAGE_CHARS);
    const end = offset + slice.length;
    const hasMore = end < text.length;
    return { ...head, kind: 'text', body: slice, total: text.length, offset, has_more: hasMore, next_offset: hasMore ? end : null, body_truncated: response.truncated };
  }
}
