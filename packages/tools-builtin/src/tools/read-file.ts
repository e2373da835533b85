import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';

import { BINARY_CHECK_BYTES, decodeUtf8OrNull, hasNulByte } from '../file-sniff';
import { type FileToolFacts } from '../file-tool-facts';
import { orErrorResult } from '../or-error-result';
import { statOrMissing } from '../stat-or-missing';
import { capLine, formatCount } from '../text-format';
import { sliceLines } from '../text-lines';
import { readArgs, integerArg, stringArg } from '../tool-args';

export { BINARY_CHECK_BYTES } from '../file-sniff';

/** Lines shown when no positive `limit` is given. */
export const MAX_LINES_DEFAULT = 2000;
/** Characters of one line shown before it is cut. */
export const MAX_LINE_LENGTH = 2000;
/** The whole `read_file` result stays within this many characters (under the runtime's 40,000 spill threshold). */
export const READ_FILE_MAX_OUTPUT_CHARS = 39000;
/** Default of `offset`: the first line. */
export const READ_FILE_DEFAULT_OFFSET = 1;
/** Default of `limit`: no explicit limit (the default window applies). */
export const READ_FILE_DEFAULT_LIMIT = 0;
/** How many columns the right-aligned line number takes. */
const LINE_NUMBER_WIDTH = 6;

/** The fixed texts and markers `read_file` can return. */
export const READ_FILE_RESULT_MARKERS: readonly string[] = Object.freeze([
  'Showing lines ',
  '[+',
  '[Truncated: showing lines ',
  ` line(s) truncated to ${formatCount(MAX_LINE_LENGTH)} chars per line]`,
  'The file is empty.',
  'No lines to show: offset ',
  'Binary file: ',
  'Error: File ',
  ' is a directory, not a file. Use list_directory to see its contents.',
  'Error reading file: ',
]);

const DESCRIPTION = [
  'Read a text file and return its lines with line numbers. Use it to look at a file before editing it; for a directory use list_directory instead.',
  '',
  'Output: `File: <file_path> (<total> lines)` and `Showing lines <start>-<end>`, then one row per line: the line number right-aligned, a TAB, the line text.',
  `Window: from \`offset\` (default ${READ_FILE_DEFAULT_OFFSET}), at most \`limit\` lines when \`limit\` is above ${READ_FILE_DEFAULT_LIMIT}; \`limit\` ${READ_FILE_DEFAULT_LIMIT} (the default) or less means up to the default window of ${formatCount(MAX_LINES_DEFAULT)} lines, not the whole file.`,
  `The whole result stays within a budget of ${formatCount(READ_FILE_MAX_OUTPUT_CHARS)} characters. When lines remain after the window shown (and no explicit \`limit\` was given, or the character budget ended the window first), the result ends with \`[Truncated: showing lines <start>–<end> of <total> total. Use offset=<next> to continue reading.]\`: call again with that offset to read on.`,
  `A line longer than ${formatCount(MAX_LINE_LENGTH)} characters shows only its first ${formatCount(MAX_LINE_LENGTH)} followed by \`[+<n> chars]\`, and the note \`[<k> line(s) truncated to ${formatCount(MAX_LINE_LENGTH)} chars per line]\` is added.`,
  'Lines end at \\n, \\r\\n or \\r; a byte order mark is kept as the first character of line one.',
  '',
  'Other results:',
  `- \`Binary file: <file_path> (<size> bytes)\` when the first ${formatCount(BINARY_CHECK_BYTES)} bytes contain a NUL byte or the file is not valid UTF-8 (nothing of it is shown);`,
  '- `File: <file_path> (0 lines)` + `The file is empty.`;',
  '- `No lines to show: offset <offset> is past the end of the file.`;',
  '- `Error: File <file_path> does not exist`;',
  '- `Error: <file_path> is a directory, not a file. Use list_directory to see its contents.`;',
  '- `Error reading file: <message>` for any other failure.',
].join('\n');

const PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    file_path: {
      type: 'string',
      description: 'Path of the file to read: absolute, or relative to the working directory.',
    },
    offset: {
      type: 'integer',
      default: READ_FILE_DEFAULT_OFFSET,
      description: `Line number to start reading from; the first line is line ${READ_FILE_DEFAULT_OFFSET} (default: ${READ_FILE_DEFAULT_OFFSET}). Values below ${READ_FILE_DEFAULT_OFFSET} act as ${READ_FILE_DEFAULT_OFFSET}.`,
    },
    limit: {
      type: 'integer',
      default: READ_FILE_DEFAULT_LIMIT,
      description: `Maximum number of lines to show (default: ${READ_FILE_DEFAULT_LIMIT}). ${READ_FILE_DEFAULT_LIMIT} or less means up to the default window of ${formatCount(MAX_LINES_DEFAULT)} lines.`,
    },
  },
  required: ['file_path'],
  additionalProperties: false,
});

/** The facts manifest of `read_file` (tools-builtin.md §7.1). */
export const READ_FILE_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({
    MAX_LINES_DEFAULT: formatCount(MAX_LINES_DEFAULT),
    MAX_LINE_LENGTH: formatCount(MAX_LINE_LENGTH),
    READ_FILE_MAX_OUTPUT_CHARS: formatCount(READ_FILE_MAX_OUTPUT_CHARS),
    BINARY_CHECK_BYTES: formatCount(BINARY_CHECK_BYTES),
    READ_FILE_DEFAULT_OFFSET: String(READ_FILE_DEFAULT_OFFSET),
    READ_FILE_DEFAULT_LIMIT: String(READ_FILE_DEFAULT_LIMIT),
  }),
  resultMarkers: READ_FILE_RESULT_MARKERS,
  requiredPhrases: Object.freeze([
    `default window of ${formatCount(MAX_LINES_DEFAULT)} lines`,
    `longer than ${formatCount(MAX_LINE_LENGTH)} characters`,
    'Binary file: <file_path> (<size> bytes)',
    'Use offset=<next> to continue reading.',
  ]),
  forbiddenPhrases: Object.freeze(['all lines', '0 = all']),
});

function renderLine(lineNumber: number, text: string): string {
  return `${String(lineNumber).padStart(LINE_NUMBER_WIDTH)}\t${text}`;
}

/** `read_file`: a text file with line numbers, in a bounded window with a continuation hint. */
export class ReadFileTool extends Tool {
  readonly name = 'read_file';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  async execute(args: Record<string, unknown>, _ctx: ToolContext): Promise<string> {
    const parsed = readArgs(() => ({
      filePath: stringArg(args, 'file_path'),
      offset: integerArg(args, 'offset', READ_FILE_DEFAULT_OFFSET),
      limit: integerArg(args, 'limit', READ_FILE_DEFAULT_LIMIT),
    }));
    if (typeof parsed === 'string') return parsed;
    const { filePath, offset, limit } = parsed;
    return orErrorResult('Error reading file', () => this.read(filePath, offset, limit));
  }

  private async read(filePath: string, offset: number, limit: number): Promise<string> {
    const fs = this.getFileSystem();
    const path = this.resolvePath(filePath);
    const info = await statOrMissing(fs, path);
    if (info === null) return `Error: File ${filePath} does not exist`;
    if (info.isDir) return `Error: ${filePath} is a directory, not a file. Use list_directory to see its contents.`;
    // A FIFO or device could block or never end; only regular files are read.
    if (!info.isFile) return `Error reading file: ${filePath} is not a regular file`;
    const binary = `Binary file: ${filePath} (${formatCount(info.size)} bytes)`;
    // Sniff first so a large binary is never read whole.
    if (hasNulByte(await fs.readPartial(path, BINARY_CHECK_BYTES))) return binary;
    const text = decodeUtf8OrNull(await fs.readBytes(path));
    if (text === null) return binary;

    const start = Math.max(1, offset);
    const windowSize = limit > 0 ? limit : MAX_LINES_DEFAULT;
    const { total, lines } = sliceLines(text, start - 1, windowSize);
    const header = `File: ${filePath} (${formatCount(total)} lines)`;
    if (total === 0) return `${header}\nThe file is empty.`;
    if (start > total) return `${header}\nNo lines to show: offset ${offset} is past the end of the file.`;

    // Reserve room for the header and both notes at their longest, so the result never exceeds the budget.
    const lastPossible = total;
    const reserve =
      `${header}\nShowing lines ${start}-${lastPossible}\n`.length +
      truncatedNote(start, lastPossible, total).length +
      longLinesNote(total).length;
    const budget = READ_FILE_MAX_OUTPUT_CHARS - reserve;
    const rendered: string[] = [];
    let used = 0;
    let cutLines = 0;
    let budgetStopped = false;
    for (const [index, line] of lines.entries()) {
      const { text: shown, omitted } = capLine(line, MAX_LINE_LENGTH);
      const row = renderLine(start + index, omitted > 0 ? `${shown}[+${formatCount(omitted)} chars]` : shown);
      const cost = row.length + (rendered.length > 0 ? 1 : 0);
      // At least one line is always shown so the model can make progress.
      if (rendered.length > 0 && used + cost > budget) {
        budgetStopped = true;
        break;
      }
      rendered.push(row);
      used += cost;
      if (omitted > 0) cutLines += 1;
    }
    const end = start + rendered.length - 1;
    let result = `${header}\nShowing lines ${start}-${end}\n${rendered.join('\n')}`;
    if (end < total && (limit <= 0 || budgetStopped)) result += truncatedNote(start, end, total);
    if (cutLines > 0) result += longLinesNote(cutLines);
    return result;
  }
}

function truncatedNote(start: number, end: number, total: number): string {
  return `\n\n[Truncated: showing lines ${start}–${end} of ${formatCount(total)} total. Use offset=${end + 1} to continue reading.]`;
}

function longLinesNote(count: number): string {
  return `\n[${formatCount(count)} line(s) truncated to ${formatCount(MAX_LINE_LENGTH)} chars per line]`;
}
