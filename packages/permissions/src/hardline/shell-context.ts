/** Quoting context of one character of a shell command (§9.3). */
export const ShellContext = { Top: 0, Single: 1, Double: 2, Substitution: 3, Backtick: 4 } as const;
/** One of the `ShellContext` values. */
export type ShellContext = (typeof ShellContext)[keyof typeof ShellContext];

/** The shell-context model of one command text: contexts of the original text plus its normalised word view. */
export interface ShellContextModel {
  /** The original text. */
  readonly text: string;
  /** Innermost context of every original character; an opener belongs to the outer context. */
  readonly contexts: Uint8Array;
  /** 1 where the original character is backslash-escaped. */
  readonly escaped: Uint8Array;
  /** The text as bash sees it for word concatenation: quotes dropped, escapes resolved, `$'…'` decoded. */
  readonly normalized: string;
  /** `indexMap[i]` is the original offset of normalised character `i`. */
  readonly indexMap: Int32Array;
  /** 1 where the normalised character came out of a decoded `$'…'` / `$"…"` body (never a real separator). */
  readonly quotedLiteral: Uint8Array;
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  v: '\v',
};

function isHex(ch: string | undefined): boolean {
  return ch !== undefined && /^[0-9a-fA-F]$/.test(ch);
}

function readHex(body: string, start: number, max: number): { value: number; end: number } | null {
  let end = start;
  while (end < body.length && end - start < max && isHex(body[end])) end += 1;
  if (end === start) return null;
  return { value: Number.parseInt(body.slice(start, end), 16), end };
}

function safeFromCodePoint(value: number): string {
  return value <= 0x10ffff ? String.fromCodePoint(value) : '\ufffd';
}

/** Decodes the body of a bash `$'…'` string (ANSI-C quoting). */
export function decodeAnsiC(body: string): string {
  let out = '';
  let i = 0;
  while (i < body.length) {
    const ch = body[i] as string;
    if (ch !== '\\' || i + 1 >= body.length) {
      out += ch;
      i += 1;
      continue;
    }
    const next = body[i + 1] as string;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i += 2;
    } else if (next === 'x' || next === 'u' || next === 'U') {
      const hex = readHex(body, i + 2, next === 'x' ? 2 : next === 'u' ? 4 : 8);
      if (hex === null) {
        out += next;
        i += 2;
      } else {
        out += next === 'x' ? String.fromCharCode(hex.value) : safeFromCodePoint(hex.value);
        i = hex.end;
      }
    } else if (next >= '0' && next <= '7') {
      let end = i + 1;
      while (end < body.length && end - (i + 1) < 3 && (body[end] as string) >= '0' && (body[end] as string) <= '7') end += 1;
      out += String.fromCharCode(Number.parseInt(body.slice(i + 1, end), 8) % 256);
      i = end;
    } else if (next === 'c' && i + 2 < body.length) {
      out += String.fromCharCode((body[i + 2] as string).toUpperCase().charCodeAt(0) ^ 0x40);
      i += 3;
    } else {
      out += next;
      i += 2;
    }
  }
  return out;
}

const IFS_EXPANSION = /^\$(?:IFS(?![A-Za-z0-9_])|\{IFS\})/;
const WORD_START_BEFORE = new Set([undefined, ' ', '\t', '\n', '\r', ';', '&', '|', '(', '`']);

/**
 * Offset of the `}` closing a brace expansion that starts a word at `open` (`{a,b}`: a comma, no
 * blanks, quotes or nesting), or -1. Only word starts qualify, so the scans never overlap.
 */
function braceExpansionEnd(text: string, open: number): number {
  if (!WORD_START_BEFORE.has(text[open - 1])) return -1;
  let comma = false;
  for (let k = open + 1; k < text.length; k += 1) {
    const ch = text[k] as string;
    if (ch === '}') return comma ? k : -1;
    if (ch === ',') comma = true;
    else if (/[\s'"\\{$`;&|()<>]/.test(ch)) return -1;
  }
  return -1;
}

/** End offset (exclusive, past the closing quote) of a `$'…'` starting at `dollar`. */
function ansiCEnd(text: string, dollar: number): number {
  let i = dollar + 2;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === "'") return i + 1;
    else i += 1;
  }
  return text.length;
}

/**
 * One left-to-right pass building the context model (§9.3): contexts, escaped positions and the
 * normalised word view with its index map. Unclosed constructs extend to the end of the text.
 */
export function buildShellContextModel(text: string): ShellContextModel {
  const n = text.length;
  const contexts = new Uint8Array(n);
  const escaped = new Uint8Array(n);
  const out: string[] = [];
  const map: number[] = [];
  const literal: number[] = [];
  const stack: ShellContext[] = [ShellContext.Top];
  const emit = (ch: string, offset: number, fromLiteral = false): void => {
    out.push(ch);
    map.push(offset);
    literal.push(fromLiteral ? 1 : 0);
  };
  // `$(` opens a substitution the same way inside double quotes and at top level; returns the next index.
  const openSubstitution = (at: number, ctx: ShellContext): number => {
    emit('$', at);
    emit('(', at + 1);
    contexts[at + 1] = ctx;
    stack.push(ShellContext.Substitution);
    return at + 2;
  };
  let i = 0;
  let braceEnd = -1;
  while (i < n) {
    const ctx = stack[stack.length - 1] as ShellContext;
    const ch = text[i] as string;
    contexts[i] = ctx;
    if (ctx === ShellContext.Single) {
      if (ch === "'") stack.pop();
      else emit(ch, i);
      i += 1;
      continue;
    }
    if (ch === '\\') {
      if (i + 1 < n) {
        contexts[i + 1] = ctx;
        escaped[i + 1] = 1;
        // A backslash-newline is a line continuation: bash removes both characters.
        if (text[i + 1] !== '\n') emit(text[i + 1] as string, i + 1);
      }
      i += 2;
      continue;
    }
    if (ctx === ShellContext.Double) {
      if (ch === '"') {
        stack.pop();
        i += 1;
      } else if (ch === '$' && text[i + 1] === '(') {
        i = openSubstitution(i, ctx);
      } else if (ch === '`') {
        emit('`', i);
        stack.push(ShellContext.Backtick);
        i += 1;
      } else {
        emit(ch, i);
        i += 1;
      }
      continue;
    }
    // Top level, `$(` substitution or backtick substitution: the unquoted grammar.
    const ifs = ch === '$' ? IFS_EXPANSION.exec(text.slice(i, i + 6)) : null;
    if (ifs !== null) {
      // Unquoted `$IFS` / `${IFS}` word-splits into a blank: `rm${IFS}-rf${IFS}/` is `rm -rf /`.
      emit(' ', i);
      for (let k = i + 1; k < i + ifs[0].length; k += 1) contexts[k] = ctx;
      i += ifs[0].length;
      continue;
    }
    if (ch === '{' && braceEnd === -1) {
      const end = braceExpansionEnd(text, i);
      if (end !== -1) braceEnd = end;
    }
    if (braceEnd !== -1 && i <= braceEnd && (ch === '{' || ch === ',' || ch === '}')) {
      // Brace expansion at a word start: `{rm,-rf,/}` runs `rm -rf /`.
      emit(' ', i);
      if (i === braceEnd) braceEnd = -1;
      i += 1;
      continue;
    }
    if (ch === "'") {
      stack.push(ShellContext.Single);
      i += 1;
    } else if (ch === '"') {
      stack.push(ShellContext.Double);
      i += 1;
    } else if (ch === '$' && text[i + 1] === "'") {
      const end = ansiCEnd(text, i);
      const closed = end <= n && text[end - 1] === "'" && end - 1 > i + 1;
      const body = text.slice(i + 2, closed ? end - 1 : end);
      for (let k = i + 1; k < end; k += 1) contexts[k] = ShellContext.Single;
      for (const decoded of decodeAnsiC(body)) emit(decoded, i, true);
      i = end;
    } else if (ch === '$' && text[i + 1] === '"') {
      contexts[i + 1] = ctx;
      stack.push(ShellContext.Double);
      i += 2;
    } else if (ch === '$' && text[i + 1] === '(') {
      i = openSubstitution(i, ctx);
    } else if (ch === '`') {
      emit('`', i);
      if (ctx === ShellContext.Backtick) stack.pop();
      else stack.push(ShellContext.Backtick);
      i += 1;
    } else if (ch === ')' && ctx === ShellContext.Substitution) {
      emit(')', i);
      stack.pop();
      i += 1;
    } else {
      emit(ch, i);
      i += 1;
    }
  }
  return {
    text,
    contexts,
    escaped,
    normalized: out.join(''),
    indexMap: Int32Array.from(map),
    quotedLiteral: Uint8Array.from(literal),
  };
}

/** `shellWordNormalize(s).normalized`: the body of an indirect script as bash will parse it. */
export function normalizeIndirectBody(body: string): string {
  return buildShellContextModel(body).normalized;
}

/** False when original offset `i` is escaped or quoted (a `$` or backtick opening a substitution inside `"…"` counts as real). */
export function isRealShellPos(model: ShellContextModel, i: number): boolean {
  if (i < 0 || i >= model.text.length) return i === 0;
  if (model.escaped[i] === 1) return false;
  const ctx = model.contexts[i] as ShellContext;
  if (ctx === ShellContext.Single) return false;
  if (ctx === ShellContext.Double) return model.text[i] === '$' || model.text[i] === '`';
  return true;
}

/**
 * End (exclusive) of the shell word starting at original offset `start`: the first unquoted,
 * unescaped blank or operator at nesting level zero. Linear.
 */
export function readShellWordEnd(text: string, start: number): number {
  const stack: string[] = [];
  let i = start;
  while (i < text.length) {
    const ch = text[i] as string;
    const top = stack[stack.length - 1];
    if (top === "'") {
      if (ch === "'") stack.pop();
      i += 1;
      continue;
    }
    if (ch === '\\') {
      i += 2;
      continue;
    }
    if (top === '"') {
      if (ch === '"') stack.pop();
      else if (ch === '$' && text[i + 1] === '(') {
        stack.push(')');
        i += 1;
      } else if (ch === '`') stack.push('`');
      i += 1;
      continue;
    }
    if (top === undefined && (/\s/.test(ch) || ch === ';' || ch === '&' || ch === '|' || ch === ')' || ch === '<' || ch === '>')) {
      return i;
    }
    if (ch === "'" || ch === '"') stack.push(ch);
    else if (ch === '$' && text[i + 1] === '(') {
      stack.push(')');
      i += 1;
    } else if (ch === '$' && text[i + 1] === "'") {
      i = ansiCEnd(text, i);
      continue;
    } else if (ch === '(' && top === ')') stack.push(')');
    else if (ch === '`') {
      if (top === '`') stack.pop();
      else stack.push('`');
    } else if (ch === ')' && top === ')') stack.pop();
    i += 1;
  }
  return text.length;
}
