/** A compiled wildcard pattern for one path segment (a name without `/`). */
export interface SegmentMatcher {
  /** The exact name this segment matches when it has no wildcard, else `null`. */
  readonly literal: string | null;
  /** Whether `name` (one path segment) matches. */
  test(name: string): boolean;
}

type Token =
  | { readonly kind: 'char'; readonly cp: number }
  | { readonly kind: 'any' }
  | { readonly kind: 'star' }
  | { readonly kind: 'class'; readonly negated: boolean; readonly ranges: readonly (readonly [number, number])[] };

const cpAt = (chars: readonly string[], i: number): number => chars[i]?.codePointAt(0) ?? 0;

/** Parses `[...]` starting at `start` (the `[`); returns null when there is no closing `]`. */
function parseClass(chars: readonly string[], start: number): { token: Token; end: number } | null {
  let i = start + 1;
  let negated = false;
  if (chars[i] === '!' || chars[i] === '^') {
    negated = true;
    i++;
  }
  const ranges: [number, number][] = [];
  let first = true;
  while (i < chars.length) {
    const c = chars[i];
    if (c === ']' && !first) return { token: { kind: 'class', negated, ranges }, end: i };
    first = false;
    let lo: number;
    if (c === '\\' && i + 1 < chars.length) {
      lo = cpAt(chars, i + 1);
      i += 2;
    } else {
      lo = cpAt(chars, i);
      i++;
    }
    let hi = lo;
    // `a-z` is a range; a `-` right before `]` is a literal dash.
    if (chars[i] === '-' && i + 1 < chars.length && chars[i + 1] !== ']') {
      if (chars[i + 1] === '\\' && i + 2 < chars.length) {
        hi = cpAt(chars, i + 2);
        i += 3;
      } else {
        hi = cpAt(chars, i + 1);
        i += 2;
      }
    }
    ranges.push(lo <= hi ? [lo, hi] : [hi, lo]);
  }
  return null;
}

function tokenize(source: string): Token[] {
  const chars = Array.from(source);
  const tokens: Token[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '\\') {
      // A trailing lone backslash stands for itself.
      const escaped = i + 1 < chars.length ? cpAt(chars, ++i) : cpAt(chars, i);
      tokens.push({ kind: 'char', cp: escaped });
    } else if (c === '*') {
      // Runs of stars (`**` inside a segment) mean one star; keeping one bounds the matcher's work.
      if (tokens[tokens.length - 1]?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (c === '?') {
      tokens.push({ kind: 'any' });
    } else if (c === '[') {
      const parsed = parseClass(chars, i);
      if (parsed === null) tokens.push({ kind: 'char', cp: cpAt(chars, i) });
      else {
        tokens.push(parsed.token);
        i = parsed.end;
      }
    } else {
      tokens.push({ kind: 'char', cp: cpAt(chars, i) });
    }
  }
  return tokens;
}

function matchOne(token: Token, cp: number): boolean {
  switch (token.kind) {
    case 'char':
      return token.cp === cp;
    case 'any':
      return cp !== 0x2f;
    case 'class': {
      if (cp === 0x2f) return false;
      const inside = token.ranges.some(([lo, hi]) => cp >= lo && cp <= hi);
      return inside !== token.negated;
    }
    case 'star':
      return false;
  }
}

/**
 * Wildcard matching with single-star backtracking: only the most recent `*` is ever revisited, so the
 * work is O(name × pattern) in the worst case — never exponential, unlike a backtracking regex.
 */
function matchTokens(tokens: readonly Token[], name: readonly number[]): boolean {
  let ti = 0;
  let si = 0;
  let starTi = -1;
  let starSi = 0;
  while (si < name.length) {
    const token = tokens[ti];
    const cp = name[si] ?? 0;
    if (token !== undefined && token.kind === 'star') {
      starTi = ti;
      starSi = si;
      ti++;
    } else if (token !== undefined && cp !== 0x2f && matchOne(token, cp)) {
      ti++;
      si++;
    } else if (starTi >= 0 && cp !== 0x2f) {
      ti = starTi + 1;
      starSi++;
      si = starSi;
    } else {
      return false;
    }
  }
  while (tokens[ti]?.kind === 'star') ti++;
  return ti === tokens.length;
}

/** A segment that matches any name (used for gitignore's trailing `/**`). */
export const ANY_SEGMENT: SegmentMatcher = Object.freeze({ literal: null, test: (name: string) => name.length > 0 });

/**
 * Compiles one glob segment: `*`, `?`, `[abc]` / `[a-z]` / `[!x]` / `[^x]`, `\` escapes; an unclosed
 * `[` is literal. Matching is case-sensitive, by code point, and linear-time in practice.
 */
export function compileSegment(source: string): SegmentMatcher {
  const tokens = tokenize(source);
  if (tokens.every((t) => t.kind === 'char')) {
    const literal = String.fromCodePoint(...tokens.map((t) => (t.kind === 'char' ? t.cp : 0)));
    return { literal, test: (name: string) => name === literal };
  }
  if (tokens.length === 1 && tokens[0]?.kind === 'star') {
    return { literal: null, test: (name: string) => name.length > 0 && !name.includes('/') };
  }
  return {
    literal: null,
    test: (name: string) => {
      const cps: number[] = [];
      for (const ch of name) cps.push(ch.codePointAt(0) ?? 0);
      return matchTokens(tokens, cps);
    },
  };
}
