import { type JsonSchema, type ToolContext } from '@agentao/core';
import { checkInt, checkPath, checkRef } from './git-arguments';
import { GitTool } from './git-tool';
import { errorJson } from './tool-json';

/** Commits returned when `max_count` is not given. */
export const GIT_LOG_DEFAULT_COUNT = 20;
/** Upper bound of `max_count`. */
export const GIT_LOG_MAX_COUNT = 100;
/** A commit subject longer than this is cut and ends with `…`. */
export const GIT_LOG_MAX_SUBJECT_CHARS = 200;

const DESCRIPTION = [
  'List commits of the git repository in the working directory, newest first.',
  'Use it to see recent history, who changed something, or the commits touching a file. Read-only.',
  `Arguments: ref (optional, default HEAD): a branch, tag, commit or range such as main..feature, never starting with '-'; path (optional): only commits touching this path;`,
  `max_count (optional, default ${GIT_LOG_DEFAULT_COUNT}, max ${GIT_LOG_MAX_COUNT}); skip (optional, default 0): commits to skip, from next_skip.`,
  `Returns JSON {status:"ok", commits:[{hash, author, email, date (ISO 8601), subject}], has_more, next_skip}; next_skip is null when has_more is false. Subjects over ${GIT_LOG_MAX_SUBJECT_CHARS} chars are cut and end with "…".`,
  'An unknown ref, a repository without commits or any git failure: JSON {status:"error", message}.',
].join(' ');

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: {
    ref: { type: 'string', description: "Branch, tag, commit or range; must not start with '-'." },
    path: { type: 'string', description: 'Only commits touching this path.' },
    max_count: { type: 'integer', minimum: 1, maximum: GIT_LOG_MAX_COUNT, default: GIT_LOG_DEFAULT_COUNT },
    skip: { type: 'integer', minimum: 0, default: 0, description: 'Commits to skip (from next_skip).' },
  },
  additionalProperties: false,
};

// Unit and record separators cannot occur in names, dates or one-line subjects.
const FORMAT = '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e';

/** `git_log`: one bounded page of commits as JSON. */
export class GitLogTool extends GitTool {
  readonly name = 'git_log';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const ref = checkRef('ref', args.ref);
    if ('error' in ref) return errorJson(ref.error);
    const path = checkPath('path', args.path);
    if ('error' in path) return errorJson(path.error);
    const count = checkInt('max_count', args.max_count, GIT_LOG_DEFAULT_COUNT, 1, GIT_LOG_MAX_COUNT);
    if ('error' in count) return errorJson(count.error);
    const skip = checkInt('skip', args.skip, 0, 0, Number.MAX_SAFE_INTEGER);
    if ('error' in skip) return errorJson(skip.error);
    // One extra commit tells whether another page exists.
    const gitArgs = ['log', FORMAT, `--max-count=${count.value + 1}`, `--skip=${skip.value}`, '--end-of-options', ref.value ?? 'HEAD', '--'];
    if (path.value !== undefined) gitArgs.push(path.value);
    return this.gitResult(gitArgs, ctx.signal, (stdout) => {
      const records = stdout.split('\x1e').map((r) => r.trim()).filter((r) => r !== '');
      const commits = records.slice(0, count.value).map((record) => {
        const [hash = '', author = '', email = '', date = '', subject = ''] = record.split('\x1f');
        return { hash, author, email, date, subject: subject.length > GIT_LOG_MAX_SUBJECT_CHARS ? `${subject.slice(0, GIT_LOG_MAX_SUBJECT_CHARS)}…` : subject };
      });
      const hasMore = records.length > count.value;
      return JSON.stringify({ status: 'ok', commits, has_more: hasMore, next_skip: hasMore ? skip.value + commits.length : null });
    });
  }
}
