import { GLOBSTAR, SegmentAutomaton, type SegmentNode } from './segment-automaton';
import { ANY_SEGMENT, compileSegment } from './segment-matcher';

/** One parsed line of a `.gitignore` file. */
export interface GitignoreRule {
  /** The line as written (after trimming trailing spaces). */
  readonly source: string;
  /** `!pattern`: re-includes what an earlier rule ignored. */
  readonly negated: boolean;
  /** `pattern/`: matches directories only. */
  readonly dirOnly: boolean;
  /** Matches paths relative to the directory holding the `.gitignore`. */
  readonly automaton: SegmentAutomaton;
}

/** Drops trailing spaces unless escaped with a backslash (gitignore rule). */
function trimTrailingSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === ' ') {
    let backslashes = 0;
    for (let i = end - 2; i >= 0 && line[i] === '\\'; i--) backslashes++;
    if (backslashes % 2 === 1) break;
    end--;
  }
  return line.slice(0, end);
}

function parseLine(raw: string): GitignoreRule | null {
  const source = trimTrailingSpaces(raw);
  if (source === '' || source.startsWith('#')) return null;
  let pattern = source;
  const negated = pattern.startsWith('!');
  if (negated) pattern = pattern.slice(1);
  let dirOnly = false;
  while (pattern.endsWith('/')) {
    dirOnly = true;
    pattern = pattern.slice(0, -1);
  }
  if (pattern === '') return null;
  // A slash at the start or in the middle anchors the pattern to the .gitignore's directory.
  const anchored = pattern.includes('/');
  if (pattern.startsWith('/')) pattern = pattern.slice(1);
  const segments: SegmentNode[] = anchored ? [] : [GLOBSTAR];
  for (const part of pattern.split('/')) {
    if (part === '') continue;
    segments.push(part === '**' ? GLOBSTAR : compileSegment(part));
  }
  // `abc/**` matches everything inside abc but not abc itself.
  if (segments[segments.length - 1] === GLOBSTAR) segments.push(ANY_SEGMENT);
  return { source, negated, dirOnly, automaton: new SegmentAutomaton([{ segments, dirOnly }]) };
}

/** Parses `.gitignore` (or `info/exclude`) text: comments, blank lines, `!`, anchoring, `dir/`, `**`, `\` escapes. */
export function parseGitignore(text: string): GitignoreRule[] {
  const rules: GitignoreRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const rule = parseLine(line);
    if (rule !== null) rules.push(rule);
  }
  return rules;
}

/**
 * The verdict of a rule list for a path relative to the list's directory: `true` ignored, `false`
 * re-included by a negation, `null` when no rule matches. The last matching rule wins.
 */
export function gitignoreVerdict(rules: readonly GitignoreRule[], segments: readonly string[], isDir: boolean): boolean | null {
  for (let i = rules.length - 1; i >= 0; i--) {
    const rule = rules[i];
    if (rule !== undefined && rule.automaton.matchSegments(segments, isDir)) return !rule.negated;
  }
  return null;
}
