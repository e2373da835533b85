import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentaoError, type FileSystem, type Tool } from '@agentao/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PathPolicy } from './path-policy';
import { PathPolicyError } from './path-policy-error';

let base: string;
let root: string;
let outside: string;
beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'agentao-path-')));
  root = join(base, 'workspace');
  outside = join(base, 'outside');
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), 'x');
  symlinkSync(outside, join(root, 'escape'));
  symlinkSync(join(outside, 'secret.txt'), join(root, 'leaf-link'));
  symlinkSync(join(outside, 'not-yet.txt'), join(root, 'dangling'));
  symlinkSync(join(root, 'src'), join(root, 'inner-link'));
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

async function refused(promise: Promise<unknown>): Promise<PathPolicyError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PathPolicyError);
    expect(AgentaoError.isInstance(error)).toBe(true);
    expect((error as PathPolicyError).code).toBe('PATH_REFUSED');
    return error as PathPolicyError;
  }
  throw new Error('expected a refusal');
}

describe('PathPolicy.containFile', () => {
  it('resolves paths inside the root, including missing nested parents', async () => {
    const policy = new PathPolicy({ root });
    expect(policy.root).toBe(root);
    expect(await policy.containFile('src/a.ts')).toBe(join(root, 'src', 'a.ts'));
    expect(await policy.containFile('new/deeper/b.ts')).toBe(join(root, 'new', 'deeper', 'b.ts'));
    expect(await policy.containFile(join(root, 'c.txt'))).toBe(join(root, 'c.txt'));
    expect(await policy.containFile('src/../d.txt')).toBe(join(root, 'd.txt'));
    expect(await policy.containFile('inner-link/e.ts')).toBe(join(root, 'src', 'e.ts'));
    expect(await policy.containFile('.')).toBe(root);
  });

  it.each([
    ['../outside/x.txt', () => join(outside, 'x.txt')],
    ['src/../../outside/x.txt', () => join(outside, 'x.txt')],
    ['/etc/passwd', () => '/etc/passwd'],
    ['escape/x.txt', () => join(outside, 'x.txt')],
    ['escape/new/dir/x.txt', () => join(outside, 'new', 'dir', 'x.txt')],
    ['leaf-link', () => join(outside, 'secret.txt')],
    ['dangling', () => join(outside, 'not-yet.txt')],
    ['escape/../../outside/y', () => join(base, '..', 'outside', 'y')],
  ])('refuses %s', async (raw, resolved) => {
    const error = await refused(new PathPolicy({ root }).containFile(raw));
    expect(error.resolved).toBe(resolved());
    expect(error.root).toBe(root);
    expect(error.raw).toBe(raw);
    expect(error.message).toBe(`PathPolicy: refused '${raw}' — resolves to '${resolved()}', outside the workspace root '${root}'`);
  });

  it('judges `link/..` physically, like the kernel', async () => {
    // workspace/escape -> outside, so escape/.. is <base>, not the workspace.
    const error = await refused(new PathPolicy({ root }).containFile('escape/../z.txt'));
    expect(error.resolved).toBe(join(base, 'z.txt'));
  });

  it('expands ~ and refuses home paths outside the root', async () => {
    const error = await refused(new PathPolicy({ root }).containFile('~/.bashrc'));
    expect(error.resolved.startsWith(realpathSync(homedir()))).toBe(true);
  });

  it('refuses empty and NUL paths with a clear error', async () => {
    await refused(new PathPolicy({ root }).containFile(''));
    await refused(new PathPolicy({ root }).containFile('a\0b'));
    expect(() => new PathPolicy({ root: '' })).toThrow(/root is required/);
  });
});

describe('PathPolicy.containDirectory', () => {
  it('accepts the root and directories inside, refuses escapes', async () => {
    const policy = new PathPolicy({ root });
    expect(await policy.containDirectory('.')).toBe(root);
    expect(await policy.containDirectory('src')).toBe(join(root, 'src'));
    expect(await policy.containDirectory('not/there/yet')).toBe(join(root, 'not', 'there', 'yet'));
    expect((await refused(policy.containDirectory('escape'))).resolved).toBe(outside);
    expect((await refused(policy.containDirectory('..'))).resolved).toBe(base);
    expect((await refused(policy.containDirectory('/'))).resolved).toBe('/');
  });
});

describe('PathPolicy with an injected FileSystem and forTool', () => {
  it('canonicalises through the FileSystem realpath', async () => {
    const calls: string[] = [];
    const fs = {
      realpath: async (p: string) => {
        calls.push(p);
        if (['/', '/virtual', '/virtual/root', '/elsewhere'].includes(p)) return p;
        if (p === '/virtual/root/link') return '/elsewhere';
        throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      },
      listDir: async () => [],
    } as unknown as FileSystem;
    const policy = new PathPolicy({ root: '/virtual/root', filesystem: fs });
    expect(await policy.containFile('a/b.txt')).toBe('/virtual/root/a/b.txt');
    expect((await refused(policy.containFile('link/x'))).resolved).toBe('/elsewhere/x');
    expect(calls.length).toBeGreaterThan(0);
  });

  it('caches per tool and workingDirectory; an unbound tool follows the cwd', () => {
    const tool = { workingDirectory: root, filesystem: null } as unknown as Tool;
    const first = PathPolicy.forTool(tool);
    expect(PathPolicy.forTool(tool)).toBe(first);
    expect(first.root).toBe(root);
    (tool as { workingDirectory: string }).workingDirectory = join(root, 'src');
    expect(PathPolicy.forTool(tool).root).toBe(join(root, 'src'));
    const unbound = { workingDirectory: null, filesystem: null } as unknown as Tool;
    expect(PathPolicy.forTool(unbound).root).toBe(realpathSync(process.cwd()));
    expect(PathPolicy.forTool(unbound)).not.toBe(PathPolicy.forTool(unbound));
  });
});
