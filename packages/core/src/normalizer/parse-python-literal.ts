/** The outcome of `parsePythonLiteral`: a JSON-shaped value, or `ok: false` when the text is not a literal. */
export type PythonLiteralResult = { ok: true; value: unknown } | { ok: false };

/** Deepest container nesting accepted; deeper input fails the tier instead of exhausting the stack. */
const MAX_DEPTH = 500;

const HEX_INT = /0[xX](?:_?[0-9a-fA-F])+/y;
const OCT_INT = /0[oO](?:_?[0-7])+/y;
const BIN_INT = /0[bB](?:_?[01])+/y;
const FLOAT =
  /(?:[0-9](?:_?[0-9])*\.(?:[0-9](?:_?[0-9])*)?|\.[0-9](?:_?[0-9])*)(?:[eE][+-]?[0-9](?:_?[0-9])*)?|[0-9](?:_?[0-9])*[eE][+-]?[0-9](?:_?[0-9])*/y;
const DEC_INT = /[1-9](?:_?[0-9])*|0(?:_?0)*/y;
const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const HEX_DIGITS = /^[0-9a-fA-F]+$/;

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\u0007',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** Why the literal was rejected; internal only, the tier just fails. */
class LiteralSyntaxError extends Error {}

/** A parsed node: its JSON value, and the JSON key text when it may be a dict key (hashable scalars only). */
interface Node {
  value: unknown;
  keyText: string | null;
}

function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty keeps a `__proto__` key an own data property, like JSON.parse does.
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function isIdentChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c === '_';
}

class PythonLiteralParser {
  private i = 0;

  constructor(private readonly text: string) {}

  parseDocument(): unknown {
    this.skipSpace();
    const node = this.parseValue(0);
    this.skipSpace();
    if (this.i !== this.text.length) this.fail();
    return node.value;
  }

  private fail(): never {
    throw new LiteralSyntaxError('not a Python literal');
  }

  private peek(offset = 0): string {
    return this.text.charAt(this.i + offset);
  }

  private skipSpace(): void {
    const t = this.text;
    while (this.i < t.length) {
      const c = t.charAt(this.i);
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v') {
        this.i++;
      } else if (c === '\\' && (t.charAt(this.i + 1) === '\n' || t.charAt(this.i + 1) === '\r')) {
        this.i += 2;
      } else if (c === '#') {
        while (this.i < t.length && t.charAt(this.i) !== '\n') this.i++;
      } else {
        return;
      }
    }
  }

  private parseValue(depth: number): Node {
    if (depth > MAX_DEPTH) this.fail();
    const c = this.peek();
    if (c === '{') return this.parseDict(depth);
    if (c === '[') return this.parseList(depth);
    if (c === '(') return this.parseParen(depth);
    if (c === '"' || c === "'") return this.parseStrings();
    if (c === '+' || c === '-') {
      this.i++;
      this.skipSpace();
      const next = this.peek();
      if (!((next >= '0' && next <= '9') || next === '.')) this.fail();
      return this.parseNumber(c === '-');
    }
    if ((c >= '0' && c <= '9') || c === '.') return this.parseNumber(false);
    return this.parseWord();
  }

  private parseWord(): Node {
    IDENTIFIER.lastIndex = this.i;
    const match = IDENTIFIER.exec(this.text);
    if (match === null) this.fail();
    const word = match[0];
    const after = this.text.charAt(this.i + word.length);
    if (after === '"' || after === "'") {
      // Only `r` (raw) and `u` prefixes make a text string; `b`, `f` and combinations are rejected.
      if (word.length === 1 && 'rRuU'.includes(word)) return this.parseStrings();
      this.fail();
    }
    this.i += word.length;
    if (word === 'True') return { value: true, keyText: 'true' };
    if (word === 'False') return { value: false, keyText: 'false' };
    if (word === 'None') return { value: null, keyText: 'null' };
    return this.fail();
  }

  private atStringStart(): boolean {
    const c = this.peek();
    if (c === '"' || c === "'") return true;
    if ('rRuU'.includes(c) && c !== '') {
      const q = this.peek(1);
      return q === '"' || q === "'";
    }
    return false;
  }

  /** Adjacent string literals are one string, as in Python. */
  private parseStrings(): Node {
    const parts: string[] = [this.parseOneString()];
    for (;;) {
      const save = this.i;
      this.skipSpace();
      if (!this.atStringStart()) {
        this.i = save;
        break;
      }
      parts.push(this.parseOneString());
    }
    const value = parts.join('');
    return { value, keyText: value };
  }

  private parseOneString(): string {
    const t = this.text;
    let raw = false;
    const first = this.peek();
    if (first === 'r' || first === 'R') {
      raw = true;
      this.i++;
    } else if (first === 'u' || first === 'U') {
      this.i++;
    }
    const quote = this.peek();
    if (quote !== '"' && quote !== "'") this.fail();
    const triple = this.peek(1) === quote && this.peek(2) === quote;
    this.i += triple ? 3 : 1;
    const parts: string[] = [];
    let chunkStart = this.i;
    while (this.i < t.length) {
      const c = t.charAt(this.i);
      if (c === quote && (!triple || (t.charAt(this.i + 1) === quote && t.charAt(this.i + 2) === quote))) {
        parts.push(t.slice(chunkStart, this.i));
        this.i += triple ? 3 : 1;
        return parts.join('');
      }
      if (!triple && (c === '\n' || c === '\r')) this.fail();
      if (c !== '\\') {
        this.i++;
        continue;
      }
      if (this.i + 1 >= t.length) this.fail();
      if (raw) {
        // A raw string keeps the backslash and the escaped character, but the quote does not end it.
        this.i += 2;
        continue;
      }
      parts.push(t.slice(chunkStart, this.i));
      this.i++;
      parts.push(this.parseEscape());
      chunkStart = this.i;
    }
    return this.fail();
  }

  /** Reads the escape after a backslash (already consumed) and returns its text. */
  private parseEscape(): string {
    const t = this.text;
    const c = t.charAt(this.i);
    if (c === '\n') {
      this.i++;
      return '';
    }
    if (c === '\r') {
      this.i += t.charAt(this.i + 1) === '\n' ? 2 : 1;
      return '';
    }
    const simple = SIMPLE_ESCAPES[c];
    if (simple !== undefined) {
      this.i++;
      return simple;
    }
    if (c >= '0' && c <= '7') {
      let end = this.i + 1;
      while (end < this.i + 3 && t.charAt(end) >= '0' && t.charAt(end) <= '7') end++;
      const code = parseInt(t.slice(this.i, end), 8);
      this.i = end;
      return String.fromCharCode(code);
    }
    const hexLength = c === 'x' ? 2 : c === 'u' ? 4 : c === 'U' ? 8 : 0;
    if (hexLength > 0) {
      const digits = t.slice(this.i + 1, this.i + 1 + hexLength);
      if (digits.length !== hexLength || !HEX_DIGITS.test(digits)) this.fail();
      const code = parseInt(digits, 16);
      if (code > 0x10ffff) this.fail();
      this.i += 1 + hexLength;
      return String.fromCodePoint(code);
    }
    // \N{name} needs the Unicode name table; rejecting it only fails this tier.
    if (c === 'N') this.fail();
    // Python keeps an unknown escape verbatim, backslash included.
    this.i++;
    return `\\${c}`;
  }

  private parseNumber(negative: boolean): Node {
    const t = this.text;
    for (const pattern of [HEX_INT, OCT_INT, BIN_INT]) {
      pattern.lastIndex = this.i;
      const match = pattern.exec(t);
      if (match !== null) return this.finishInt(match[0], negative);
    }
    FLOAT.lastIndex = this.i;
    const float = FLOAT.exec(t);
    if (float !== null) {
      this.i += float[0].length;
      if (isIdentChar(this.peek())) this.fail();
      const magnitude = Number(float[0].replace(/_/g, ''));
      if (!Number.isFinite(magnitude)) this.fail();
      const value = negative ? -magnitude : magnitude;
      // Python prints an integral float key with `.0` (`1.0` → "1.0").
      const keyText = Number.isInteger(value) && Math.abs(value) < 1e16 ? `${String(value)}.0` : String(value);
      return { value, keyText };
    }
    DEC_INT.lastIndex = this.i;
    const dec = DEC_INT.exec(t);
    if (dec === null) return this.fail();
    return this.finishInt(dec[0], negative);
  }

  private finishInt(literal: string, negative: boolean): Node {
    this.i += literal.length;
    // Rejects `07`, `1j` (complex), `1abc` and other run-ons.
    if (isIdentChar(this.peek())) this.fail();
    const magnitude = BigInt(literal.replace(/_/g, ''));
    const big = negative ? -magnitude : magnitude;
    const value = Number(big);
    if (!Number.isFinite(value)) this.fail();
    return { value, keyText: big.toString() };
  }

  private parseList(depth: number): Node {
    this.i++;
    return { value: this.parseItems(']', depth), keyText: null };
  }

  /** Parses comma-separated items up to `close` (trailing comma allowed); with `first`, the parser stands at its `,`. */
  private parseItems(close: string, depth: number, first?: Node): unknown[] {
    const items: unknown[] = [];
    if (first !== undefined) {
      items.push(first.value);
    } else {
      this.skipSpace();
      if (this.peek() === close) {
        this.i++;
        return items;
      }
      items.push(this.parseValue(depth + 1).value);
      this.skipSpace();
    }
    for (;;) {
      const c = this.peek();
      if (c === close) {
        this.i++;
        return items;
      }
      if (c !== ',') this.fail();
      this.i++;
      this.skipSpace();
      if (this.peek() === close) {
        this.i++;
        return items;
      }
      items.push(this.parseValue(depth + 1).value);
      this.skipSpace();
    }
  }

  private parseParen(depth: number): Node {
    this.i++;
    this.skipSpace();
    if (this.peek() === ')') {
      this.i++;
      return { value: [], keyText: null };
    }
    const first = this.parseValue(depth + 1);
    this.skipSpace();
    if (this.peek() === ')') {
      // `(x)` is a parenthesised value, not a tuple.
      this.i++;
      return first;
    }
    if (this.peek() !== ',') this.fail();
    return { value: this.parseItems(')', depth, first), keyText: null };
  }

  private parseDict(depth: number): Node {
    this.i++;
    const result: Record<string, unknown> = {};
    this.skipSpace();
    if (this.peek() === '}') {
      this.i++;
      return { value: result, keyText: null };
    }
    for (;;) {
      const key = this.parseValue(depth + 1);
      // Lists, dicts and tuples are not JSON keys; a set (`{1, 2}`) has no `:` and fails here too.
      if (key.keyText === null) this.fail();
      this.skipSpace();
      if (this.peek() !== ':') this.fail();
      this.i++;
      this.skipSpace();
      setOwn(result, key.keyText, this.parseValue(depth + 1).value);
      this.skipSpace();
      const c = this.peek();
      if (c === '}') {
        this.i++;
        return { value: result, keyText: null };
      }
      if (c !== ',') this.fail();
      this.i++;
      this.skipSpace();
      if (this.peek() === '}') {
        this.i++;
        return { value: result, keyText: null };
      }
    }
  }
}

/** Parses a Python literal (dict, list, tuple, str, int, float, bool, None) into JSON-shaped values, without eval. */
export function parsePythonLiteral(text: string): PythonLiteralResult {
  try {
    return { ok: true, value: new PythonLiteralParser(text).parseDocument() };
  } catch (error) {
    // RangeError covers a stack or string-length limit hit on hostile input.
    if (error instanceof LiteralSyntaxError || error instanceof RangeError) return { ok: false };
    throw error;
  }
}
