import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { TextDecoder } from 'node:util';

import { AgentaoError } from '../errors';
import { scrubChildEnv } from './child-env';
import { detectShell, type ShellChoice } from './detect-shell';
import { type ShellBackgroundResult, type ShellExecutor, type ShellRunRequest, type ShellRunResult } from './shell-executor';

/** Default inactivity timeout of `run`: killed when no output arrived for this long. */
export const DEFAULT_SHELL_TIMEOUT_MS = 120_000;

/** How often the inactivity clock is checked (at least this often). */
export const SHELL_TIMEOUT_CHECK_INTERVAL_MS = 50;

/** After the shell exits, how long to keep reading pipes a grandchild may still hold open. */
export const SHELL_DRAIN_TIMEOUT_MS = 2_000;

const IS_WINDOWS = process.platform === 'win32';

/** Options of `LocalShellExecutor` (for tests and unusual hosts; the defaults detect the host). */
export interface LocalShellExecutorOptions {
  /** Overrides shell detection. */
  shell?: ShellChoice;
}

function isErrno(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** Kills the whole tree: SIGKILL to the process group (POSIX) or `taskkill /F /T` (Windows). */
function killTree(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  if (IS_WINDOWS) {
    try {
      const killer = spawn('taskkill', ['/F', '/T', '/PID', String(pid)], { stdio: 'ignore', windowsHide: true });
      killer.on('error', () => child.kill());
    } catch {
      child.kill();
    }
    return;
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    // ESRCH: the group is already gone. Anything else: at least kill the shell itself.
    if (!isErrno(error, 'ESRCH')) child.kill('SIGKILL');
  }
}

/** Rejects a cwd that is missing or not a directory before spawn reports it as a missing shell. */
async function checkCwd(cwd: string): Promise<void> {
  if (typeof cwd !== 'string' || cwd === '') throw new AgentaoError('CONFIG_INVALID', 'cwd must be a non-empty path');
  const info = await stat(cwd);
  if (!info.isDirectory()) throw new AgentaoError('CONFIG_INVALID', `cwd is not a directory: ${cwd}`);
}

/**
 * The default `ShellExecutor`: `bash -c` (else `sh -c`; `cmd.exe` on Windows) in a new process group,
 * stdin closed, provider credentials scrubbed from the inherited environment, output decoded as
 * streaming UTF-8, killed as a tree on inactivity or abort.
 */
export class LocalShellExecutor implements ShellExecutor {
  /** `bash`, `sh` or `cmd`, chosen once at construction. */
  readonly shellName: 'bash' | 'sh' | 'cmd';
  private readonly shell: ShellChoice;

  constructor(options: LocalShellExecutorOptions = {}) {
    this.shell = options.shell ?? detectShell();
    this.shellName = this.shell.shellName;
  }

  private spawnOptions(cwd: string, env: Record<string, string> | undefined, stdout: 'pipe' | 'ignore'): SpawnOptions {
    return {
      cwd,
      env: env ?? scrubChildEnv(process.env),
      stdio: ['ignore', stdout, stdout],
      // A new session on POSIX makes the child a group leader, so the whole tree can be killed at once.
      detached: !IS_WINDOWS,
      windowsHide: true,
      // cmd.exe needs its `/s /c "<command>"` line untouched by Node's argument quoting.
      windowsVerbatimArguments: this.shell.shellName === 'cmd',
      ...(this.shell.shellName === 'cmd' ? {} : { argv0: this.shell.shellName }),
    };
  }

  private commandArgs(command: string): string[] {
    return [...this.shell.args, this.shell.shellName === 'cmd' ? `"${command}"` : command];
  }

  /** Runs a command to completion; rejects only when it cannot be started. */
  async run(request: ShellRunRequest): Promise<ShellRunResult> {
    const { command, cwd, signal, env } = request;
    if (typeof command !== 'string') throw new AgentaoError('CONFIG_INVALID', 'command must be a string');
    const timeoutMs = request.timeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS;
    if (typeof timeoutMs !== 'number' || Number.isNaN(timeoutMs) || timeoutMs <= 0) {
      throw new AgentaoError('CONFIG_INVALID', `timeoutMs must be a positive number, got ${String(timeoutMs)}`);
    }
    await checkCwd(cwd);
    if (signal?.aborted === true) return { exitCode: null, stdout: '', stderr: '', timedOut: false };

    const child = spawn(this.shell.executable, this.commandArgs(command), this.spawnOptions(cwd, env, 'pipe'));
    return new Promise<ShellRunResult>((resolvePromise, rejectPromise) => {
      let stdout = '';
      let stderr = '';
      let timedOut = false;
      let killed = false;
      let spawned = false;
      let settled = false;
      let exitCode: number | null = null;
      let lastActivity = Date.now();
      let drainTimer: NodeJS.Timeout | undefined;
      let killGuard: NodeJS.Timeout | undefined;
      const outDecoder = new TextDecoder('utf-8');
      const errDecoder = new TextDecoder('utf-8');

      const emit = (text: string): void => {
        if (text === '' || request.onChunk === undefined) return;
        try {
          request.onChunk(text);
        } catch {
          // A failing listener must not lose the command's output.
        }
      };
      const kill = (): void => {
        if (killed) return;
        killed = true;
        killTree(child);
        // If even SIGKILL does not produce an exit (e.g. an uninterruptible process), stop waiting.
        killGuard = setTimeout(() => finish(null), SHELL_DRAIN_TIMEOUT_MS);
      };
      const onAbort = (): void => kill();
      const interval = setInterval(() => {
        if (Date.now() - lastActivity > timeoutMs) {
          timedOut = true;
          clearInterval(interval);
          kill();
        }
      }, Math.min(SHELL_TIMEOUT_CHECK_INTERVAL_MS, timeoutMs));

      function finish(code: number | null): void {
        if (settled) return;
        settled = true;
        clearInterval(interval);
        clearTimeout(drainTimer);
        clearTimeout(killGuard);
        signal?.removeEventListener('abort', onAbort);
        const outTail = outDecoder.decode();
        const errTail = errDecoder.decode();
        stdout += outTail;
        stderr += errTail;
        emit(outTail);
        emit(errTail);
        // Stop reading pipes a detached grandchild still holds, so they do not keep the process alive.
        child.stdout?.destroy();
        child.stderr?.destroy();
        resolvePromise({ exitCode: code, stdout, stderr, timedOut });
      }

      child.stdout?.on('data', (data: Buffer) => {
        lastActivity = Date.now();
        const text = outDecoder.decode(data, { stream: true });
        stdout += text;
        emit(text);
      });
      child.stderr?.on('data', (data: Buffer) => {
        lastActivity = Date.now();
        const text = errDecoder.decode(data, { stream: true });
        stderr += text;
        emit(text);
      });
      child.stdout?.on('error', () => undefined);
      child.stderr?.on('error', () => undefined);
      child.on('spawn', () => {
        spawned = true;
      });
      child.on('error', (error) => {
        if (spawned || settled) return;
        settled = true;
        clearInterval(interval);
        signal?.removeEventListener('abort', onAbort);
        rejectPromise(error);
      });
      // A failed spawn is reported by 'error' alone; its trailing 'exit'/'close' must not resolve.
      child.on('exit', (code) => {
        if (!spawned) return;
        exitCode = code;
        clearInterval(interval);
        clearTimeout(killGuard);
        drainTimer = setTimeout(() => finish(exitCode), SHELL_DRAIN_TIMEOUT_MS);
      });
      child.on('close', () => {
        if (spawned) finish(exitCode);
      });
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Starts a detached command in a new session, output discarded; resolves once it has started. */
  async runBackground(request: { command: string; cwd: string; env?: Record<string, string> }): Promise<ShellBackgroundResult> {
    const { command, cwd, env } = request;
    if (typeof command !== 'string') throw new AgentaoError('CONFIG_INVALID', 'command must be a string');
    await checkCwd(cwd);
    const child = spawn(this.shell.executable, this.commandArgs(command), this.spawnOptions(cwd, env, 'ignore'));
    return new Promise<ShellBackgroundResult>((resolvePromise, rejectPromise) => {
      child.once('error', rejectPromise);
      child.once('spawn', () => {
        child.removeListener('error', rejectPromise);
        // A later error (e.g. from a kill) must not crash the host as an unhandled 'error' event.
        child.on('error', () => undefined);
        child.unref();
        const pid = child.pid ?? -1;
        resolvePromise({ pid, pgid: IS_WINDOWS ? null : pid });
      });
    });
  }
}
