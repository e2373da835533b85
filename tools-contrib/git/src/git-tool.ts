import { Tool } from '@agentao/core';
import { type GitRun, runGit } from './run-git';

/** Characters of git output returned per call; longer output is paged with `offset`. */
export const GIT_OUTPUT_MAX_CHARS = 20_000;

/** Shared base of the git tools: read-only, and git runs through the bound shell in the working directory. */
export abstract class GitTool extends Tool {
  override readonly isReadOnly = true;
  // A shallow copy shares only the shell capability, which runs each command in its own process.
  override readonly copiesToSubagents = true;

  /** Runs git in the bound working directory (the process cwd when unbound). */
  protected git(args: readonly string[], signal: AbortSignal): Promise<GitRun> {
    return runGit(this.getShell(), this.resolveDirectory('.'), args, signal);
  }
}
