import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { detectShell } from './detect-shell';
import { DEFAULT_SHELL_TIMEOUT_MS, LocalShellExecutor, SHELL_DRAIN_TIMEOUT_MS } from './local-shell-executor';

const shell = new LocalShellExecutor();
let cwd: string;
const leftoverGroups: number[] = [];

/** Live (non-zombie) members of a process group, read from /proc so unreaped zombies do not count. */
function liveMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let text: string;
    try {
      text = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid && fields[0] !== 'Z' && fields[0] !== 'X') members.push(Number(name));
  }
  return members;
}

async function waitForGroupGone(pgid: number, boundMs = 10_000): Promise<number[]> {
  const deadline = Date.now() + boundMs;
  let members = liveMembers(pgid);
  while (members.length > 0 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    members = liveMembers(pgid);
  }
  return members;
}

const firstNumber = (text: string): number => Number(/\d+/.exec(text)?.[0]);
const hasProc = existsSync('/proc/self/stat');

beforeEach(async () => {
  cwd = await realpath(await mkdtemp(join(tmpdir(), 'agentao-sh-')));
});
afterEach(async () => {
  for (const pgid of leftoverGroups.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await rm(cwd, { recursive: true, force: true });
});

describe('LocalShellExecutor basics', () => {
  it('exports the spec defaults', () => {
    expect(DEFAULT_SHELL_TIMEOUT_MS).toBe(120_000);
    expect(SHELL_DRAIN_TIMEOUT_MS).toBe(2_000);
  });

  it('runs bash here and says so', async () => {
    expect(shell.shellName).toBe('bash');
    const result = await shell.run({ command: 'echo $0; pwd', cwd });
    expect(result.stdout).toBe(`bash\n${cwd}\n`);
  });

  it('runs /bin/sh when no bash is available', async () => {
    const sh = new LocalShellExecutor({ shell: detectShell({ platform: 'linux', pathEnv: '', fallbackBash: '/nonexistent' }) });
    expect(sh.shellName).toBe('sh');
    expect((await sh.run({ command: 'echo $0', cwd })).stdout).toBe('sh\n');
  });

  it('captures stdout and stderr separately and streams both', async () => {
    const chunks: string[] = [];
    const result = await shell.run({ command: 'echo out; echo err >&2; exit 3', cwd, onChunk: (c) => chunks.push(c) });
    expect(result).toEqual({ exitCode: 3, stdout: 'out\n', stderr: 'err\n', timedOut: false });
    expect(chunks.join('')).toContain('out\n');
    expect(chunks.join('')).toContain('err\n');
  });

  it('swallows errors thrown by onChunk', async () => {
    const result = await shell.run({
      command: 'echo one; sleep 0.1; echo two',
      cwd,
      onChunk: () => {
        throw new Error('listener broke');
      },
    });
    expect(result.stdout).toBe('one\ntwo\n');
  });

  it('gives the child an empty stdin, so cat returns at once', async () => {
    const started = Date.now();
    const result = await shell.run({ command: 'cat; echo done', cwd, timeoutMs: 60_000 });
    expect(result).toMatchObject({ exitCode: 0, stdout: 'done\n', timedOut: false });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('decodes a multi-byte character split across chunks, and replaces invalid bytes', async () => {
    const chunks: string[] = [];
    const result = await shell.run({
      command: "printf 'a\\342\\202'; sleep 0.3; printf '\\254b\\n'; printf '\\377' >&2",
      cwd,
      onChunk: (c) => chunks.push(c),
    });
    expect(result.stdout).toBe('a€b\n');
    expect(chunks.filter((c) => c !== '\uFFFD').join('')).toBe('a€b\n');
    expect(chunks.some((c) => c.includes('\uFFFD') && c !== '\uFFFD')).toBe(false);
    expect(result.stderr).toBe('\uFFFD');
  });

  it('rejects when the process cannot be started', async () => {
    await expect(shell.run({ command: 'true', cwd: join(cwd, 'missing') })).rejects.toMatchObject({ code: 'ENOENT' });
    const broken = new LocalShellExecutor({ shell: { shellName: 'bash', executable: join(cwd, 'no-such-shell'), args: ['-c'] } });
    await expect(broken.run({ command: 'true', cwd })).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a non-positive timeout with a clear error', async () => {
    await expect(shell.run({ command: 'true', cwd, timeoutMs: 0 })).rejects.toThrow(/timeoutMs must be a positive number/);
  });
});

describe('LocalShellExecutor timeouts and cancellation', () => {
  it.skipIf(!hasProc)('kills a SIGTERM-ignoring command and its grandchildren on inactivity', async () => {
    const started = Date.now();
    const result = await shell.run({
      command: "trap '' TERM; echo $$; (trap '' TERM; sleep 30; echo never) & sleep 30",
      cwd,
      timeoutMs: 300,
    });
    const pgid = firstNumber(result.stdout);
    leftoverGroups.push(pgid);
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
    expect(result.stdout).not.toContain('never');
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await waitForGroupGone(pgid)).toEqual([]);
  });

  it('resets the inactivity clock on every chunk', async () => {
    const result = await shell.run({
      command: 'for i in 1 2 3 4 5 6 7 8 9 10 11 12; do echo $i; sleep 0.25; done',
      cwd,
      timeoutMs: 1_500,
    });
    expect(result.timedOut).toBe(false);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(12);
  });

  it.skipIf(!hasProc)('kills the whole tree on abort and resolves with what was collected', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const result = await shell.run({
      // The pid is printed only after both children exist, so the abort on the first chunk finds a tree.
      command: '(sleep 30) & sleep 30 & echo $$; wait',
      cwd,
      signal: controller.signal,
      onChunk: () => controller.abort(),
    });
    const pgid = firstNumber(result.stdout);
    leftoverGroups.push(pgid);
    expect(result).toMatchObject({ exitCode: null, timedOut: false });
    expect(pgid).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await waitForGroupGone(pgid)).toEqual([]);
  });

  it('does not run a command whose signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await shell.run({ command: 'touch ran', cwd, signal: controller.signal });
    expect(result).toEqual({ exitCode: null, stdout: '', stderr: '', timedOut: false });
    expect(existsSync(join(cwd, 'ran'))).toBe(false);
  });

  it('stops waiting for pipes a grandchild holds open after the drain bound', async () => {
    const started = Date.now();
    const result = await shell.run({ command: 'echo $$; sleep 30 &', cwd, timeoutMs: 60_000 });
    const pgid = firstNumber(result.stdout);
    leftoverGroups.push(pgid);
    expect(result).toMatchObject({ exitCode: 0, timedOut: false });
    // The bound is 2 s; anything well below the 30 s the grandchild lives proves run() did not hang.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe('LocalShellExecutor environment', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });
  const probe = 'echo "${OPENAI_API_KEY:-unset}|${GOOGLE_API_KEY:-unset}|${ACME_API_KEY:-unset}"';

  it('removes provider credentials from the inherited environment', async () => {
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-secret', GOOGLE_API_KEY: 'g-key', LLM_PROVIDER: 'acme', ACME_API_KEY: 'acme' });
    delete process.env['AGENTAO_SCRUB_CHILD_ENV'];
    expect((await shell.run({ command: probe, cwd })).stdout).toBe('unset|g-key|unset\n');
  });

  it('inherits everything when AGENTAO_SCRUB_CHILD_ENV opts out', async () => {
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-secret', GOOGLE_API_KEY: 'g-key', AGENTAO_SCRUB_CHILD_ENV: 'Off' });
    delete process.env['ACME_API_KEY'];
    expect((await shell.run({ command: probe, cwd })).stdout).toBe('sk-secret|g-key|unset\n');
  });

  it('passes an explicit env verbatim, unscrubbed', async () => {
    process.env['GOOGLE_API_KEY'] = 'from-parent';
    const result = await shell.run({ command: probe, cwd, env: { OPENAI_API_KEY: 'explicit' } });
    expect(result.stdout).toBe('explicit|unset|unset\n');
  });
});

describe('LocalShellExecutor.runBackground', () => {
  it.skipIf(!hasProc)('starts a detached group and returns before the command finishes', async () => {
    const started = Date.now();
    const { pid, pgid } = await shell.runBackground({ command: 'sleep 3; touch finished', cwd });
    expect(pgid).toBe(pid);
    leftoverGroups.push(pid);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(existsSync(join(cwd, 'finished'))).toBe(false);
    expect(liveMembers(pid).length).toBeGreaterThan(0);
    process.kill(-pid, 'SIGKILL');
    expect(await waitForGroupGone(pid)).toEqual([]);
  });

  it('rejects when the cwd does not exist', async () => {
    await expect(shell.runBackground({ command: 'true', cwd: join(cwd, 'missing') })).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
