import { Tool } from '@agentao/core';
import { pageText } from './page-text';
import { type GitRun, runGit } from './run-git';
import { errorJson, messageOf } from './tool-json';

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

  /**
   * Runs git and returns `render(stdout)`; a failed run or a throw (no shell bound, a crashing
   * renderer) becomes `{status:"error", message}`, so every tool reports git failures the same way.
   */
  protected async gitResult(args: readonly string[], signal: AbortSignal, render: (stdout: string) => string): Promise<string> {
    try {
      const run = await this.git(args, signal);
      if (!run.ok) return errorJson(run.message);
      return render(run.stdout);
    } catch (error) {
      return errorJson(messageOf(error));
    }
  }

  /** Runs git and returns one page of its stdout as `{status:"ok", output, total_chars, has_more, next_offset}`. */
  protected gitPage(args: readonly string[], offset: number, signal: AbortSignal): Promise<string> {
    return this.gitResult(args, signal, (stdout) => JSON.stringify({ status: 'ok', ...pageText(stdout, offset, GIT_OUTPUT_MAX_CHARS) }));
  }
}
