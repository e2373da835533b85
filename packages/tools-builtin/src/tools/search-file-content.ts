import { join } from 'node:path';

import { AgentaoError, type JsonSchema, Tool, type ToolContext } from '@agentao/core';

import { errorMessage } from '@agentao/core/internal';
import { BINARY_CHECK_BYTES, decodeUtf8OrNull, hasNulByte } from '../file-sniff';
import { type FileToolFacts } from '../file-tool-facts';
import { orErrorResult } from '../or-error-result';
import { statOrMissing } from '../stat-or-missing';
import { capLine, compareCodePoints, formatCount } from '../text-format';
import { splitLines } from '../text-lines';
import { readArgs, booleanArg, stringArg } from '../tool-args';

export { BINARY_CHECK_BYTES } from '../file-sniff';

/** At most this many matching lines are shown (all are counted). */
export const SEARCH_MAX_MATCHES = 100;
/** Characters of a matching line shown before it is cut. */
export const SEARCH_MAX_LINE_CHARS = 300;
/** Files larger than this many bytes are skipped. */
export const SEARCH_MAX_FILE_BYTES = 5000000;
/** Default of `file_pattern`: every file at any depth. */
export const SEARCH_DEFAULT_FILE_PATTERN = '**/*';
/** Default of `directory`: the working directory. */
export const SEARCH_DEFAULT_DIRECTORY = '.';
/** Default of `case_sensitive`. */
export const SEARCH_DEFAULT_CASE_SENSITIVE = true;
/** Default of `regex`: literal text search. */
export const SEARCH_DEFAULT_REGEX = false;
/** The message of the error a cancelled search stops with. */
export const SEARCH_CANCELLED_MESSAGE = 'search cancelled';

/** The fixed texts and markers `search_file_content` can return. */
export const SEARCH_FILE_CONTENT_RESULT_MARKERS: readonly string[] = Object.freeze([
  ' match(es):',
  ' chars]',
  '\n\n... and ',
  ' more matches',
  'No matches found for pattern: ',
  'Error: Directory ',
  'Error: Invalid regex pattern: ',
  'Error searching files: ',
]);

const DESCRIPTION = [
  'Search the contents of files for a text or a regular expression and get the matching lines with their file and line number. Use it to find where something is defined or used.',
  '',
  `By default (\`regex\` ${String(SEARCH_DEFAULT_REGEX)}) \`pattern\` is plain text found as a substring. With \`regex\` true it is a JavaScript regular expression (JavaScript RegExp syntax, e.g. \`\\bfoo\\(\`, \`(?<name>…)\`; no inline flags), applied to one line at a time. \`case_sensitive\` false (default ${String(SEARCH_DEFAULT_CASE_SENSITIVE)}) ignores case.`,
  `Files: those matching \`file_pattern\` (a glob relative to \`directory\`, default \`${SEARCH_DEFAULT_FILE_PATTERN}\` = every file at any depth; \`**\` spans directories), searched in path order. The search walks the filesystem: files git does not track are searched too, while \`.git\` and \`node_modules\` directories and paths ignored by \`.gitignore\` files are skipped unless \`file_pattern\` names such a directory literally.`,
  `Skipped silently: files larger than ${formatCount(SEARCH_MAX_FILE_BYTES)} bytes, binary files (a NUL byte in the first ${formatCount(BINARY_CHECK_BYTES)} bytes), files that are not valid UTF-8, and files that cannot be read.`,
  `Output: \`Found <n> match(es):\`, a blank line, then one line per match: \`<relative path>:<line number>:<line text>\`, the text right-trimmed and cut after ${formatCount(SEARCH_MAX_LINE_CHARS)} characters with \` [+<n> chars]\`. All matches are counted but at most ${formatCount(SEARCH_MAX_MATCHES)} are shown; the rest are summarised as \`... and <k> more matches\` — narrow the pattern or the files to see them.`,
  '',
  'Other results: `No matches found for pattern: <pattern>`; `Error: Directory <directory> does not exist`; `Error: Invalid regex pattern: <message>`; `Error searching files: <message>` for any other failure.',
].join('\n');

const PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    pattern: { type: 'string', description: 'Text to find, or a JavaScript regular expression when `regex` is true.' },
    file_pattern: {
      type: 'string',
      default: SEARCH_DEFAULT_FILE_PATTERN,
      description: `Glob selecting the files to search, relative to \`directory\` (default: ${SEARCH_DEFAULT_FILE_PATTERN}, meaning every file), e.g. "src/**/*.ts".`,
    },
    directory: {
      type: 'string',
      default: SEARCH_DEFAULT_DIRECTORY,
      description: `Base directory: absolute or relative to the working directory (default: ${SEARCH_DEFAULT_DIRECTORY}, meaning the working directory).`,
    },
    case_sensitive: {
      type: 'boolean',
      default: SEARCH_DEFAULT_CASE_SENSITIVE,
      description: `false ignores letter case (default: ${String(SEARCH_DEFAULT_CASE_SENSITIVE)}).`,
    },
    regex: {
      type: 'boolean',
      default: SEARCH_DEFAULT_REGEX,
      description: `true treats \`pattern\` as a JavaScript regular expression; false as literal text (default: ${String(SEARCH_DEFAULT_REGEX)}).`,
    },
  },
  required: ['pattern'],
  additionalProperties: false,
});

/** The facts manifest of `search_file_content` (tools-builtin.md §7.1). */
export const SEARCH_FILE_CONTENT_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({
    SEARCH_MAX_MATCHES: formatCount(SEARCH_MAX_MATCHES),
    SEARCH_MAX_LINE_CHARS: formatCount(SEARCH_MAX_LINE_CHARS),
    SEARCH_MAX_FILE_BYTES: formatCount(SEARCH_MAX_FILE_BYTES),
    BINARY_CHECK_BYTES: formatCount(BINARY_CHECK_BYTES),
  }),
  resultMarkers: SEARCH_FILE_CONTENT_RESULT_MARKERS,
  requiredPhrases: Object.freeze([
    `at most ${formatCount(SEARCH_MAX_MATCHES)} are shown`,
    'JavaScript regular expression',
    'files git does not track are searched',
  ]),
  forbiddenPhrases: Object.freeze(['ripgrep', 'git grep', 'tracked files only']),
});

function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new AgentaoError('CANCELLED', SEARCH_CANCELLED_MESSAGE);
}

/** `search_file_content`: matching lines across files, literal or JavaScript regex, capped. */
export class SearchFileContentTool extends Tool {
  readonly name = 'search_file_content';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const parsed = readArgs(() => ({
      pattern: stringArg(args, 'pattern'),
      filePattern: stringArg(args, 'file_pattern', SEARCH_DEFAULT_FILE_PATTERN),
      directory: stringArg(args, 'directory', SEARCH_DEFAULT_DIRECTORY),
      caseSensitive: booleanArg(args, 'case_sensitive', SEARCH_DEFAULT_CASE_SENSITIVE),
      regex: booleanArg(args, 'regex', SEARCH_DEFAULT_REGEX),
    }));
    if (typeof parsed === 'string') return parsed;
    const { pattern, filePattern, directory, caseSensitive, regex } = parsed;
    return orErrorResult('Error searching files', () => this.search(pattern, filePattern, directory, caseSensitive, regex, ctx));
  }

  private async search(
    pattern: string,
    filePattern: string,
    directory: string,
    caseSensitive: boolean,
    regex: boolean,
    ctx: ToolContext,
  ): Promise<string> {
    const fs = this.getFileSystem();
    const base = this.resolvePath(directory);
    const info = await statOrMissing(fs, base);
    if (info === null) return `Error: Directory ${directory} does not exist`;
    if (!info.isDir) return `Error searching files: ${directory} is not a directory`;

    let matches: (line: string) => boolean;
    if (regex) {
      let compiled: RegExp;
      try {
        compiled = new RegExp(pattern, caseSensitive ? '' : 'i');
      } catch (error) {
        return `Error: Invalid regex pattern: ${errorMessage(error)}`;
      }
      matches = (line) => compiled.test(line);
    } else if (caseSensitive) {
      matches = (line) => line.includes(pattern);
    } else {
      const needle = pattern.toLowerCase();
      matches = (line) => line.toLowerCase().includes(needle);
    }

    const entries = await fs.glob(base, filePattern, { signal: ctx.signal });
    const files = entries.filter((e) => !e.isDir).sort((a, b) => compareCodePoints(a.path, b.path));
    const shown: string[] = [];
    let total = 0;
    for (const file of files) {
      throwIfAborted(ctx.signal);
      if (file.size > SEARCH_MAX_FILE_BYTES) continue;
      const text = await this.readSearchable(join(base, file.path), file.size, ctx);
      if (text === null) continue;
      for (const [index, line] of splitLines(text).entries()) {
        if (!matches(line)) continue;
        total += 1;
        if (shown.length >= SEARCH_MAX_MATCHES) continue;
        const { text: cut, omitted } = capLine(line.trimEnd(), SEARCH_MAX_LINE_CHARS);
        const rendered = omitted > 0 ? `${cut} [+${formatCount(omitted)} chars]` : cut;
        shown.push(`${file.path}:${index + 1}:${rendered}`);
      }
    }
    throwIfAborted(ctx.signal);
    if (total === 0) return `No matches found for pattern: ${pattern}`;
    let result = `Found ${formatCount(total)} match(es):\n\n${shown.join('\n')}`;
    if (total > SEARCH_MAX_MATCHES) result += `\n\n... and ${formatCount(total - SEARCH_MAX_MATCHES)} more matches`;
    return result;
  }

  /** The file's text, or null for a file that is skipped (binary, not UTF-8, unreadable, grown too large). */
  private async readSearchable(path: string, size: number, ctx: ToolContext): Promise<string | null> {
    const fs = this.getFileSystem();
    try {
      // A large file is sniffed first so a big binary is not read whole; a small one is read once.
      if (size > BINARY_CHECK_BYTES && hasNulByte(await fs.readPartial(path, BINARY_CHECK_BYTES))) return null;
      // Read one byte past the limit so a file that grew since the walk is still recognised as too large.
      const bytes = await fs.readPartial(path, SEARCH_MAX_FILE_BYTES + 1);
      if (bytes.length > SEARCH_MAX_FILE_BYTES || hasNulByte(bytes)) return null;
      return decodeUtf8OrNull(bytes);
    } catch (error) {
      ctx.agent.logger.debug(`search_file_content: skipped ${path}: ${errorMessage(error)}`);
      return null;
    }
  }
}
