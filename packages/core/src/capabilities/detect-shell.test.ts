import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { detectShell } from './detect-shell';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'agentao-shell-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('detectShell', () => {
  it('uses an executable bash found on PATH', async () => {
    await writeFile(join(dir, 'bash'), '#!/bin/sh\n');
    await chmod(join(dir, 'bash'), 0o755);
    expect(detectShell({ platform: 'linux', pathEnv: `/nonexistent:${dir}`, fallbackBash: '/nonexistent/bash' })).toEqual({
      shellName: 'bash',
      executable: join(dir, 'bash'),
      args: ['-c'],
    });
  });

  it('ignores a bash on PATH that is not executable, then tries the fallback path', async () => {
    await writeFile(join(dir, 'bash'), '');
    await chmod(join(dir, 'bash'), 0o644);
    await writeFile(join(dir, 'fallback'), '');
    await chmod(join(dir, 'fallback'), 0o755);
    expect(detectShell({ platform: 'linux', pathEnv: dir, fallbackBash: join(dir, 'fallback') }).executable).toBe(join(dir, 'fallback'));
  });

  it('falls back to /bin/sh when no bash exists', () => {
    expect(detectShell({ platform: 'linux', pathEnv: dir, fallbackBash: join(dir, 'none') })).toEqual({
      shellName: 'sh',
      executable: '/bin/sh',
      args: ['-c'],
    });
  });

  it('uses cmd.exe /d /s /c on Windows', () => {
    expect(detectShell({ platform: 'win32' })).toEqual({ shellName: 'cmd', executable: 'cmd.exe', args: ['/d', '/s', '/c'] });
  });
});
