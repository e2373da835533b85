import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { readToolFlag } from '@agentao/core';
import { describe, expect, it } from 'vitest';

import { RecordingFileSystem, factsProblems } from '../__fixtures__/file-tool-fixtures';
import { useToolWorkspace } from '../__fixtures__/use-tool-workspace';
import {
  LIST_DIRECTORY_FACTS,
  LIST_DIRECTORY_RESULT_MARKERS,
  LIST_MAX_ENTRIES,
  ListDirectoryTool,
} from './list-directory';

let dir = '';
const { bound, run: list, files, produced } = useToolWorkspace(() => new ListDirectoryTool(), (workspace) => {
  dir = workspace.dir;
});

describe('list_directory', () => {
  it('is read-only; its description matches its facts manifest', () => {
    const tool = new ListDirectoryTool();
    expect(readToolFlag(tool, 'isReadOnly')).toBe(true);
    expect(readToolFlag(tool, 'requiresConfirmation')).toBe(false);
    expect(factsProblems(tool, LIST_DIRECTORY_FACTS)).toEqual([]);
  });

  it('lists every direct entry, directories first, names ignoring case, hidden and ignored ones included', async () => {
    await files({
      'b.txt': 'bb',
      'A.txt': 'a',
      'a.txt': '',
      '.hidden': 'h',
      '.gitignore': 'ignored.log\n',
      'ignored.log': 'x'.repeat(1234),
      'Zdir/inner.txt': '',
      'adir/x.txt': '',
    });
    await mkdir(join(dir, '.git'));
    await mkdir(join(dir, 'node_modules'));
    expect(await list({})).toBe(
      [
        'Directory: .',
        '',
        '[DIR]  .git/',
        '[DIR]  adir/',
        '[DIR]  node_modules/',
        '[DIR]  Zdir/',
        '[FILE] .gitignore (12 bytes)',
        '[FILE] .hidden (1 bytes)',
        '[FILE] A.txt (1 bytes)',
        '[FILE] a.txt (0 bytes)',
        '[FILE] b.txt (2 bytes)',
        '[FILE] ignored.log (1,234 bytes)',
      ].join('\n'),
    );
    expect(await list({ directory_path: '.', recursive: false })).toBe(await list({}));
  });

  it('lists recursively with the walking rules: .git, node_modules and ignored paths skipped, untracked files kept', async () => {
    await files({
      '.gitignore': 'build/\n*.log\n',
      'src/index.ts': 'export {};',
      'src/lib/Util.ts': '',
      'src/lib/debug.log': '',
      'build/out.js': '',
      'node_modules/pkg/index.js': '',
      'README.md': '# hi',
      'docs/Guide.md': '',
    });
    await mkdir(join(dir, '.git/objects'), { recursive: true });
    await writeFile(join(dir, '.git/HEAD'), 'ref: refs/heads/main\n');
    expect(await list({ directory_path: '.', recursive: true })).toBe(
      [
        'Directory: .',
        '',
        '[DIR]  docs/',
        '[DIR]  src/',
        '[DIR]  src/lib/',
        '[FILE] .gitignore (13 bytes)',
        '[FILE] docs/Guide.md (0 bytes)',
        '[FILE] README.md (4 bytes)',
        '[FILE] src/index.ts (10 bytes)',
        '[FILE] src/lib/Util.ts (0 bytes)',
      ].join('\n'),
    );
  });

  it('lists a symlinked directory without entering it', async () => {
    await files({ 'real/file.txt': 'x' });
    await symlink(join(dir, 'real'), join(dir, 'alias'));
    expect(await list({ recursive: true })).toBe(
      'Directory: .\n\n[DIR]  alias/\n[DIR]  real/\n[FILE] real/file.txt (1 bytes)',
    );
  });

  it(`caps the listing at ${LIST_MAX_ENTRIES} entries with a footer`, async () => {
    await mkdir(join(dir, 'many'));
    for (let i = 0; i < LIST_MAX_ENTRIES + 1; i++) await writeFile(join(dir, 'many', `f${String(i).padStart(3, '0')}.txt`), '');
    const result = await list({ directory_path: 'many' });
    const lines = result.split('\n');
    expect(lines.slice(2, 2 + LIST_MAX_ENTRIES).every((l) => l.startsWith('[FILE] f'))).toBe(true);
    expect(lines[2 + LIST_MAX_ENTRIES - 1]).toBe('[FILE] f499.txt (0 bytes)');
    expect(result).not.toContain('f500.txt');
    expect(result.endsWith('\n\n[Truncated: showing the first 500 of 501 entries.]')).toBe(true);
    expect(await list({ directory_path: 'many', recursive: true })).toContain('[Truncated: showing the first 500 of 501 entries.]');
  });

  it('says (empty), or reports a missing path and a file', async () => {
    await mkdir(join(dir, 'void'));
    expect(await list({ directory_path: 'void' })).toBe('Directory: void\n\n(empty)');
    expect(await list({ directory_path: 'void', recursive: true })).toBe('Directory: void\n\n(empty)');
    expect(await list({ directory_path: 'nope' })).toBe('Error: Directory nope does not exist');
    await files({ 'file.txt': '' });
    expect(await list({ directory_path: 'file.txt' })).toBe('Error: file.txt is not a directory');
  });

  it('goes through the bound filesystem and reports its failures as Error listing directory', async () => {
    const fs = new RecordingFileSystem();
    const tool = bound();
    tool.filesystem = fs;
    fs.failing = { method: 'listDir', code: 'EACCES' };
    expect(await list({ directory_path: '.' }, tool)).toBe(`Error listing directory: EACCES: injected failure, listDir '${dir}/.'`);
    fs.failing = null;
    const controller = new AbortController();
    controller.abort();
    expect(await list({ recursive: true }, tool, controller.signal)).toBe('Error listing directory: glob cancelled');
    expect(fs.calls.some((c) => c.startsWith('glob '))).toBe(true);
  });

  // Runs last (tests in a file run in order): every documented result marker was produced above.
  it('produced every documented result marker', () => {
    const missing = LIST_DIRECTORY_RESULT_MARKERS.filter((marker) => !produced.some((result) => result.includes(marker)));
    expect(missing).toEqual([]);
  });
});
