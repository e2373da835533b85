import { type JsonSchema, LocalShellExecutor, scrubChildEnv, type ShellExecutor, type ShellRunResult, Tool, type ToolContext } from '@agentao/core';
import { PathPolicy } from '@agentao/permissions';

import { errorMessage } from '@agentao/core/internal';
import { type FileToolFacts } from '../file-tool-facts';

/** Seconds of inactivity (no output) before a foreground command is killed, when `timeout` is omitted. */
export const SHELL_DEFAULT_TIMEOUT_S = 120;

/** Most characters of stdout plus stderr a result keeps (tails); keeps results under the 40,000 spill threshold. */
export const SHELL_MAX_OUTPUT_CHARS = 39_000;

/** A stream with a NUL character among its first this-many characters is shown as a binary placeholder. */
export const BINARY_CHECK_CHARS = 8192;

/** Default of `working_directory`: the session's working directory. */
export const SHELL_DEFAULT_WORKING_DIRECTORY = '.';

/** Answer when the executor cannot start detached commands. */
export const SHELL_NO_BACKGROUND_MESSAGE =
  'Error: shell executor does not support background execution. Run this command with is_background=false.';

/** Answer when a foreground command produced nothing and exited 0. */
export const SHELL_NO_OUTPUT_MESSAGE = 'Command completed with no output.';

/** Line added when the process was killed by a signal (exit code `null`). */
export const SHELL_SIGNAL_MESSAGE = 'Terminated by a signal.';

/** Fixed prefixes and markers `run_shell_command` can return (checked by the description-facts test). */
export const RUN_SHELL_COMMAND_RESULT_MARKERS: readonly string[] = Object.freeze([
  'Error: invalid arguments:',
  'Error: PathPolicy: refused',
  "Error: working_directory '",
  SHELL_NO_BACKGROUND_MESSAGE,
  'Error starting background command:',
  'Background process started.',
  'Error starting command:',
  'Command timed out after',
  'Partial output before timeout:',
  '[binary output — ',
  'chars omitted (showing last',
  'STDOUT:',
  'STDERR:',
  'Exit code:',
  SHELL_SIGNAL_MESSAGE,
  SHELL_NO_OUTPUT_MESSAGE,
]);

/** The facts manifest of `run_shell_command` (tools-builtin.md §7.1); the shell named comes from the executor. */
export const RUN_SHELL_COMMAND_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({
    SHELL_DEFAULT_TIMEOUT_S: String(SHELL_DEFAULT_TIMEOUT_S),
    SHELL_MAX_OUTPUT_CHARS: SHELL_MAX_OUTPUT_CHARS.toLocaleString('en-US'),
    BINARY_CHECK_CHARS: BINARY_CHECK_CHARS.toLocaleString('en-US'),
  }),
  resultMarkers: RUN_SHELL_COMMAND_RESULT_MARKERS,
  requiredPhrases: Object.freeze([
    '[binary output — <n> chars not shown]',
    'ANSI escape sequences are removed',
    'only the text after the last one is kept',
    '[... <n> chars omitted (showing last <m>) ...]',
    'every output chunk resets the clock',
    'nothing checks how it fares',
  ]),
  forbiddenPhrases: Object.freeze(['checks whether it succeeded', 'reports when it finishes', 'is monitored']),
});

const IS_WINDOWS = process.platform === 'win32';

// Core's opt-out switch for credential scrubbing (tools-builtin.md §3.4).
const SCRUB_OPT_OUT_ENV = 'AGENTAO_SCRUB_CHILD_ENV';

// ESC + one byte in @–Z or \–_, or a CSI sequence: ESC [ parameters (0–?) intermediates (space–/) final (@–~).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ANSI_ESCAPE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[@-Z\\-_])/g;

const count = (value: number): string => value.toLocaleString('en-US');

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** The last `budget` UTF-16 units, one fewer when the cut would split a surrogate pair. */
function tailWithin(text: string, budget: number): string {
  let start = text.length - budget;
  if (start <= 0) return text;
  if (isLowSurrogate(text.charCodeAt(start))) start += 1;
  return text.slice(start);
}

/** Collapses carriage returns (progress bars keep their final text) and strips ANSI escapes. */
function cleanStream(raw: string): string {
  const lines: string[] = [];
  for (const line of raw.replace(/\r\n/g, '\n').split('\n')) {
    if (!line.includes('\r')) {
      lines.push(line);
      continue;
    }
    const last = line.slice(line.lastIndexOf('\r') + 1);
    if (last !== '') lines.push(last);
  }
  return lines.join('\n').replace(ANSI_ESCAPE, '');
}

/** Cleans one stream; returns its displayable text or the binary placeholder, `''` when empty. */
function prepareStream(raw: string): { text: string; binary: boolean } {
  if (raw === '') return { text: '', binary: false };
  if (raw.slice(0, BINARY_CHECK_CHARS).includes('\0')) {
    return { text: `[binary output — ${count(raw.length)} chars not shown]`, binary: true };
  }
  return { text: cleanStream(raw), binary: false };
}

function truncateTail(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const tail = tailWithin(text, budget);
  return `[... ${count(text.length - tail.length)} chars omitted (showing last ${count(tail.length)}) ...]\n${tail}`;
}

/** Applies the shared cap: budgets proportional to each stream's length, each keeping its tail. */
function capStreams(stdout: string, stderr: string): [string, string] {
  const total = stdout.length + stderr.length;
  if (total <= SHELL_MAX_OUTPUT_CHARS) return [stdout, stderr];
  if (stderr === '') return [truncateTail(stdout, SHELL_MAX_OUTPUT_CHARS), ''];
  if (stdout === '') return ['', truncateTail(stderr, SHELL_MAX_OUTPUT_CHARS)];
  const outBudget = Math.min(SHELL_MAX_OUTPUT_CHARS - 1, Math.max(1, Math.floor((SHELL_MAX_OUTPUT_CHARS * stdout.length) / total)));
  return [truncateTail(stdout, outBudget), truncateTail(stderr, SHELL_MAX_OUTPUT_CHARS - outBudget)];
}

/** The stream parts of a result (`STDOUT:` / `STDERR:` sections), cleaned and capped. */
function formatStreams(result: ShellRunResult): string[] {
  const out = prepareStream(result.stdout);
  const err = prepareStream(result.stderr);
  // A binary placeholder is short and fixed; only real text competes for the budget.
  const [stdout, stderr] = capStreams(out.binary ? '' : out.text, err.binary ? '' : err.text);
  const parts: string[] = [];
  const shownOut = out.binary ? out.text : stdout;
  const shownErr = err.binary ? err.text : stderr;
  if (shownOut !== '') parts.push(`STDOUT:\n${shownOut}`);
  if (shownErr !== '') parts.push(`STDERR:\n${shownErr}`);
  return parts;
}

/** Formats a finished foreground command per §5.7 step 5. */
function formatShellResult(result: ShellRunResult): string {
  const parts = formatStreams(result);
  if (result.exitCode === null) parts.push(SHELL_SIGNAL_MESSAGE);
  else if (result.exitCode !== 0) parts.push(`Exit code: ${result.exitCode}`);
  return parts.length === 0 ? SHELL_NO_OUTPUT_MESSAGE : parts.join('\n\n');
}

/** Whether the local executor removes provider credentials from children right now (it reads the same switch per run). */
function scrubbingActive(): boolean {
  const probe = 'OPENAI_API_KEY';
  return !(probe in scrubChildEnv({ [SCRUB_OPT_OUT_ENV]: process.env[SCRUB_OPT_OUT_ENV], [probe]: 'x' }));
}

function isLocalExecutor(shell: ShellExecutor): shell is LocalShellExecutor {
  return shell instanceof LocalShellExecutor;
}

/** How the description names the shell: `bash -c`, `sh -c`, `cmd.exe /c`, or the host's executor. */
function shellPhrase(shell: ShellExecutor): string | null {
  if (!isLocalExecutor(shell)) return null;
  if (shell.shellName === 'cmd') return '`cmd.exe /c <command>`';
  return `\`${shell.shellName} -c <command>\``;
}

interface ShellArgs {
  command: string;
  workingDirectory: string;
  timeout: number;
  isBackground: boolean;
}

function parseArgs(args: Record<string, unknown>): ShellArgs | string {
  const { command, working_directory: wd, timeout, is_background: bg } = args;
  if (typeof command !== 'string' || command.trim() === '') return 'command must be a non-empty string';
  if (wd !== undefined && (typeof wd !== 'string' || wd === '')) return 'working_directory must be a non-empty string';
  if (timeout !== undefined && !(typeof timeout === 'number' && Number.isFinite(timeout) && timeout > 0)) {
    return 'timeout must be a number greater than 0 (seconds)';
  }
  if (bg !== undefined && typeof bg !== 'boolean') return 'is_background must be a boolean';
  return {
    command,
    workingDirectory: wd ?? SHELL_DEFAULT_WORKING_DIRECTORY,
    timeout: timeout ?? SHELL_DEFAULT_TIMEOUT_S,
    isBackground: bg ?? false,
  };
}

/** `run_shell_command`: runs a command through the bound shell executor and returns its cleaned output. */
export class RunShellCommandTool extends Tool {
  readonly name = 'run_shell_command';
  override readonly isReadOnly = false;
  override readonly requiresConfirmation = true;

  /** Built from the executor actually bound, so the shell it names is the one that runs. */
  get description(): string {
    const shell = this.getShell();
    const phrase = shellPhrase(shell);
    const local = isLocalExecutor(shell);
    const runs =
      phrase === null
        ? "Commands run through the host's shell executor, which decides the shell, standard input and environment."
        : `Commands run as ${phrase}. Standard input is empty (a command that reads input gets end-of-file at once). ${
            scrubbingActive()
              ? 'Provider API keys (such as OPENAI_API_KEY) are removed from the environment.'
              : 'The environment is inherited in full (the removal of provider API keys is turned off).'
          }`;
    const background =
      typeof shell.runBackground === 'function'
      ? 'When is_background is true the command starts detached and the call returns at once with `Background process started.`, its PID (and process group) and how to stop it; its output is discarded, nothing checks how it fares, and it keeps running after the turn ends. A failure to start gives `Error starting background command: <message>`.'
      : `Background execution is not available with this executor: is_background=true answers \`${SHELL_NO_BACKGROUND_MESSAGE}\``;
    return [
      'Run a shell command in the session\'s working directory and return its output. Use it for builds, tests, git, package managers and other command-line work; prefer the file tools for reading, searching and editing files.',
      runs,
      'The call requires the user\'s confirmation unless a permission rule already allows it; `description` is shown to the user in the confirmation prompt.',
      `A foreground command is killed${local ? ' (with its whole process group)' : ''} after \`timeout\` seconds without any output, default ${SHELL_DEFAULT_TIMEOUT_S}; every output chunk resets the clock.`,
      background,
      'Result: `STDOUT:` and `STDERR:` sections (each left out when empty), then `Exit code: <n>` when the exit code is not zero or `Terminated by a signal.` when the process was killed; `Command completed with no output.` when there is nothing to show.',
      'Output is cleaned: ANSI escape sequences are removed and, in a line with carriage returns, only the text after the last one is kept.',
      `A stream with a NUL character in its first ${count(BINARY_CHECK_CHARS)} characters is replaced by \`[binary output — <n> chars not shown]\`.`,
      `When stdout and stderr together exceed ${count(SHELL_MAX_OUTPUT_CHARS)} characters, each keeps only its last part (shares proportional to their lengths, ${count(SHELL_MAX_OUTPUT_CHARS)} in total), marked \`[... <n> chars omitted (showing last <m>) ...]\`.`,
      'On inactivity timeout: `Command timed out after <timeout>s of inactivity.` and the command, then, when there was output, `Partial output before timeout:` and that output (cleaned and capped the same way).',
      local
        ? "Errors: `Error: PathPolicy: refused '<working_directory>' — …` for a directory outside the session's working directory; `Error: working_directory '<working_directory>' does not exist or is not a directory.`; `Error starting command: <message>`; `Error: invalid arguments: <problem>`."
        : "Errors: `Error: PathPolicy: refused '<working_directory>' — …` for a directory outside the session's working directory; `Error starting command: <message>`; `Error: invalid arguments: <problem>`.",
    ].join('\n');
  }

  /** Parameter schema; defaults are stated in each description. */
  get parameters(): JsonSchema {
    return {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command line to run.' },
        description: { type: 'string', description: 'A short explanation of what the command does, shown to the user in the confirmation prompt.' },
        working_directory: {
          type: 'string',
          description: `Directory to run in, absolute or relative to the session's working directory; default '${SHELL_DEFAULT_WORKING_DIRECTORY}'. It must be an existing directory inside the session's working directory (symlinks are resolved before the check).`,
          default: SHELL_DEFAULT_WORKING_DIRECTORY,
        },
        timeout: {
          type: 'number',
          exclusiveMinimum: 0,
          description: `Seconds without any output before the command is killed; default ${SHELL_DEFAULT_TIMEOUT_S}. Output resets the clock.`,
          default: SHELL_DEFAULT_TIMEOUT_S,
        },
        is_background: {
          type: 'boolean',
          description: 'Start the command detached and return at once with its PID, discarding its output; default false.',
          default: false,
        },
      },
      required: ['command'],
      additionalProperties: false,
    };
  }

  /** Runs the command; every expected failure is a result string. */
  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const parsed = parseArgs(args);
    if (typeof parsed === 'string') return `Error: invalid arguments: ${parsed}`;
    const shell = this.getShell();

    let cwd: string;
    try {
      cwd = await PathPolicy.forTool(this).containDirectory(parsed.workingDirectory);
    } catch (error) {
      // A refusal reads `Error: PathPolicy: refused '…' — resolves to '…', outside the workspace root '…'`.
      return `Error: ${errorMessage(error)}`;
    }
    if (isLocalExecutor(shell)) {
      const info = await this.getFileSystem().stat(cwd).catch(() => null);
      if (info === null || !info.isDir) {
        return `Error: working_directory '${parsed.workingDirectory}' does not exist or is not a directory.`;
      }
    }

    if (parsed.isBackground) return this.startBackground(shell, parsed.command, cwd);

    let result: ShellRunResult;
    try {
      result = await shell.run({
        command: parsed.command,
        cwd,
        timeoutMs: parsed.timeout * 1000,
        signal: ctx.signal,
        onChunk: (chunk) => ctx.onOutput(chunk),
      });
    } catch (error) {
      return `Error starting command: ${errorMessage(error)}`;
    }
    if (result.timedOut) {
      const header = `Command timed out after ${parsed.timeout}s of inactivity.\nCommand: ${parsed.command}`;
      const parts = formatStreams(result);
      return parts.length === 0 ? header : `${header}\n\nPartial output before timeout:\n${parts.join('\n\n')}`;
    }
    return formatShellResult(result);
  }

  private async startBackground(shell: ShellExecutor, command: string, cwd: string): Promise<string> {
    if (typeof shell.runBackground !== 'function') return SHELL_NO_BACKGROUND_MESSAGE;
    let started: { pid: number; pgid: number | null };
    try {
      started = await shell.runBackground({ command, cwd });
    } catch (error) {
      return `Error starting background command: ${errorMessage(error)}`;
    }
    const lines = ['Background process started.', `PID: ${started.pid}`];
    if (started.pgid !== null) lines.push(`PGID: ${started.pgid}`);
    lines.push(`Command: ${command}`, `Working directory: ${cwd}`);
    if (started.pgid !== null) lines.push(`To stop: kill -- -${started.pgid}`);
    else lines.push(IS_WINDOWS ? `To stop: taskkill /F /T /PID ${started.pid}` : `To stop: kill ${started.pid}`);
    return lines.join('\n');
  }
}
