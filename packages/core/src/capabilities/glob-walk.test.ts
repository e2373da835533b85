import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AgentaoError } from '../errors';
import { globWalk } from './glob-walk';
import { LocalFileSystem } from './local-file-system';

let root: string;

/** Creates files (content = value) and directories (key ending in `/`). */
async function tree(base: string, spec: Record<string, string>): Promise<void> {
  for (const [path, content] of Object.entries(spec)) {
    const abs = join(base, path);
    if (path.endsWith('/')) {
      await mkdir(abs, { recursive: true });
    } else {
      await mkdir(dirname(abs), { recursive: true });
      await writeFile(abs, content);
    }
  }
}

const paths = async (base: string, pattern: string, options?: Parameters<typeof globWalk>[2]): Promise<string[]> =>
  (await globWalk(base, pattern, options)).map((e) => e.path);

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agentao-glob-')));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('globWalk patterns', () => {
  it('finds nested files with `src/**/*.js` and keeps `*.ts` to the top level', async () => {
    await tree(root, {
      'src/a.js': '1',
      'src/a.ts': '1',
      'src/lib/x.js': '1',
      'src/lib/deep/y.js': '1',
      'other/z.js': '1',
      'top.ts': '1',
      'pkg/inner.ts': '1',
    });
    expect(await paths(root, 'src/**/*.js')).toEqual(['src/a.js', 'src/lib/deep/y.js', 'src/lib/x.js']);
    expect(await paths(root, '*.ts')).toEqual(['top.ts']);
    expect(await paths(root, '**/*.ts')).toEqual(['pkg/inner.ts', 'src/a.ts', 'top.ts']);
  });

  it('reports sizes and, only with includeDirs, directories', async () => {
    await tree(root, { 'a/b/c.txt': 'hello', 'd.txt': '' });
    const files = await globWalk(root, '**');
    expect(files.map((e) => [e.path, e.isDir, e.size])).toEqual([
      ['a/b/c.txt', false, 5],
      ['d.txt', false, 0],
    ]);
    const all = await globWalk(root, '**', { includeDirs: true });
    expect(all.map((e) => [e.path, e.isDir, e.size])).toEqual([
      ['a', true, 0],
      ['a/b', true, 0],
      ['a/b/c.txt', false, 5],
      ['d.txt', false, 0],
    ]);
    expect(all.every((e) => e.mtimeMs > 0)).toBe(true);
  });

  it('rejects a missing base, a file as base and an absolute pattern', async () => {
    await tree(root, { 'f.txt': 'x' });
    await expect(globWalk(join(root, 'missing'), '**')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(globWalk(join(root, 'f.txt'), '**')).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(globWalk(root, '/etc/*')).rejects.toThrow(/must be relative/);
  });

  it('rejects with CANCELLED when the signal is aborted', async () => {
    await tree(root, { 'a.txt': 'x' });
    const controller = new AbortController();
    controller.abort();
    const error: unknown = await globWalk(root, '**', { signal: controller.signal }).catch((e: unknown) => e);
    expect(AgentaoError.isInstance(error) && error.code).toBe('CANCELLED');
  });

  it('is reachable through LocalFileSystem.glob', async () => {
    await tree(root, { 'src/lib/x.js': '1' });
    expect((await new LocalFileSystem().glob(root, 'src/**/*.js')).map((e) => e.path)).toEqual(['src/lib/x.js']);
  });
});

describe('globWalk skip rules', () => {
  it('applies .gitignore negation and dir-only rules, nested files and info/exclude; includes untracked files', async () => {
    await tree(root, {
      '.git/info/exclude': '*.tmp\n',
      '.git/config': '[core]\n',
      '.gitignore': '*.log\n!keep.log\nout/\n',
      'debug.log': 'x',
      'keep.log': 'x',
      'out/artifact.js': 'x',
      'sub/out': 'a file named out is not a directory',
      'scratch.tmp': 'x',
      'pkg/.gitignore': 'secret.txt\n/gen\n',
      'pkg/secret.txt': 'x',
      'pkg/gen/g.js': 'x',
      'pkg/sub/gen/h.js': 'x',
      'secret.txt': 'not ignored at the top',
      'untracked.js': 'x',
    });
    expect(await paths(root, '**')).toEqual([
      '.gitignore',
      'keep.log',
      'pkg/.gitignore',
      'pkg/sub/gen/h.js',
      'secret.txt',
      'sub/out',
      'untracked.js',
    ]);
  });

  it('skips node_modules at any depth unless the pattern names it literally', async () => {
    await tree(root, {
      'node_modules/lodash/index.js': 'x',
      'node_modules/lodash/fp/map.js': 'x',
      'pkg/node_modules/dep/d.js': 'x',
      'pkg/app.js': 'x',
    });
    expect(await paths(root, '**/*.js')).toEqual(['pkg/app.js']);
    expect(await paths(root, 'node_modules/lodash/**/*.js')).toEqual(['node_modules/lodash/fp/map.js', 'node_modules/lodash/index.js']);
    expect(await paths(root, '**/node_modules/dep/*.js')).toEqual(['pkg/node_modules/dep/d.js']);
    expect(await paths(root, '**/*.js', { respectIgnores: false })).toHaveLength(4);
  });

  it('walks a base that lies inside a skipped or ignored directory', async () => {
    await tree(root, { '.git/HEAD': 'x', '.gitignore': 'dist/\n', 'dist/a.js': 'x', 'node_modules/m/i.js': 'x' });
    expect(await paths(join(root, 'dist'), '*.js')).toEqual(['a.js']);
    expect(await paths(join(root, 'node_modules'), '**/*.js')).toEqual(['m/i.js']);
    expect(await paths(root, '**/*.js')).toEqual([]);
    expect(await paths(root, 'dist/*.js')).toEqual(['dist/a.js']);
  });

  it('reads ancestor .gitignore files up to the repository root, not beyond', async () => {
    await tree(root, {
      '.gitignore': '*.ts\n',
      'repo/.git/HEAD': 'x',
      'repo/.gitignore': '*.gen.ts\n',
      'repo/packages/.gitignore': 'fixtures/\n',
      'repo/packages/app/main.ts': 'x',
      'repo/packages/app/types.gen.ts': 'x',
      'repo/packages/app/fixtures/f.ts': 'x',
    });
    expect(await paths(join(root, 'repo/packages/app'), '**/*.ts')).toEqual(['main.ts']);
  });

  it('uses the .gitignore files of the base even outside a repository', async () => {
    await tree(root, { '.gitignore': 'skip.txt\n', 'skip.txt': 'x', 'keep.txt': 'x' });
    expect(await paths(root, '*.txt')).toEqual(['keep.txt']);
  });

  it('follows symlinked files but does not descend symlinked directories', async () => {
    await tree(root, { 'real/inner.txt': 'inside', 'file.txt': 'twelve bytes' });
    await symlink(join(root, 'real'), join(root, 'linkdir'));
    await symlink(join(root, 'file.txt'), join(root, 'linkfile.txt'));
    await symlink(join(root, 'missing'), join(root, 'broken.txt'));
    await symlink(root, join(root, 'real', 'loop'));
    const files = await globWalk(root, '**');
    expect(files.map((e) => [e.path, e.size])).toEqual([
      ['file.txt', 12],
      ['linkfile.txt', 12],
      ['real/inner.txt', 6],
    ]);
    const withDirs = await paths(root, '**', { includeDirs: true });
    expect(withDirs).toContain('linkdir');
    expect(withDirs).toContain('real/loop');
    expect(withDirs.some((p) => p.startsWith('linkdir/') || p.startsWith('real/loop/'))).toBe(false);
  });
});
