import { type JsonSchema, type ToolContext } from '@agentao/core';
import { checkInt, checkPath, checkRef } from './git-arguments';
import { GIT_OUTPUT_MAX_CHARS, GitTool } from './git-tool';
import { errorJson } from './tool-json';

const DESCRIPTION = [
  'Show a unified diff of the git repository in the working directory.',
  'Without refs: unstaged changes (working tree vs index); staged=true: staged changes (index vs HEAD, or vs base when given); base only: working tree vs base; base and target: between the two commits.',
  "Arguments: base, target (optional refs: branch, tag or commit, never starting with '-'); staged (optional, default false); path (optional): only this file or directory; stat_only (optional, default false): a per-file summary (`--stat`) instead of the patch;",
  'offset (optional, default 0): character offset of the page, from next_offset.',
  `Returns JSON {status:"ok", output, total_chars, has_more, next_offset}; output is at most ${GIT_OUTPUT_MAX_CHARS} chars per call, "" when there are no differences. External diff drivers and textconv filters are not run. Read-only.`,
  'An unknown ref or any git failure: JSON {status:"error", message}.',
].join(' ');

const PARAMETERS: JsonSchema = {
  type: 'object',
  properties: {
    base: { type: 'string', description: "Ref to compare from; must not start with '-'." },
    target: { type: 'string', description: "Ref to compare to (needs base); must not start with '-'." },
    staged: { type: 'boolean', default: false, description: 'Diff the index instead of the working tree.' },
    path: { type: 'string', description: 'Only this path.' },
    stat_only: { type: 'boolean', default: false, description: 'Per-file summary instead of the patch.' },
    offset: { type: 'integer', minimum: 0, default: 0, description: 'Character offset (from next_offset).' },
  },
  additionalProperties: false,
};

function flag(name: string, value: unknown): { error: string } | { value: boolean } {
  if (value === undefined || value === null) return { value: false };
  if (typeof value !== 'boolean') return { error: `${name} must be a boolean` };
  return { value };
}

/** `git_diff`: a paged unified diff (or `--stat`) as JSON. */
export class GitDiffTool extends GitTool {
  readonly name = 'git_diff';
  readonly description = DESCRIPTION;
  readonly parameters = PARAMETERS;

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const base = checkRef('base', args.base);
    if ('error' in base) return errorJson(base.error);
    const target = checkRef('target', args.target);
    if ('error' in target) return errorJson(target.error);
    if (target.value !== undefined && base.value === undefined) return errorJson('target needs base');
    const staged = flag('staged', args.staged);
    if ('error' in staged) return errorJson(staged.error);
    const statOnly = flag('stat_only', args.stat_only);
    if ('error' in statOnly) return errorJson(statOnly.error);
    if (staged.value && target.value !== undefined) return errorJson('staged compares the index with one ref; give base only');
    const path = checkPath('path', args.path);
    if ('error' in path) return errorJson(path.error);
    const offset = checkInt('offset', args.offset, 0, 0, Number.MAX_SAFE_INTEGER);
    if ('error' in offset) return errorJson(offset.error);
    const gitArgs = ['diff', '--no-ext-diff', '--no-textconv', '--no-color'];
    if (statOnly.value) gitArgs.push('--stat');
    if (staged.value) gitArgs.push('--cached');
    gitArgs.push('--end-of-options');
    if (base.value !== undefined) gitArgs.push(base.value);
    if (target.value !== undefined) gitArgs.push(target.value);
    gitArgs.push('--');
    if (path.value !== undefined) gitArgs.push(path.value);
    return this.gitPage(gitArgs, offset.value, ctx.signal);
  }
}
