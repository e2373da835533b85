import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';

import { containWritePath } from '../contain-write-path';
import { type FileToolFacts } from '../file-tool-facts';
import { orErrorResult } from '../or-error-result';
import { readArgs, booleanArg, stringArg } from '../tool-args';

/** Default of `append`: replace the whole file. */
export const WRITE_FILE_DEFAULT_APPEND = false;

/** The fixed texts and markers `write_file` can return. */
export const WRITE_FILE_RESULT_MARKERS: readonly string[] = Object.freeze([
  'Successfully wrote to ',
  'Successfully appended to ',
  'Error: PathPolicy: refused ',
  'Error writing file: ',
]);

const DESCRIPTION = [
  'Write text to a file: creates the file if it does not exist, creating missing parent directories too.',
  `By default (\`append\` ${String(WRITE_FILE_DEFAULT_APPEND)}) the whole file is replaced by \`content\` (an existing file is replaced atomically); with \`append\` true, \`content\` is added to the end of the file.`,
  '`content` is written exactly as given, as UTF-8: line endings and a leading byte order mark are not changed.',
  'The path must stay inside the working directory; symlinks (in the parent directories and the file itself) are resolved before that check.',
  'For a small change to an existing file prefer `replace`: it sends only the changed text.',
  '',
  'Results: `Successfully wrote to <file_path>`; `Successfully appended to <file_path>`;',
  "`Error: PathPolicy: refused '<file_path>' — resolves to '<path>', outside the workspace root '<root>'` when the path leaves the working directory;",
  '`Error writing file: <message>` for any other failure.',
].join('\n');

const PARAMETERS: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    file_path: {
      type: 'string',
      description: 'Path of the file to write: absolute or relative to the working directory; it must resolve inside the working directory.',
    },
    content: { type: 'string', description: 'The text to write, exactly as it should appear in the file.' },
    append: {
      type: 'boolean',
      default: WRITE_FILE_DEFAULT_APPEND,
      description: `true adds \`content\` to the end of the file; false replaces the whole file (default: ${String(WRITE_FILE_DEFAULT_APPEND)}).`,
    },
  },
  required: ['file_path', 'content'],
  additionalProperties: false,
});

/** The facts manifest of `write_file` (tools-builtin.md §7.1). */
export const WRITE_FILE_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({}),
  resultMarkers: WRITE_FILE_RESULT_MARKERS,
  requiredPhrases: Object.freeze(['creating missing parent directories', 'inside the working directory', 'prefer `replace`']),
  forbiddenPhrases: Object.freeze([]),
});

/** `write_file`: creates or replaces (or appends to) a file inside the working directory. */
export class WriteFileTool extends Tool {
  readonly name = 'write_file';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;
  override readonly isReadOnly = false;
  override readonly requiresConfirmation = true;

  async execute(args: Record<string, unknown>, _ctx: ToolContext): Promise<string> {
    const parsed = readArgs(() => ({
      filePath: stringArg(args, 'file_path'),
      content: stringArg(args, 'content'),
      append: booleanArg(args, 'append', WRITE_FILE_DEFAULT_APPEND),
    }));
    if (typeof parsed === 'string') return parsed;
    const { filePath, content, append } = parsed;
    return orErrorResult('Error writing file', async () => {
      const target = await containWritePath(this, filePath);
      if ('refusal' in target) return target.refusal;
      await this.getFileSystem().writeText(target.resolved, content, { append });
      return append ? `Successfully appended to ${filePath}` : `Successfully wrote to ${filePath}`;
    });
  }
}
