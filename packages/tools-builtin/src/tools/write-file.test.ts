import { chmod, link, mkdir, readFile, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { readToolFlag } from '@agentao/core';
import { describe, expect, it } from 'vitest';

import { RecordingFileSystem, factsProblems, makeContext } from '../__fixtures__/file-tool-fixtures';
import { useToolWorkspace } from '../__fixtures__/use-tool-workspace';
import { ReadFileTool } from './read-file';
import { ReplaceTool } from './replace';
import { WRITE_FILE_FACTS, WRITE_FILE_RESULT_MARKERS, WriteFileTool } from './write-file';

let root = '';
let dir = '';
const { bound, run: write, produced } = useToolWorkspace(
  () => new WriteFileTool(),
  (workspace) => {
    ({ root, dir } = workspace);
  },
  { nested: true },
);

describe('write_file', () => {
  it('is a confirmed write tool; its description matches its facts manifest', () => {
    const tool = new WriteFileTool();
    expect(readToolFlag(tool, 'isReadOnly')).toBe(false);
    expect(readToolFlag(tool, 'requiresConfirmation')).toBe(true);
    expect(factsProblems(tool, WRITE_FILE_FACTS)).toEqual([]);
  });

  it('creates a file and its missing parent directories', async () => {
    expect(await write({ file_path: 'a/b/c.txt', content: 'hello' })).toBe('Successfully wrote to a/b/c.txt');
    expect(await readFile(join(dir, 'a/b/c.txt'), 'utf8')).toBe('hello');
  });

  it('replaces the whole file, or appends with append=true', async () => {
    await writeFile(join(dir, 'f.txt'), 'old content that is longer');
    await chmod(join(dir, 'f.txt'), 0o640);
    expect(await write({ file_path: 'f.txt', content: 'new' })).toBe('Successfully wrote to f.txt');
    expect(await readFile(join(dir, 'f.txt'), 'utf8')).toBe('new');
    expect((await stat(join(dir, 'f.txt'))).mode & 0o777).toBe(0o640);
    expect(await write({ file_path: 'f.txt', content: '+more', append: true })).toBe('Successfully appended to f.txt');
    expect(await readFile(join(dir, 'f.txt'), 'utf8')).toBe('new+more');
    expect(await write({ file_path: 'fresh.txt', content: 'first', append: true })).toBe('Successfully appended to fresh.txt');
    expect(await readFile(join(dir, 'fresh.txt'), 'utf8')).toBe('first');
  });

  it('writes content byte for byte: a BOM and CRLF line endings are kept', async () => {
    await write({ file_path: 'bom.txt', content: '\uFEFFline one\r\nline two\r\n' });
    const bytes = await readFile(join(dir, 'bom.txt'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe('\uFEFFline one\r\nline two\r\n');
  });

  it('replaces an existing file through a rename: no temp file left, a hard link keeps the old content', async () => {
    await writeFile(join(dir, 'target.txt'), 'before');
    await link(join(dir, 'target.txt'), join(dir, 'hardlink.txt'));
    await write({ file_path: 'target.txt', content: 'after' });
    expect(await readFile(join(dir, 'target.txt'), 'utf8')).toBe('after');
    expect(await readFile(join(dir, 'hardlink.txt'), 'utf8')).toBe('before');
    expect((await readdir(dir)).sort()).toEqual(['hardlink.txt', 'target.txt']);
  });

  it('refuses paths outside the working directory, also through a symlink, and writes nothing', async () => {
    const result = await write({ file_path: '../outside.txt', content: 'x' });
    expect(result).toBe(
      `Error: PathPolicy: refused '../outside.txt' — resolves to '${join(root, 'outside.txt')}', outside the workspace root '${dir}'`,
    );
    expect(await readdir(root)).toEqual(['workspace']);
    expect(await write({ file_path: join(root, 'abs.txt'), content: 'x' })).toMatch(/^Error: PathPolicy: refused '/);
    await writeFile(join(root, 'secret.txt'), 'secret');
    await symlink(join(root, 'secret.txt'), join(dir, 'link.txt'));
    expect(await write({ file_path: 'link.txt', content: 'overwritten' })).toMatch(/^Error: PathPolicy: refused 'link.txt'/);
    expect(await readFile(join(root, 'secret.txt'), 'utf8')).toBe('secret');
  });

  it('reports a write failure as Error writing file', async () => {
    await mkdir(join(dir, 'taken'));
    expect(await write({ file_path: 'taken', content: 'x' })).toMatch(/^Error writing file: /);
    const fs = new RecordingFileSystem();
    fs.failing = { method: 'writeText', code: 'ENOSPC' };
    const tool = bound();
    tool.filesystem = fs;
    expect(await write({ file_path: 'f.txt', content: 'x' }, tool)).toBe(
      `Error writing file: ENOSPC: injected failure, writeText '${join(dir, 'f.txt')}'`,
    );
  });

  it('keeps two instances bound to different working directories apart under concurrent use', async () => {
    const dirA = join(root, 'a');
    const dirB = join(root, 'b');
    await mkdir(dirA);
    await mkdir(dirB);
    const writerA = bound(dirA);
    const writerB = bound(dirB);
    const editorA = new ReplaceTool();
    editorA.workingDirectory = dirA;
    const editorB = new ReplaceTool();
    editorB.workingDirectory = dirB;
    const readerA = new ReadFileTool();
    readerA.workingDirectory = dirA;
    const readerB = new ReadFileTool();
    readerB.workingDirectory = dirB;

    const results: string[] = [];
    // Each round writes the same relative path from both directories at once (one writer per file and
    // directory at a time: concurrent writers of one new file in one directory race inside the filesystem).
    for (let i = 0; i < 20; i++) {
      results.push(
        ...(await Promise.all([
          write({ file_path: 'shared/out.txt', content: `from A ${i}\n` }, writerA),
          write({ file_path: 'shared/out.txt', content: `from B ${i}\n` }, writerB),
          write({ file_path: `shared/a-only-${i}.txt`, content: 'A' }, writerA),
          write({ file_path: `shared/b-only-${i}.txt`, content: 'B' }, writerB),
        ])),
      );
    }
    expect(results.filter((r) => !r.startsWith('Successfully wrote to shared/'))).toEqual([]);
    expect(await readFile(join(dirA, 'shared/out.txt'), 'utf8')).toBe('from A 19\n');
    expect(await readFile(join(dirB, 'shared/out.txt'), 'utf8')).toBe('from B 19\n');
    const filesA = await readdir(join(dirA, 'shared'));
    const filesB = await readdir(join(dirB, 'shared'));
    expect(filesA.filter((f) => f.startsWith('b-') || f.endsWith('.tmp'))).toEqual([]);
    expect(filesB.filter((f) => f.startsWith('a-') || f.endsWith('.tmp'))).toEqual([]);
    expect(filesA).toHaveLength(21);
    expect(filesB).toHaveLength(21);

    // Edits and reads of the same relative path also stay in their own directory.
    const [editA, editB, readA, readB] = await Promise.all([
      editorA.execute({ file_path: 'shared/out.txt', old_text: 'from A', new_text: 'edited A' }, makeContext(dirA)),
      editorB.execute({ file_path: 'shared/out.txt', old_text: 'from B', new_text: 'edited B' }, makeContext(dirB)),
      readerA.execute({ file_path: 'shared/a-only-0.txt' }, makeContext(dirA)),
      readerB.execute({ file_path: 'shared/a-only-0.txt' }, makeContext(dirB)),
    ]);
    expect(editA).toBe('Replaced 1 occurrence(s) in shared/out.txt');
    expect(editB).toBe('Replaced 1 occurrence(s) in shared/out.txt');
    expect(await readFile(join(dirA, 'shared/out.txt'), 'utf8')).toBe('edited A 19\n');
    expect(await readFile(join(dirB, 'shared/out.txt'), 'utf8')).toBe('edited B 19\n');
    expect(readA).toContain('     1\tA');
    expect(readB).toBe('Error: File shared/a-only-0.txt does not exist');
  });

  // Runs last (tests in a file run in order): every documented result marker was produced above.
  it('produced every documented result marker', () => {
    const missing = WRITE_FILE_RESULT_MARKERS.filter((marker) => !produced.some((result) => result.includes(marker)));
    expect(missing).toEqual([]);
  });
});
