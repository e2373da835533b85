import { isAbsolute } from 'node:path';

import { type GlobEntry, type JsonSchema, Tool, type ToolContext } from '@agentao/core';

import { type FileToolFacts } from '../file-tool-facts';
import { orErrorResult } from '../or-error-result';
import { statOrMissing } from '../stat-or-missing';
import { compareCodePoints, formatCount } from '../text-format';
import { readArgs, stringArg } from '../tool-args';

/** At most this many paths are listed. */
export const GLOB_MAX_RESULTS = 500;
/** Files modified within this many seconds are listed first, newest first. */
export const RECENCY_WINDOW_S = 86400;
/** Default of `directory`: the working directory. */
export const GLOB_DEFAULT_DIRECTORY = '.';
/** The refusal of an absolute `pattern`. */
export const GLOB_ABSOLUTE_PATTERN_ERROR =
  "Error: pattern must be relative to 'directory'; put the base path in 'directory' instead.";

/** The fixed texts and markers `glob` can return. */
export const GLOB_RESULT_MARKERS: readonly string[] = Object.freeze([
  ' file(s):',
  `[Truncated: showing ${formatCount(GLOB_MAX_RESULTS)} of `,
  'No files found matching pattern: ',
  'Error: Directory ',
  GLOB_ABSOLUTE_PATTERN_ERROR,
  'Error finding files: ',
]);

const RECENCY_HOURS = RECENCY_WINDOW_S / 3600;

const DESCRIPTION = [
  'Find files by name pattern (glob), e.g. every test file or every file under a folder. Returns paths, not contents; use search_file_content to search inside files.',
  '',
  'Pattern syntax, matched case-sensitively against the path relative to `directory`, with `/` as separator:',
  '- `*` any characters except `/` (dot-files included); `?` one character except `/`; `[abc]`, `[a-z]`, `[!x]` character classes; `{a,b}` alternatives;',
  '- `**` as a whole path segment matches zero or more directories: `src/**/*.js` finds `src/a.js` and `src/lib/x.js`, `**/*.ts` finds `.ts` files at any depth;',
  '- a pattern without `/` matches only entries directly in `directory` (`*.ts` is top-level only).',
  'The pattern must be relative: put the base path in `directory`.',
  'Skipped: `.git` and `node_modules` directories and paths ignored by `.gitignore` files (including those of the enclosing repository and its .git/info/exclude), unless the pattern names such a directory literally; files git does not track are found. Only files are returned; symlinked directories are not entered.',
  `Order: files modified within the last ${formatCount(RECENCY_WINDOW_S)} seconds (${RECENCY_HOURS} hours) first, newest first; then the others in path order.`,
  `Output: \`Found <n> file(s):\`, a blank line, then one relative path per line. At most ${formatCount(GLOB_MAX_RESULTS)} paths are listed; beyond that the result ends with \`[Truncated: showing ${formatCount(GLOB_MAX_RESULTS)} of <n> files.]\` — narrow the pattern.`,
  '',
  `Other results: \`No files found matching pattern: <pattern>\`; \`Error: Directory <directory> does not exist\`; \`${GLOB_ABSOLUTE_PATTERN_ERROR}\`; \`Error finding files: <message>\` (for example an invalid pattern).`,
].join('\n');

const PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    pattern: {
      type: 'string',
      description: 'Glob relative to `directory`, e.g. `*.ts`, `src/**/*.js`, `**/*.{ts,tsx}`.',
    },
    directory: {
      type: 'string',
      default: GLOB_DEFAULT_DIRECTORY,
      description: `Base directory: absolute or relative to the working directory (default: ${GLOB_DEFAULT_DIRECTORY}, meaning the working directory).`,
    },
  },
  required: ['pattern'],
  additionalProperties: false,
});

/** The facts manifest of `glob` (tools-builtin.md §7.1). */
export const GLOB_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({
    GLOB_MAX_RESULTS: formatCount(GLOB_MAX_RESULTS),
    RECENCY_WINDOW_S: formatCount(RECENCY_WINDOW_S),
    RECENCY_HOURS: String(RECENCY_HOURS),
  }),
  resultMarkers: GLOB_RESULT_MARKERS,
  requiredPhrases: Object.freeze(['`src/**/*.js`', 'newest first', '`node_modules`']),
  forbiddenPhrases: Object.freeze(['ripgrep', 'git grep', 'tracked files only']),
});

/** Absolute on this platform, or in POSIX or Windows form anywhere (`/x`, `\x`, `C:\x`). */
export function isAbsolutePattern(pattern: string): boolean {
  return isAbsolute(pattern) || pattern.startsWith('/') || pattern.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(pattern);
}

/** Recent files (newest first), then the rest in code-point order of their path. */
function orderByRecency(entries: readonly GlobEntry[], now: number): GlobEntry[] {
  const cutoff = now - RECENCY_WINDOW_S * 1000;
  const recent = entries.filter((e) => e.mtimeMs >= cutoff);
  const older = entries.filter((e) => e.mtimeMs < cutoff);
  recent.sort((a, b) => b.mtimeMs - a.mtimeMs || compareCodePoints(a.path, b.path));
  older.sort((a, b) => compareCodePoints(a.path, b.path));
  return [...recent, ...older];
}

/** `glob`: files matching a pattern under a directory, recent first, capped. */
export class GlobTool extends Tool {
  readonly name = 'glob';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const parsed = readArgs(() => ({
      pattern: stringArg(args, 'pattern'),
      directory: stringArg(args, 'directory', GLOB_DEFAULT_DIRECTORY),
    }));
    if (typeof parsed === 'string') return parsed;
    const { pattern, directory } = parsed;
    return orErrorResult('Error finding files', () => this.find(pattern, directory, ctx.signal));
  }

  private async find(pattern: string, directory: string, signal: AbortSignal): Promise<string> {
    const fs = this.getFileSystem();
    const base = this.resolvePath(directory);
    const info = await statOrMissing(fs, base);
    if (info === null) return `Error: Directory ${directory} does not exist`;
    if (!info.isDir) return `Error finding files: ${directory} is not a directory`;
    if (isAbsolutePattern(pattern)) return GLOB_ABSOLUTE_PATTERN_ERROR;
    const entries = await fs.glob(base, pattern, { signal });
    const files = entries.filter((e) => !e.isDir);
    if (files.length === 0) return `No files found matching pattern: ${pattern}`;
    const ordered = orderByRecency(files, Date.now());
    const listed = ordered.slice(0, GLOB_MAX_RESULTS).map((e) => e.path).join('\n');
    const result = `Found ${formatCount(files.length)} file(s):\n\n${listed}`;
    if (files.length <= GLOB_MAX_RESULTS) return result;
    return `${result}\n\n[Truncated: showing ${formatCount(GLOB_MAX_RESULTS)} of ${formatCount(files.length)} files.]`;
  }
}
