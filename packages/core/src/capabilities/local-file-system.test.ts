import { existsSync } from 'node:fs';
import { chmod, link, lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { AgentaoError } from '../errors';
import { LocalFileSystem } from './local-file-system';

const fsys = new LocalFileSystem();
let root: string;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const tempLeftovers = async (dir: string): Promise<string[]> => (await readdir(dir)).filter((n) => n.endsWith('.tmp'));

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'agentao-fs-')));
});
afterEach(async () => {
  await chmod(root, 0o755).catch(() => undefined);
  await rm(root, { recursive: true, force: true });
});

describe('LocalFileSystem reads', () => {
  it('readBytes returns the whole file', async () => {
    await writeFile(join(root, 'b.bin'), Buffer.from([0, 1, 2, 255]));
    expect(Array.from(await fsys.readBytes(join(root, 'b.bin')))).toEqual([0, 1, 2, 255]);
  });

  it('readPartial returns at most maxBytes from the start', async () => {
    const data = Buffer.alloc(200_000, 7);
    data.write('HEAD', 0);
    await writeFile(join(root, 'big.bin'), data);
    const head = await fsys.readPartial(join(root, 'big.bin'), 10);
    expect(head.length).toBe(10);
    expect(Buffer.from(head).subarray(0, 4).toString()).toBe('HEAD');
    expect((await fsys.readPartial(join(root, 'big.bin'), 150_000)).length).toBe(150_000);
    expect((await fsys.readPartial(join(root, 'big.bin'), 0)).length).toBe(0);
    expect((await fsys.readPartial(join(root, 'big.bin'), 1_000_000)).length).toBe(200_000);
  });

  it.skipIf(!existsSync('/dev/zero'))('readPartial stops at maxBytes on an endless file', async () => {
    // Reading /dev/zero whole would never finish, so this only passes when the bound is honoured.
    const bytes = await fsys.readPartial('/dev/zero', 100_000);
    expect(bytes.length).toBe(100_000);
  });

  it('readPartial refuses a bad maxBytes with a clear error', async () => {
    await writeFile(join(root, 'f.txt'), 'x');
    const error: unknown = await fsys.readPartial(join(root, 'f.txt'), -1).catch((e: unknown) => e);
    expect(AgentaoError.isInstance(error) && error.code).toBe('CONFIG_INVALID');
    await expect(fsys.readPartial(join(root, 'f.txt'), 1.5)).rejects.toThrow(/non-negative integer/);
  });

  it('readText decodes strict UTF-8 and keeps a BOM', async () => {
    await writeFile(join(root, 'bom.txt'), Buffer.from([0xef, 0xbb, 0xbf, 0x68, 0xc3, 0xa9]));
    expect(await fsys.readText(join(root, 'bom.txt'))).toBe('\uFEFFhé');
  });

  it.each([
    ['a lone 0xff byte', [0x61, 0xff, 0x62]],
    ['an overlong encoding', [0xc0, 0x80]],
    ['a truncated sequence at the end', [0x61, 0xe2, 0x82]],
  ])('readText rejects %s', async (_label, bytes) => {
    await writeFile(join(root, 'bad.txt'), Buffer.from(bytes));
    await expect(fsys.readText(join(root, 'bad.txt'))).rejects.toMatchObject({
      code: 'ERR_ENCODING_INVALID_ENCODED_DATA',
      message: expect.stringContaining('not valid UTF-8'),
    });
  });

  it('listDir follows symlinks and reports failed stats as false/0', async () => {
    await mkdir(join(root, 'dir'));
    await writeFile(join(root, 'file.txt'), 'abc');
    await symlink(join(root, 'dir'), join(root, 'linkdir'));
    await symlink(join(root, 'nowhere'), join(root, 'broken'));
    const entries = await fsys.listDir(root);
    expect(entries.map((e) => [e.name, e.isDir, e.isFile, e.size])).toEqual([
      ['broken', false, false, 0],
      ['dir', true, false, 0],
      ['file.txt', false, true, 3],
      ['linkdir', true, false, 0],
    ]);
    expect(entries.find((e) => e.name === 'broken')?.mtimeMs).toBe(0);
  });

  it('stat, exists and realpath follow symlinks; stat rejects when missing', async () => {
    await writeFile(join(root, 'f.txt'), 'hello');
    await symlink(join(root, 'f.txt'), join(root, 'l.txt'));
    expect(await fsys.stat(join(root, 'l.txt'))).toMatchObject({ size: 5, isFile: true, isDir: false });
    expect(await fsys.exists(join(root, 'l.txt'))).toBe(true);
    expect(await fsys.exists(join(root, 'nope'))).toBe(false);
    expect(await fsys.realpath(join(root, 'l.txt'))).toBe(join(root, 'f.txt'));
    await expect(fsys.stat(join(root, 'nope'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('LocalFileSystem.writeText', () => {
  it('creates missing parent directories and a new file', async () => {
    const target = join(root, 'a/b/c/new.txt');
    await fsys.writeText(target, 'fresh');
    expect(await readFile(target, 'utf8')).toBe('fresh');
  });

  it('replaces an existing file, keeps its mode bits and leaves no temp file', async () => {
    const target = join(root, 'f.txt');
    await writeFile(target, 'old content that is longer');
    await chmod(target, 0o640);
    await fsys.writeText(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect((await stat(target)).mode & 0o777).toBe(0o640);
    expect(await tempLeftovers(root)).toEqual([]);
  });

  it('writes through a symlink: the link survives and the real file is replaced', async () => {
    await mkdir(join(root, 'real'));
    const real = join(root, 'real/target.txt');
    await writeFile(real, 'before');
    await symlink(real, join(root, 'link.txt'));
    await fsys.writeText(join(root, 'link.txt'), 'after');
    expect((await lstat(join(root, 'link.txt'))).isSymbolicLink()).toBe(true);
    expect(await readFile(real, 'utf8')).toBe('after');
    expect(await tempLeftovers(join(root, 'real'))).toEqual([]);
    expect(await tempLeftovers(root)).toEqual([]);
  });

  it('refuses a read-only file and leaves it untouched', async () => {
    const target = join(root, 'ro.txt');
    await writeFile(target, 'locked');
    await chmod(target, 0o444);
    await expect(fsys.writeText(target, 'changed')).rejects.toMatchObject({ code: 'EACCES' });
    expect(await readFile(target, 'utf8')).toBe('locked');
    expect(await tempLeftovers(root)).toEqual([]);
  });

  it('removes the temp file and rejects when the rename fails', async () => {
    // The "file" is a non-empty directory, so renaming the temp file over it fails.
    await mkdir(join(root, 'victim'));
    await writeFile(join(root, 'victim/keep.txt'), 'x');
    await expect(fsys.writeText(join(root, 'victim'), 'data')).rejects.toHaveProperty('code');
    expect(await tempLeftovers(root)).toEqual([]);
    expect(await readFile(join(root, 'victim/keep.txt'), 'utf8')).toBe('x');
  });

  it('appends, creating the file when missing', async () => {
    const target = join(root, 'log/app.log');
    await fsys.writeText(target, 'one\n', { append: true });
    await fsys.writeText(target, 'two\n', { append: true });
    expect(await readFile(target, 'utf8')).toBe('one\ntwo\n');
  });

  it('replaces by rename, so a hard link keeps the old content', async () => {
    const target = join(root, 'a.txt');
    await writeFile(target, 'old');
    await link(target, join(root, 'hard.txt'));
    await fsys.writeText(target, 'new');
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await readFile(join(root, 'hard.txt'), 'utf8')).toBe('old');
  });

  it('writes in place when the directory refuses the temp file', async () => {
    await chmod(root, 0o755);
    await mkdir(join(root, 'locked'));
    const target = join(root, 'locked/f.txt');
    await writeFile(target, 'old');
    await chmod(target, 0o666);
    await chmod(join(root, 'locked'), 0o555);
    // root may create files anywhere, so drop the effective uid while writing to provoke EACCES.
    const dropRoot = isRoot && typeof process.seteuid === 'function';
    if (dropRoot) process.seteuid?.(65534);
    try {
      await fsys.writeText(target, 'new');
    } finally {
      if (dropRoot) process.seteuid?.(0);
      await chmod(join(root, 'locked'), 0o755);
    }
    expect(await readFile(target, 'utf8')).toBe('new');
    expect(await tempLeftovers(join(root, 'locked'))).toEqual([]);
  });
});

describe('LocalFileSystem.writeText under concurrency', () => {
  it('many writers creating the same new file all succeed and one complete content wins', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'agentao-race-'));
    const target = join(dir, 'shared.txt');
    const fs = new LocalFileSystem();
    const contents = Array.from({ length: 16 }, (_, i) => `writer ${i} `.repeat(200));
    await Promise.all(contents.map((text) => fs.writeText(target, text)));
    expect(contents).toContain(await readFile(target, 'utf8'));
  });
});
