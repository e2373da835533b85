import { AgentaoError } from '../errors';
import {
  ARGS_UNPARSEABLE_REASON,
  BRACKET_BALANCE_MAX_INPUT,
  BRACKET_BALANCE_MAX_PASSES,
  argsNotObjectReason,
  argsWrongInputTypeReason,
} from './constants';
import { parsePythonLiteral } from './parse-python-literal';
import { safeJsonParse } from './safe-json-parse';

/** Options of `parseToolArguments`. */
export interface ParseToolArgumentsOptions {
  /** Try closing truncated brackets (only for history canonicalisation, never for execution). */
  allowBracketBalance?: boolean;
}

/** A repair tier that `parseToolArguments` may report, in the order the tiers run. */
export type ArgumentRepairTag =
  | 'empty'
  | 'fence'
  | 'double-encoded'
  | 'lenient-json'
  | 'trailing-comma'
  | 'python-literal'
  | 'bracket-balance';

/** The outcome of `parseToolArguments`: the arguments and the repair tiers used (empty = strict JSON). */
export interface ParsedToolArguments {
  args: Record<string, unknown>;
  repairs: string[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const FENCE = '```';

/** True for an object whose prototype is `Object.prototype` or `null` (what JSON objects are). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function inputTypeName(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object' && value !== null) {
    const ctor: unknown = (value as { constructor?: unknown }).constructor;
    return typeof ctor === 'function' && ctor.name !== '' ? ctor.name : 'object';
  }
  return typeof value;
}

function parsedTypeName(value: unknown): 'array' | 'string' | 'number' | 'boolean' | 'null' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'boolean') return 'boolean';
  // JSON and the Python tier only produce the shapes above; anything else reports as null.
  return 'null';
}

function controlEscape(code: number): string {
  switch (code) {
    case 0x08:
      return '\\b';
    case 0x09:
      return '\\t';
    case 0x0a:
      return '\\n';
    case 0x0c:
      return '\\f';
    case 0x0d:
      return '\\r';
    default:
      return `\\u${code.toString(16).padStart(4, '0')}`;
  }
}

/** Escapes raw U+0000–U+001F inside double-quoted string literals; text outside literals is untouched. */
function escapeControlCharsInStrings(text: string): string {
  const parts: string[] = [];
  let chunkStart = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!inString) {
      if (code === QUOTE) inString = true;
    } else if (escaped) {
      escaped = false;
    } else if (code === BACKSLASH) {
      escaped = true;
    } else if (code === QUOTE) {
      inString = false;
    } else if (code < 0x20) {
      parts.push(text.slice(chunkStart, i), controlEscape(code));
      chunkStart = i + 1;
    }
  }
  if (parts.length === 0) return text;
  parts.push(text.slice(chunkStart));
  return parts.join('');
}

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * Calls `visit` with each character code outside JSON string literals (the quotes themselves are
 * inside). Shared by the repairs that must never touch text inside strings.
 */
function forEachCodeOutsideStrings(text: string, visit: (code: number, index: number) => void): void {
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else {
      visit(code, i);
    }
  }
}

/** Drops every `,` followed by optional whitespace and `}` or `]`, outside string literals only. */
function removeTrailingCommas(text: string): string {
  const parts: string[] = [];
  let chunkStart = 0;
  forEachCodeOutsideStrings(text, (code, i) => {
    if (code !== 0x2c) return;
    let j = i + 1;
    while (j < text.length && isJsonSpace(text.charCodeAt(j))) j++;
    const next = text.charAt(j);
    if (next === '}' || next === ']') {
      parts.push(text.slice(chunkStart, i));
      chunkStart = i + 1;
    }
  });
  if (parts.length === 0) return text;
  parts.push(text.slice(chunkStart));
  return parts.join('');
}

interface BracketCounts {
  openBrace: number;
  closeBrace: number;
  openBracket: number;
  closeBracket: number;
}

/** Counts `{`, `}`, `[`, `]` outside string literals. */
function countBrackets(text: string): BracketCounts {
  const counts: BracketCounts = { openBrace: 0, closeBrace: 0, openBracket: 0, closeBracket: 0 };
  forEachCodeOutsideStrings(text, (code) => {
    if (code === 0x7b) counts.openBrace++;
    else if (code === 0x7d) counts.closeBrace++;
    else if (code === 0x5b) counts.openBracket++;
    else if (code === 0x5d) counts.closeBracket++;
  });
  return counts;
}

type Attempt = { ok: true; value: unknown; tags: ArgumentRepairTag[] } | { ok: false };

/** Tier 4: escape raw control characters in string literals, then `JSON.parse`. */
function lenientParse(text: string): Attempt {
  const escaped = escapeControlCharsInStrings(text);
  const parsed = safeJsonParse(escaped);
  if (!parsed.ok) return { ok: false };
  return { ok: true, value: parsed.value, tags: escaped === text ? [] : ['lenient-json'] };
}

/** Tier 7: close missing brackets, then trim surplus trailing closers, at most `BRACKET_BALANCE_MAX_PASSES` times. */
function bracketBalance(text: string): Attempt {
  const initial = countBrackets(text);
  let candidate =
    text +
    '}'.repeat(Math.max(0, initial.openBrace - initial.closeBrace)) +
    ']'.repeat(Math.max(0, initial.openBracket - initial.closeBracket));
  let result: Attempt = { ok: false };
  let parsedCandidate: string | null = null;
  for (let pass = 0; pass < BRACKET_BALANCE_MAX_PASSES; pass++) {
    result = lenientParse(candidate);
    if (result.ok) {
      parsedCandidate = candidate;
      break;
    }
    const counts = countBrackets(candidate);
    const trimmed = candidate.trimEnd();
    const last = trimmed.charAt(trimmed.length - 1);
    if ((last === '}' && counts.closeBrace > counts.openBrace) || (last === ']' && counts.closeBracket > counts.openBracket)) {
      candidate = trimmed.slice(0, -1);
    } else {
      break;
    }
  }
  if (candidate === text) return { ok: false };
  if (parsedCandidate !== candidate) result = lenientParse(candidate);
  if (!result.ok) return result;
  return { ok: true, value: result.value, tags: ['bracket-balance', ...result.tags] };
}

/** Tiers 3–7 on already trimmed, unfenced text. */
function parseText(text: string, allowBracketBalance: boolean): Attempt {
  const strict = safeJsonParse(text);
  if (strict.ok) {
    if (typeof strict.value === 'string') {
      const inner = safeJsonParse(strict.value);
      if (inner.ok) return { ok: true, value: inner.value, tags: ['double-encoded'] };
    }
    return { ok: true, value: strict.value, tags: [] };
  }
  const lenient = lenientParse(text);
  if (lenient.ok) return lenient;
  const withoutCommas = removeTrailingCommas(text);
  if (withoutCommas !== text) {
    const repaired = lenientParse(withoutCommas);
    if (repaired.ok) return { ok: true, value: repaired.value, tags: ['trailing-comma', ...repaired.tags] };
  }
  const python = parsePythonLiteral(text);
  if (python.ok) return { ok: true, value: python.value, tags: ['python-literal'] };
  if (allowBracketBalance && text.length <= BRACKET_BALANCE_MAX_INPUT) return bracketBalance(text);
  return { ok: false };
}

/** Splits a single ```` ``` ```` block (optional `json` tag) into its trimmed inner text, or `null`. */
function unfence(text: string): string | null {
  if (text.length < 2 * FENCE.length || !text.startsWith(FENCE) || !text.endsWith(FENCE)) return null;
  let inner = text.slice(FENCE.length, text.length - FENCE.length).replace(/^[ \t]+/, '');
  if (inner.slice(0, 4).toLowerCase() === 'json') inner = inner.slice(4);
  return inner.trim();
}

function unparseable(reason: string): AgentaoError {
  return new AgentaoError('TOOL_ARGS_UNPARSEABLE', reason);
}

/** Parses model-sent tool arguments through the repair tiers; throws `TOOL_ARGS_UNPARSEABLE`. */
export function parseToolArguments(raw: unknown, options: ParseToolArgumentsOptions = {}): ParsedToolArguments {
  if (raw === null || raw === undefined) return { args: {}, repairs: ['empty'] };
  if (isPlainObject(raw)) return { args: raw, repairs: [] };
  if (typeof raw !== 'string') throw unparseable(argsWrongInputTypeReason(inputTypeName(raw)));

  const repairs: ArgumentRepairTag[] = [];
  let text = raw.trim();
  if (text === '' || /^(?:none|null)$/i.test(text)) return { args: {}, repairs: ['empty'] };
  const inner = unfence(text);
  if (inner !== null) {
    if (inner === '') return { args: {}, repairs: ['fence', 'empty'] };
    repairs.push('fence');
    text = inner;
  }

  const attempt = parseText(text, options.allowBracketBalance === true);
  if (!attempt.ok) throw unparseable(ARGS_UNPARSEABLE_REASON);
  if (!isPlainObject(attempt.value)) throw unparseable(argsNotObjectReason(parsedTypeName(attempt.value)));
  return { args: attempt.value, repairs: [...repairs, ...attempt.tags] };
}
