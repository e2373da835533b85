import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { LocalShellExecutor, SILENT_LOGGER, type ShellExecutor, type ShellRunResult, type ToolContext } from '@agentao/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
  RunShellCommandTool,
  SHELL_DEFAULT_TIMEOUT_S,
  SHELL_MAX_OUTPUT_CHARS,
  SHELL_NO_BACKGROUND_MESSAGE,
} from './run-shell-command';

const POSIX = process.platform !== 'win32';

let root: string;
beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agentao-shell-tool-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function makeCtx(signal: AbortSignal = new AbortController().signal): ToolContext & { chunks: string[] } {
  const chunks: string[] = [];
  return {
    signal,
    toolCallId: 'call_1',
    agent: { workingDirectory: root, readOnly: false, logger: SILENT_LOGGER, sessionId: 's' },
    onOutput: (chunk: string) => chunks.push(chunk),
    chunks,
  };
}

function tool(shell?: ShellExecutor): RunShellCommandTool {
  const t = new RunShellCommandTool();
  t.workingDirectory = root;
  if (shell !== undefined) t.shell = shell;
  return t;
}

/** An executor that answers every run with a fixed result and records the requests. */
function fixedExecutor(result: Partial<ShellRunResult>, extra: Partial<ShellExecutor> = {}): ShellExecutor & { requests: unknown[] } {
  const requests: unknown[] = [];
  return {
    requests,
    run: async (request) => {
      requests.push(request);
      return { exitCode: 0, stdout: '', stderr: '', timedOut: false, ...result };
    },
    ...extra,
  };
}

const run = (args: Record<string, unknown>, t = tool(), ctx = makeCtx()): Promise<string> => Promise.resolve(t.execute(args, ctx));

describe.runIf(POSIX)('run_shell_command with the local executor', () => {
  it('returns stdout, stderr and a non-zero exit code in labelled sections', async () => {
    const result = await run({ command: 'echo out; echo err >&2; exit 3' });
    expect(result).toBe('STDOUT:\nout\n\n\nSTDERR:\nerr\n\n\nExit code: 3');
  });

  it('says so when there is no output at all, and reports a bare exit code', async () => {
    expect(await run({ command: 'true' })).toBe('Command completed with no output.');
    expect(await run({ command: 'exit 2' })).toBe('Exit code: 2');
  });

  it('reports a process killed by a signal', async () => {
    expect(await run({ command: 'kill -9 $$' })).toBe('Terminated by a signal.');
  });

  it('runs the shell its description names', async () => {
    const t = tool();
    const shellName = (t.shell ?? new LocalShellExecutor()).shellName;
    const result = await run({ command: 'echo "shell=$0"' }, t);
    expect(t.description).toContain(`\`${String((t.shell as LocalShellExecutor).shellName)} -c <command>\``);
    expect(result).toContain(`shell=${(t.shell as LocalShellExecutor).shellName}`);
    expect(['bash', 'sh']).toContain(shellName);

    const sh = tool(new LocalShellExecutor({ shell: { shellName: 'sh', executable: '/bin/sh', args: ['-c'] } }));
    expect(sh.description).toContain('`sh -c <command>`');
    expect(sh.description).not.toContain('bash -c');
    expect(await run({ command: 'echo "shell=$0"' }, sh)).toBe('STDOUT:\nshell=sh\n');
  });

  it('gives the command an empty stdin', async () => {
    const started = Date.now();
    expect(await run({ command: 'cat; read x; echo "got:[$x]"' })).toBe('STDOUT:\ngot:[]\n');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('removes provider API keys from the environment, as its description says', async () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = 'sk-test-secret';
    const savedOptOut = process.env.AGENTAO_SCRUB_CHILD_ENV;
    try {
      expect(tool().description).toContain('Provider API keys (such as OPENAI_API_KEY) are removed from the environment.');
      expect(await run({ command: 'echo "[$OPENAI_API_KEY]"' })).toBe('STDOUT:\n[]\n');
      // With the documented opt-out the description must stop claiming the removal.
      process.env.AGENTAO_SCRUB_CHILD_ENV = 'off';
      expect(tool().description).toContain('The environment is inherited in full');
      expect(tool().description).not.toContain('are removed from the environment');
      expect(await run({ command: 'echo "[$OPENAI_API_KEY]"' })).toBe('STDOUT:\n[sk-test-secret]\n');
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
      if (savedOptOut === undefined) delete process.env.AGENTAO_SCRUB_CHILD_ENV;
      else process.env.AGENTAO_SCRUB_CHILD_ENV = savedOptOut;
    }
  });

  it('streams output through ctx.onOutput while it runs', async () => {
    const ctx = makeCtx();
    await run({ command: 'echo first; echo second >&2' }, tool(), ctx);
    expect(ctx.chunks.join('')).toContain('first');
    expect(ctx.chunks.join('')).toContain('second');
  });

  it('replaces binary output with a placeholder', async () => {
    expect(await run({ command: "printf 'a\\000b'" })).toBe('STDOUT:\n[binary output — 3 chars not shown]');
  });

  it('collapses carriage-return progress lines and strips ANSI escapes', async () => {
    const result = await run({ command: "printf 'load 10%%\\rload 100%%\\n\\033[31mred\\033[0m\\r\\nspin\\r'" });
    // The last line is emptied by its carriage return and dropped.
    expect(result).toBe('STDOUT:\nload 100%\nred');
  });

  it('keeps the tail of long output within the stated cap', async () => {
    const result = await run({ command: "head -c 50000 /dev/zero | tr '\\000' a; printf END" });
    expect(result).toBe(`STDOUT:\n[... 11,003 chars omitted (showing last 39,000) ...]\n${'a'.repeat(38_997)}END`);
  });

  it('runs in working_directory and refuses one outside the workspace or missing', async () => {
    await mkdir(join(root, 'sub'));
    expect(await run({ command: 'pwd', working_directory: 'sub' })).toBe(`STDOUT:\n${join(root, 'sub')}\n`);
    expect(await run({ command: 'pwd' })).toBe(`STDOUT:\n${root}\n`);
    expect(await run({ command: 'pwd', working_directory: '..' })).toMatch(/^Error: PathPolicy: refused '\.\.' — resolves to '.*', outside the workspace root '/);
    const outside = await mkdtemp(join(tmpdir(), 'agentao-outside-'));
    try {
      await symlink(outside, join(root, 'escape'));
      expect(await run({ command: 'pwd', working_directory: 'escape' })).toMatch(/^Error: PathPolicy: refused 'escape'/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
    expect(await run({ command: 'pwd', working_directory: 'missing' })).toBe(
      "Error: working_directory 'missing' does not exist or is not a directory.",
    );
    await writeFile(join(root, 'file.txt'), 'x');
    expect(await run({ command: 'pwd', working_directory: 'file.txt' })).toBe(
      "Error: working_directory 'file.txt' does not exist or is not a directory.",
    );
  });

  it('kills a silent command after the inactivity timeout and keeps the partial output', async () => {
    const started = Date.now();
    const result = await run({ command: 'echo started; sleep 30', timeout: 1 });
    expect(result).toBe('Command timed out after 1s of inactivity.\nCommand: echo started; sleep 30\n\nPartial output before timeout:\nSTDOUT:\nstarted\n');
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await run({ command: 'sleep 30', timeout: 0.5 })).toBe('Command timed out after 0.5s of inactivity.\nCommand: sleep 30');
  });

  it('lets output reset the inactivity clock', async () => {
    const result = await run({ command: 'for i in 1 2 3 4 5; do echo $i; sleep 0.5; done', timeout: 2 });
    expect(result).toBe('STDOUT:\n1\n2\n3\n4\n5\n');
  });

  it('kills the whole process group when the turn is aborted', async () => {
    const controller = new AbortController();
    const marker = join(root, 'survived');
    const pending = run({ command: `(sleep 3; touch '${marker}') & sleep 30` }, tool(), makeCtx(controller.signal));
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    expect(await pending).toBe('Terminated by a signal.');
    expect(Date.now() - started).toBeLessThan(10_000);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(existsSync(marker)).toBe(false);
  });

  it('starts a background command and returns before it finishes', async () => {
    const marker = join(root, 'bg-done');
    const started = Date.now();
    const result = await run({ command: `sleep 3; touch '${marker}'`, is_background: true });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(existsSync(marker)).toBe(false);
    const pid = Number(/^PID: (\d+)$/m.exec(result)?.[1]);
    expect(result).toBe(
      `Background process started.\nPID: ${pid}\nPGID: ${pid}\nCommand: sleep 3; touch '${marker}'\nWorking directory: ${root}\nTo stop: kill -- -${pid}`,
    );
    for (let i = 0; i < 200 && !existsSync(marker); i++) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(marker)).toBe(true);
  });

  it('answers invalid arguments with a clear error', async () => {
    expect(await run({ command: '' })).toBe('Error: invalid arguments: command must be a non-empty string');
    expect(await run({ command: 'true', timeout: 0 })).toBe('Error: invalid arguments: timeout must be a number greater than 0 (seconds)');
    expect(await run({ command: 'true', is_background: 'yes' })).toBe('Error: invalid arguments: is_background must be a boolean');
  });
});

describe('run_shell_command with a host executor', () => {
  it('passes the timeout in milliseconds, the signal and the cwd; the default timeout is the stated one', async () => {
    const executor = fixedExecutor({ stdout: 'x' });
    const t = tool(executor);
    const omitted = await run({ command: 'c' }, t);
    const explicit = await run({ command: 'c', timeout: SHELL_DEFAULT_TIMEOUT_S, working_directory: '.' }, t);
    expect(omitted).toBe(explicit);
    expect(executor.requests).toHaveLength(2);
    expect(executor.requests[0]).toMatchObject({ command: 'c', cwd: root, timeoutMs: SHELL_DEFAULT_TIMEOUT_S * 1000 });
    expect(executor.requests[1]).toMatchObject({ timeoutMs: SHELL_DEFAULT_TIMEOUT_S * 1000 });
  });

  it('describes the host executor without claiming a shell', () => {
    const d = tool(fixedExecutor({})).description;
    expect(d).toContain("the host's shell executor");
    expect(d).not.toMatch(/bash -c|sh -c|cmd\.exe/);
    expect(d).toContain(SHELL_NO_BACKGROUND_MESSAGE);
  });

  it('refuses background mode when the executor cannot run in the background', async () => {
    expect(await run({ command: 'c', is_background: true }, tool(fixedExecutor({})))).toBe(SHELL_NO_BACKGROUND_MESSAGE);
  });

  it('reports a failure to start, foreground or background', async () => {
    const failing: ShellExecutor = {
      run: async () => Promise.reject(new Error('spawn nope ENOENT')),
      runBackground: async () => Promise.reject(new Error('no fork today')),
    };
    expect(await run({ command: 'c' }, tool(failing))).toBe('Error starting command: spawn nope ENOENT');
    expect(await run({ command: 'c', is_background: true }, tool(failing))).toBe('Error starting background command: no fork today');
  });

  it('shows no PGID without a process group', async () => {
    const t = tool(fixedExecutor({}, { runBackground: async () => ({ pid: 42, pgid: null }) }));
    const stop = process.platform === 'win32' ? 'To stop: taskkill /F /T /PID 42' : 'To stop: kill 42';
    expect(await run({ command: 'c', is_background: true }, t)).toBe(`Background process started.\nPID: 42\nCommand: c\nWorking directory: ${root}\n${stop}`);
  });

  it('splits the cap between the streams in proportion and keeps each tail', async () => {
    const stdout = 'o'.repeat(60_000);
    const stderr = 'e'.repeat(20_000);
    const result = await run({ command: 'c' }, tool(fixedExecutor({ stdout, stderr, exitCode: 1 })));
    expect(result).toBe(
      `STDOUT:\n[... 30,750 chars omitted (showing last 29,250) ...]\n${'o'.repeat(29_250)}\n\n` +
        `STDERR:\n[... 10,250 chars omitted (showing last 9,750) ...]\n${'e'.repeat(9_750)}\n\nExit code: 1`,
    );
    expect(29_250 + 9_750).toBe(SHELL_MAX_OUTPUT_CHARS);
  });

  it('gives a tiny stream at least one character of the budget', async () => {
    const result = await run({ command: 'c' }, tool(fixedExecutor({ stdout: 'o'.repeat(100_000), stderr: 'E' })));
    expect(result.endsWith('\n\nSTDERR:\nE')).toBe(true);
    expect(result).toContain('(showing last 38,999)');
  });

  it('never splits a surrogate pair when cutting', async () => {
    const stdout = `${'😀'.repeat(19_600)}z`;
    const result = await run({ command: 'c' }, tool(fixedExecutor({ stdout })));
    expect(result.startsWith('STDOUT:\n[... 202 chars omitted (showing last 38,999) ...]\n😀')).toBe(true);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(lone.test(result)).toBe(false);
  });

  it('formats the partial output of a timed-out command like any output', async () => {
    const result = await run({ command: 'c', timeout: 3 }, tool(fixedExecutor({ stdout: '\u001b[1mbold\u001b[0m\n', stderr: 'w\n', timedOut: true, exitCode: null })));
    expect(result).toBe('Command timed out after 3s of inactivity.\nCommand: c\n\nPartial output before timeout:\nSTDOUT:\nbold\n\n\nSTDERR:\nw\n');
  });
});
