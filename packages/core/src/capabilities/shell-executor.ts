/** One shell command to run. */
export interface ShellRunRequest {
  command: string;
  /** Absolute working directory of the child. */
  cwd: string;
  /** Inactivity timeout: killed when no output arrived for longer than this (default 120,000 ms). */
  timeoutMs?: number;
  /** Aborting kills the whole process tree; the call resolves with what was collected. */
  signal?: AbortSignal;
  /** Receives each decoded output chunk (stdout and stderr); its errors are swallowed. */
  onChunk?(chunk: string): void;
  /** The child's environment verbatim; default: the parent's, minus provider credentials. */
  env?: Record<string, string>;
}

/** What a finished shell command produced. */
export interface ShellRunResult {
  /** `null` when the process was terminated by a signal. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** A command started in the background. */
export interface ShellBackgroundResult {
  pid: number;
  pgid: number | null;
}

/** The process capability every built-in tool goes through. */
export interface ShellExecutor {
  /** Which shell runs commands (`bash`, `sh` or `cmd`), for descriptions. */
  readonly shellName?: string;
  /** Runs a command to completion; rejects only when it cannot be spawned. */
  run(request: ShellRunRequest): Promise<ShellRunResult>;
  /** Starts a detached command whose output is discarded; resolves once it started. */
  runBackground?(request: { command: string; cwd: string; env?: Record<string, string> }): Promise<ShellBackgroundResult>;
}
