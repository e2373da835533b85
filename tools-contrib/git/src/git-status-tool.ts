import { type JsonSchema, type ToolContext } from '@agentao/core';
import { checkInt, checkPath } from './git-arguments';
import { GIT_OUTPUT_MAX_CHARS, GitTool } from './git-tool';
import { errorJson } from './tool-json';

const DESCRIPTION = [
  'Show the working tree status of the git repository in the working directory: current branch, upstream and ahead/behind counts, and changed, staged and untracked files.',
  'Use it before committing-related advice or to see what the user changed. Read-only: it never writes the index or any file.',
  "Arguments: path (optional): limit to this file or directory (relative to the working directory); offset (optional, default 0): character offset of the page, from next_offset.",
  "Returns JSON {status:\"ok\", output, total_chars, has_more, next_offset}; output is `git status --porcelain=v1 --branch`: a first line '## <branch>...<upstream> [ahead N, behind M]', then one line per file 'XY <path>' (X = staged, Y = unstaged; ?? = untracked; renames as 'old -> new').",
  `Output is paged at ${GIT_OUTPUT_MAX_CHARS} chars per call. Not a repository or a git failure: JSON {status:"error", message}.`,
].join(' ');

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: {
    path: { type: 'string', description: 'Limit to this path.' },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'Character offset (from next_offset).' },
  },
  additionalProperties: false,
};

/** `git_status`: porcelain status of the working-directory repository, paged. */
export class GitStatusTool extends GitTool {
  readonly name = 'git_status';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const path = checkPath('path', args.path);
    if ('error' in path) return errorJson(path.error);
    const offset = checkInt('offset', args.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    if ('error' in offset) return errorJson(offset.error);
    const gitArgs = ['status', '--porcelain=v1', '--branch', '--untracked-files=normal', '--'];
    if (path.value !== undefined) gitArgs.push(path.value);
    return this.gitPage(gitArgs, offset.value, ctx.signal);
  }
}
