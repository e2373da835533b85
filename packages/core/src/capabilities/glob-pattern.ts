import { AgentaoError } from '../errors';
import { GLOBSTAR, type PathAlternative, SegmentAutomaton, type SegmentNode } from './segment-automaton';
import { compileSegment } from './segment-matcher';

/** Most alternatives a pattern's `{a,b}` groups may expand to; more is refused as a runaway pattern. */
export const MAX_GLOB_ALTERNATIVES = 1000;

/** Finds the `}` closing the `{` at `open` and the top-level commas inside; `close` is -1 when unclosed. */
function scanGroup(pattern: string, open: number): { close: number; commas: number[] } {
  let depth = 0;
  const commas: number[] = [];
  for (let j = open; j < pattern.length; j++) {
    const c = pattern[j];
    if (c === '\\') j++;
    else if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return { close: j, commas };
    } else if (c === ',' && depth === 1) commas.push(j);
  }
  return { close: -1, commas };
}

function expandFrom(pattern: string, from: number, out: Set<string>, budget: { leaves: number }): void {
  for (let i = from; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c !== '{') continue;
    const { close, commas } = scanGroup(pattern, i);
    // An unclosed `{` or a group without a comma (`{a}`) is literal text, as in bash.
    if (close < 0 || commas.length === 0) continue;
    const prefix = pattern.slice(0, i);
    const suffix = pattern.slice(close + 1);
    const bounds = [i, ...commas, close];
    for (let k = 0; k + 1 < bounds.length; k++) {
      const alternative = pattern.slice((bounds[k] ?? 0) + 1, bounds[k + 1]);
      expandFrom(prefix + alternative + suffix, i, out, budget);
    }
    return;
  }
  out.add(pattern);
  // Counted per leaf, not per distinct result, so `{a,a}{a,a}…` cannot run away either.
  if (++budget.leaves > MAX_GLOB_ALTERNATIVES) {
    throw new AgentaoError(
      'CONFIG_INVALID',
      `glob pattern expands to more than ${MAX_GLOB_ALTERNATIVES.toLocaleString('en-US')} alternatives`,
    );
  }
}

/** Expands `{a,b}` alternation (nested groups allowed; `\{` is literal) into plain patterns. */
export function expandBraces(pattern: string): string[] {
  const out = new Set<string>();
  expandFrom(pattern, 0, out, { leaves: 0 });
  return [...out];
}

/** True when the text ends with a `/` that is not escaped. */
function endsWithUnescapedSlash(text: string): boolean {
  if (!text.endsWith('/')) return false;
  let backslashes = 0;
  for (let i = text.length - 2; i >= 0 && text[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 0;
}

function compileAlternative(source: string, original: string): PathAlternative {
  if (source.startsWith('/') || /^[A-Za-z]:[\\/]/.test(source)) {
    throw new AgentaoError('CONFIG_INVALID', `glob pattern must be relative to the base directory: '${original}'`);
  }
  const dirOnly = endsWithUnescapedSlash(source);
  const segments: SegmentNode[] = [];
  for (const part of source.split('/')) {
    if (part === '' || part === '.') continue;
    segments.push(part === '**' ? GLOBSTAR : compileSegment(part));
  }
  // An alternative with no segment (`.`) names the base itself, which a walk never reports.
  return { segments: segments.length === 0 ? [compileSegment('/')] : segments, dirOnly };
}

/**
 * A compiled glob for paths relative to a base, with `/` separators: `*`, `?`, classes, `{a,b}`,
 * `**` as a whole segment for zero or more directories (elsewhere it acts as `*`), a trailing `/`
 * for directories only. A pattern without `/` matches only entries directly in the base.
 */
export class GlobPattern {
  /** The pattern text as given. */
  readonly source: string;
  private readonly automaton: SegmentAutomaton;

  private constructor(source: string, automaton: SegmentAutomaton) {
    this.source = source;
    this.automaton = automaton;
  }

  /** Compiles a pattern; rejects an empty, absolute or runaway pattern with `CONFIG_INVALID`. */
  static compile(pattern: string): GlobPattern {
    if (typeof pattern !== 'string' || pattern.length === 0) {
      throw new AgentaoError('CONFIG_INVALID', 'glob pattern must be a non-empty string');
    }
    const alternatives = expandBraces(pattern).map((alternative) => compileAlternative(alternative, pattern));
    return new GlobPattern(pattern, new SegmentAutomaton(alternatives));
  }

  /** Whether a relative path (`a/b/c.js`) matches. */
  matches(path: string, isDir = false): boolean {
    return this.automaton.matchSegments(
      path.split('/').filter((s) => s !== ''),
      isDir,
    );
  }

  /** The underlying automaton, for walks that match one segment at a time. */
  get matcher(): SegmentAutomaton {
    return this.automaton;
  }
}
