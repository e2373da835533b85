import { TextDecoder } from 'node:util';

import { AgentaoError, type JsonSchema, Tool, type ToolContext } from '@agentao/core';
import { UrlPolicy, UrlPolicyError } from '@agentao/permissions';
import { type HTMLElement, type Node, NodeType, parse, type TextNode } from 'node-html-parser';

import { errorMessage } from '@agentao/core/internal';
import { type FileToolFacts } from '../file-tool-facts';

/** Most characters of content a result shows; longer content is cut and marked. */
export const WEB_FETCH_MAX_CHARS = 10_000;

/** Most bytes of a response body downloaded; the rest is never read. */
export const WEB_FETCH_MAX_BYTES = 5_000_000;

/** Seconds one request (each redirect hop, body included) may take. */
export const WEB_FETCH_TIMEOUT_S = 30;

/** Visible text below this share of the HTML suggests a JavaScript-rendered page. */
export const JS_TEXT_RATIO = 0.05;

/** Visible text under this many characters … */
export const JS_MIN_TEXT_CHARS = 200;

/** … in HTML over this many characters suggests a JavaScript-rendered page. */
export const JS_MIN_HTML_CHARS = 5000;

/** Strings whose presence in the HTML marks a client-rendered framework page. */
export const JS_FRAMEWORK_MARKERS: readonly string[] = Object.freeze([
  '__NEXT_DATA__',
  '__nuxt__',
  'data-reactroot',
  'data-react-helmet',
  'ng-version',
  '__vue__',
  'data-server-rendered',
  'ember-application',
  'svelte-',
  '__remix_manifest',
]);

/** The note placed before the content of a page that seems to need JavaScript. */
export const WEB_FETCH_JS_NOTE = 'Note: the page appears to require JavaScript rendering; only the static HTML was captured.\n';

/** Appended to content cut at `WEB_FETCH_MAX_CHARS`. */
export const WEB_FETCH_TRUNCATION_MARKER = '\n\n[Content truncated...]';

/** The fixed desktop-browser User-Agent sent with every request. */
export const WEB_FETCH_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

/** Elements removed before text extraction. */
export const WEB_FETCH_DROPPED_ELEMENTS: readonly string[] = Object.freeze(['script', 'style', 'nav', 'footer']);

/** Fixed prefixes and markers `web_fetch` can return (checked by the description-facts test). */
export const WEB_FETCH_RESULT_MARKERS: readonly string[] = Object.freeze([
  'URL: ',
  'Status: ',
  'Error: blocked outbound request — ',
  'Error: Request timed out for ',
  'Error fetching URL: HTTP ',
  'Error fetching URL: ',
  'Error: ',
  '[Non-text content (',
  WEB_FETCH_JS_NOTE.trimEnd(),
  WEB_FETCH_TRUNCATION_MARKER.trim(),
]);

/** The facts manifest of `web_fetch` (tools-builtin.md §7.1); the redirect limit and allowlist come from the policy. */
export const WEB_FETCH_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({
    WEB_FETCH_MAX_CHARS: WEB_FETCH_MAX_CHARS.toLocaleString('en-US'),
    WEB_FETCH_MAX_BYTES: WEB_FETCH_MAX_BYTES.toLocaleString('en-US'),
    WEB_FETCH_TIMEOUT_S: String(WEB_FETCH_TIMEOUT_S),
  }),
  resultMarkers: WEB_FETCH_RESULT_MARKERS,
  requiredPhrases: Object.freeze([
    '[Content truncated...]',
    `${WEB_FETCH_MAX_CHARS.toLocaleString('en-US')} characters`,
    `${WEB_FETCH_MAX_BYTES.toLocaleString('en-US')} bytes`,
    'every hop is checked again',
    'multicast',
    'extract_text',
  ]),
  forbiddenPhrases: Object.freeze(['renders JavaScript', 'headless browser', 'no size limit']),
});

// Elements that start a new line in the extracted text (the rest is inline).
const BLOCK_ELEMENTS = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'br', 'caption', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'head', 'header', 'hgroup',
  'hr', 'html', 'legend', 'li', 'main', 'nav', 'ol', 'option', 'p', 'pre', 'section', 'summary', 'table', 'tbody',
  'td', 'tfoot', 'th', 'thead', 'title', 'tr', 'ul',
]);

const TEXT_LIKE_TYPES = new Set(['application/json', 'application/xml', 'application/javascript']);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

const count = (value: number): string => value.toLocaleString('en-US');

/** Whether a timeout (not a caller abort) ended the request, looking through `cause` chains. */
function isTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e !== null && e !== undefined && depth < 5; depth++) {
    if (typeof e === 'object' && (e as { name?: unknown }).name === 'TimeoutError') return true;
    e = typeof e === 'object' ? (e as { cause?: unknown }).cause : undefined;
  }
  return false;
}

function isUrlRefusal(error: unknown): error is Error {
  return error instanceof UrlPolicyError || (UrlPolicyError.isInstance(error) && error.code === 'URL_REFUSED');
}

/** Reads at most `WEB_FETCH_MAX_BYTES` of the body and stops downloading there. */
async function readCapped(body: ReadableStream<Uint8Array> | null): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (body === null) return { bytes: new Uint8Array(0), truncated: false };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = WEB_FETCH_MAX_BYTES - size;
      if (value.length >= room) {
        chunks.push(value.subarray(0, room));
        size += room;
        // Reaching the cap counts as cut: a character split there must not become U+FFFD.
        truncated = true;
        break;
      }
      chunks.push(value);
      size += value.length;
    }
  } finally {
    // Cancelling stops the transfer; the rest of a large body is never downloaded.
    await reader.cancel().catch(() => undefined);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, truncated };
}

function decode(bytes: Uint8Array, charset: string | null, cut: boolean): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  // When the body was cut, a character split by the cut is dropped rather than shown as U+FFFD.
  return cut ? decoder.decode(bytes, { stream: true }) : decoder.decode(bytes);
}

function parseContentType(header: string | null): { mime: string | null; charset: string | null } {
  if (header === null || header.trim() === '') return { mime: null, charset: null };
  const [type = '', ...params] = header.split(';');
  let charset: string | null = null;
  for (const param of params) {
    const [key, value] = param.split('=');
    if (key?.trim().toLowerCase() === 'charset' && value !== undefined) charset = value.trim().replace(/^"|"$/g, '');
  }
  return { mime: type.trim().toLowerCase(), charset };
}

function isTextLike(mime: string): boolean {
  return mime.startsWith('text/') || TEXT_LIKE_TYPES.has(mime) || mime.endsWith('+json') || mime.endsWith('+xml');
}

function collectText(node: Node, out: string[]): void {
  if (node.nodeType === NodeType.TEXT_NODE) {
    out.push((node as TextNode).text);
    return;
  }
  if (node.nodeType !== NodeType.ELEMENT_NODE) return;
  const tag = (node as HTMLElement).rawTagName?.toLowerCase() ?? '';
  if (WEB_FETCH_DROPPED_ELEMENTS.includes(tag)) return;
  const block = BLOCK_ELEMENTS.has(tag);
  if (block) out.push('\n');
  for (const child of node.childNodes) collectText(child, out);
  if (block) out.push('\n');
}

/**
 * Readable text of an HTML document (§5.8): script, style, nav and footer dropped; a line break
 * between block elements; each line trimmed and split on runs of two or more spaces; pieces
 * trimmed; empty ones dropped; joined with `\n`.
 */
export function extractReadableText(html: string): string {
  // Only script and style keep raw (unparsed) content; everything else is parsed as markup.
  // The parser keeps `<!doctype …>` and `<?xml …?>` as text; they are markup, not content.
  const markup = html.replace(/<![A-Za-z][^>]*>|<\?[^>]*\?>/g, '');
  const root = parse(markup, { comment: false, blockTextElements: { script: true, style: true } });
  const parts: string[] = [];
  collectText(root, parts);
  const pieces: string[] = [];
  for (const line of parts.join('').split(/\r\n|\r|\n/)) {
    for (const piece of line.trim().split(/ {2,}/)) {
      const trimmed = piece.trim();
      if (trimmed !== '') pieces.push(trimmed);
    }
  }
  return pieces.join('\n');
}

function needsJavaScript(html: string, visibleText: string): boolean {
  if (JS_FRAMEWORK_MARKERS.some((marker) => html.includes(marker))) return true;
  if (html.length > 0 && visibleText.length / html.length < JS_TEXT_RATIO) return true;
  return visibleText.length < JS_MIN_TEXT_CHARS && html.length > JS_MIN_HTML_CHARS;
}

function cutContent(text: string): string {
  if (text.length <= WEB_FETCH_MAX_CHARS) return text;
  let end = WEB_FETCH_MAX_CHARS;
  const code = text.charCodeAt(end - 1);
  // Never end on the high half of a surrogate pair.
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end) + WEB_FETCH_TRUNCATION_MARKER;
}

/** Options of `new WebFetchTool(…)`. */
export interface WebFetchToolOptions {
  /** The outbound-URL guard; default `UrlPolicy.fromEnv()`. */
  urlPolicy?: UrlPolicy;
  /** Seconds one request may take; default `WEB_FETCH_TIMEOUT_S` (the description states the value in force). */
  timeoutSeconds?: number;
}

/** `web_fetch`: a guarded HTTP(S) GET returning a page's readable text. */
export class WebFetchTool extends Tool {
  readonly name = 'web_fetch';
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = true;
  /** The URL guard every request and redirect hop goes through. */
  readonly urlPolicy: UrlPolicy;
  /** Seconds one request (each hop, body included) may take. */
  readonly timeoutSeconds: number;

  constructor(options: WebFetchToolOptions = {}) {
    super();
    this.urlPolicy = options.urlPolicy ?? UrlPolicy.fromEnv();
    const timeout = options.timeoutSeconds ?? WEB_FETCH_TIMEOUT_S;
    if (!(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
      throw new AgentaoError('CONFIG_INVALID', `WebFetchTool: timeoutSeconds must be a positive number, got ${String(timeout)}`);
    }
    this.timeoutSeconds = timeout;
  }

  /** Built from the constants and the policy in force (redirect limit, allowlist). */
  get description(): string {
    const lines = [
      'Fetch a web page or file with an HTTP(S) GET and return its content as text. Use it when the user gives a URL or you need the contents of a public web page; JavaScript is not executed.',
      'HTML (text/html, application/xhtml+xml) is converted to readable text when extract_text is true (default): scripts, styles, navigation and footers are removed and each text block goes on its own line; with extract_text false the raw HTML is returned.',
      'Text-like types (text/*, JSON, XML, JavaScript) are returned as is; any other type gives `[Non-text content (<type>, <size> bytes) not shown]`.',
      `At most ${count(WEB_FETCH_MAX_BYTES)} bytes are downloaded. Content longer than ${count(WEB_FETCH_MAX_CHARS)} characters is cut to its first ${count(WEB_FETCH_MAX_CHARS)} and ends with \`[Content truncated...]\`.`,
      `Each request times out after ${this.timeoutSeconds} seconds.`,
      `Private, loopback, link-local, multicast and internal addresses and host names are refused (\`Error: blocked outbound request — <reason>\`). Redirects are followed (at most ${this.urlPolicy.maxRedirects}) and every hop is checked again.`,
      `When the page appears to need JavaScript rendering (a client-side framework marker, or very little visible text for its size), the result carries \`${WEB_FETCH_JS_NOTE.trimEnd()}\``,
      'Result: `URL: <url>`, `Status: <status>`, the note when it applies, then the content. Errors: `Error: Request timed out for <url>`, `Error fetching URL: HTTP <status> <reason>` (a status outside the success range), `Error fetching URL: <message>` (network failure), `Error: <message>` (anything else, e.g. an invalid argument).',
    ];
    if (this.urlPolicy.allowNetworks.length > 0) lines.push(`SSRF allowlist active: ${this.urlPolicy.allowNetworks.join(', ')}.`);
    return lines.join('\n');
  }

  /** Parameter schema; defaults are stated in each description. */
  get parameters(): JsonSchema {
    return {
      type: 'object',
      properties: {
        url: { type: 'string', description: 'The http or https URL to fetch.' },
        extract_text: {
          type: 'boolean',
          description: 'true: return the readable text of an HTML page; false: return the raw HTML; default true.',
          default: true,
        },
      },
      required: ['url'],
      additionalProperties: false,
    };
  }

  /** Fetches the URL; every expected failure is a result string. */
  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const { url, extract_text: extractArg } = args;
    if (typeof url !== 'string' || url.trim() === '') return 'Error: url must be a non-empty string';
    if (extractArg !== undefined && typeof extractArg !== 'boolean') return 'Error: extract_text must be a boolean';
    const extractText = extractArg ?? true;

    let response: Response;
    try {
      response = await this.urlPolicy.fetch(url, {
        headers: { 'User-Agent': WEB_FETCH_USER_AGENT },
        signal: ctx.signal,
        timeoutMs: this.timeoutSeconds * 1000,
      });
    } catch (error) {
      if (isUrlRefusal(error)) return `Error: blocked outbound request — ${error.message}`;
      if (isTimeout(error)) return `Error: Request timed out for ${url}`;
      return `Error fetching URL: ${errorMessage(error)}`;
    }

    try {
      if (response.status < 200 || response.status > 299) {
        await response.body?.cancel().catch(() => undefined);
        return `Error fetching URL: HTTP ${response.status} ${response.statusText}`.trimEnd();
      }
      let body: { bytes: Uint8Array; truncated: boolean };
      try {
        body = await readCapped(response.body);
      } catch (error) {
        if (isTimeout(error)) return `Error: Request timed out for ${url}`;
        return `Error fetching URL: ${errorMessage(error)}`;
      }
      const { mime, charset } = parseContentType(response.headers.get('content-type'));
      const text = decode(body.bytes, charset, body.truncated);
      let note = '';
      let content: string;
      const isHtml = mime === null ? /^\uFEFF?\s*</.test(text) : HTML_TYPES.has(mime);
      if (isHtml) {
        const readable = extractReadableText(text);
        if (needsJavaScript(text, readable)) note = WEB_FETCH_JS_NOTE;
        content = extractText ? readable : text;
      } else if (mime !== null && isTextLike(mime)) {
        content = text;
      } else {
        const declared = Number(response.headers.get('content-length'));
        const size = Number.isFinite(declared) && declared > 0 ? declared : body.bytes.length;
        content = `[Non-text content (${mime ?? 'unknown type'}, ${count(size)} bytes) not shown]`;
      }
      return `URL: ${url}\nStatus: ${response.status}\n${note}\n${cutContent(content)}`;
    } catch (error) {
      return `Error: ${errorMessage(error)}`;
    }
  }
}
