import { type ShellExecutor } from '@agentao/core';

/** A git command that has not printed anything for this long is killed. */
export const GIT_TIMEOUT_MS = 30_000;
/** Longest stderr excerpt put into an error message. */
export const GIT_MAX_ERROR_CHARS = 2_000;

/** POSIX single-quote quoting: the one form in which no character is special to the shell. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

// Every invocation is read-only and inert even in a hostile repository: no optional index lock
// writes (status would otherwise refresh the index), no pager, no fsmonitor hook, no colour, no
// credential prompt. Diff-specific hooks (external diff, textconv) are disabled by the callers.
const PREFIX = "GIT_OPTIONAL_LOCKS=0 GIT_TERMINAL_PROMPT=0 git --no-pager -c core.fsmonitor=false -c color.ui=never -c core.quotepath=off";

/** What one git run produced. */
export type GitRun = { ok: true; stdout: string } | { ok: false; message: string };

/** Runs `git <args>` through the bound shell capability in `cwd`; arguments are quoted one by one. */
export async function runGit(shell: ShellExecutor, cwd: string, args: readonly string[], signal: AbortSignal): Promise<GitRun> {
  const command = `${PREFIX} ${args.map(shellQuote).join(' ')}`;
  const result = await shell.run({ command, cwd, signal, timeoutMs: GIT_TIMEOUT_MS });
  if (result.timedOut) return { ok: false, message: `git produced no output for ${GIT_TIMEOUT_MS} ms and was stopped` };
  if (signal.aborted) return { ok: false, message: 'cancelled' };
  if (result.exitCode !== 0) {
    const detail = result.stderr.trim() || result.stdout.trim() || `exit code ${String(result.exitCode)}`;
    return { ok: false, message: detail.length > GIT_MAX_ERROR_CHARS ? `${detail.slice(0, GIT_MAX_ERROR_CHARS)}…` : detail };
  }
  return { ok: true, stdout: result.stdout };
}
