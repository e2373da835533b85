import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';

import { type FileToolFacts } from '../file-tool-facts';
import { orErrorResult } from '../or-error-result';
import { statOrMissing } from '../stat-or-missing';
import { compareCodePoints, formatCount } from '../text-format';
import { readArgs, booleanArg, stringArg } from '../tool-args';

/** At most this many entries are listed. */
export const LIST_MAX_ENTRIES = 500;
/** Default of `directory_path`: the working directory. */
export const LIST_DEFAULT_DIRECTORY = '.';
/** Default of `recursive`: only the directory's own entries. */
export const LIST_DEFAULT_RECURSIVE = false;

/** The fixed texts and markers `list_directory` can return. */
export const LIST_DIRECTORY_RESULT_MARKERS: readonly string[] = Object.freeze([
  'Directory: ',
  '[DIR]  ',
  '[FILE] ',
  '(empty)',
  `[Truncated: showing the first ${formatCount(LIST_MAX_ENTRIES)} of `,
  'Error: Directory ',
  ' is not a directory',
  'Error listing directory: ',
]);

const DESCRIPTION = [
  'List the entries of a directory, to see which files and subdirectories exist before reading or searching them.',
  '',
  `Non-recursive (the default, \`recursive\` ${String(LIST_DEFAULT_RECURSIVE)}): every entry directly inside the directory, hidden and git-ignored ones included.`,
  'Recursive (`recursive` true): every file and directory below it, at any depth, except `.git` and `node_modules` directories and paths ignored by `.gitignore` files (the ignore rules of the enclosing repository apply; files git does not track are listed). Symlinked directories are listed but not entered.',
  'Directories come first, then files, each sorted by name ignoring case (by relative path when recursive).',
  'Output: `Directory: <directory_path>`, a blank line, then one line per entry: `[DIR]  <name>/` (two spaces) or `[FILE] <name> (<size> bytes)`, with paths relative to the directory when recursive; `(empty)` when there is nothing to list.',
  `At most ${formatCount(LIST_MAX_ENTRIES)} entries are listed; beyond that the result ends with \`[Truncated: showing the first ${formatCount(LIST_MAX_ENTRIES)} of <total> entries.]\` — list a subdirectory or use glob to narrow down.`,
  '',
  'Errors: `Error: Directory <directory_path> does not exist`; `Error: <directory_path> is not a directory`; `Error listing directory: <message>`.',
].join('\n');

const PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    directory_path: {
      type: 'string',
      default: LIST_DEFAULT_DIRECTORY,
      description: `Directory to list: absolute or relative to the working directory (default: ${LIST_DEFAULT_DIRECTORY}, meaning the working directory).`,
    },
    recursive: {
      type: 'boolean',
      default: LIST_DEFAULT_RECURSIVE,
      description: `true lists every entry below the directory (skipping .git, node_modules and git-ignored paths); false lists only its own entries (default: ${String(LIST_DEFAULT_RECURSIVE)}).`,
    },
  },
  additionalProperties: false,
});

/** The facts manifest of `list_directory` (tools-builtin.md §7.1). */
export const LIST_DIRECTORY_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({ LIST_MAX_ENTRIES: formatCount(LIST_MAX_ENTRIES) }),
  resultMarkers: LIST_DIRECTORY_RESULT_MARKERS,
  requiredPhrases: Object.freeze(['`node_modules`', '`[DIR]  <name>/`', '`[FILE] <name> (<size> bytes)`']),
  forbiddenPhrases: Object.freeze([]),
});

interface Row {
  readonly name: string;
  readonly isDir: boolean;
  readonly size: number;
}

/** Directories first, then case-insensitive name order, code-point order breaking ties. */
function compareRows(a: Row, b: Row): number {
  if (a.isDir !== b.isDir) return a.isDir ? -1 : 1;
  return compareCodePoints(a.name.toLowerCase(), b.name.toLowerCase()) || compareCodePoints(a.name, b.name);
}

function renderRow(row: Row): string {
  return row.isDir ? `[DIR]  ${row.name}/` : `[FILE] ${row.name} (${formatCount(row.size)} bytes)`;
}

/** `list_directory`: a directory's entries, or its whole tree under the walking rules, capped. */
export class ListDirectoryTool extends Tool {
  readonly name = 'list_directory';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const parsed = readArgs(() => ({
      directoryPath: stringArg(args, 'directory_path', LIST_DEFAULT_DIRECTORY),
      recursive: booleanArg(args, 'recursive', LIST_DEFAULT_RECURSIVE),
    }));
    if (typeof parsed === 'string') return parsed;
    const { directoryPath, recursive } = parsed;
    return orErrorResult('Error listing directory', () => this.list(directoryPath, recursive, ctx.signal));
  }

  private async list(directoryPath: string, recursive: boolean, signal: AbortSignal): Promise<string> {
    const fs = this.getFileSystem();
    const path = this.resolvePath(directoryPath);
    const info = await statOrMissing(fs, path);
    if (info === null) return `Error: Directory ${directoryPath} does not exist`;
    if (!info.isDir) return `Error: ${directoryPath} is not a directory`;
    const rows: Row[] = recursive
      ? (await fs.glob(path, '**', { includeDirs: true, signal })).map((e) => ({ name: e.path, isDir: e.isDir, size: e.size }))
      : (await fs.listDir(path)).map((e) => ({ name: e.name, isDir: e.isDir, size: e.size }));
    const header = `Directory: ${directoryPath}\n\n`;
    if (rows.length === 0) return `${header}(empty)`;
    rows.sort(compareRows);
    const shown = rows.slice(0, LIST_MAX_ENTRIES).map(renderRow).join('\n');
    if (rows.length <= LIST_MAX_ENTRIES) return header + shown;
    return `${header}${shown}\n\n[Truncated: showing the first ${formatCount(LIST_MAX_ENTRIES)} of ${formatCount(rows.length)} entries.]`;
  }
}
