import { mkdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { readToolFlag } from '@agentao/core';
import { describe, expect, it } from 'vitest';

import { RecordingFileSystem, factsProblems } from '../__fixtures__/file-tool-fixtures';
import { useToolWorkspace } from '../__fixtures__/use-tool-workspace';
import {
  GLOB_ABSOLUTE_PATTERN_ERROR,
  GLOB_FACTS,
  GLOB_MAX_RESULTS,
  GLOB_RESULT_MARKERS,
  GlobTool,
  RECENCY_WINDOW_S,
  isAbsolutePattern,
} from './glob';

let dir = '';
const {
  bound,
  run: glob,
  files: writeFiles,
  produced,
} = useToolWorkspace(() => new GlobTool(), (workspace) => {
  dir = workspace.dir;
});

const OLD = new Date('2020-01-01T00:00:00Z');

/** Creates files, all dated long ago unless `recent` says otherwise, so the order is deterministic. */
async function files(paths: string[]): Promise<void> {
  for (const path of paths) {
    await writeFiles({ [path]: path });
    await utimes(join(dir, path), OLD, OLD);
  }
}

describe('glob', () => {
  it('is read-only; its description matches its facts manifest and advertises **', () => {
    const tool = new GlobTool();
    expect(readToolFlag(tool, 'isReadOnly')).toBe(true);
    expect(readToolFlag(tool, 'requiresConfirmation')).toBe(false);
    expect(factsProblems(tool, GLOB_FACTS)).toEqual([]);
    expect(tool.description).toContain('`src/**/*.js` finds `src/a.js` and `src/lib/x.js`');
  });

  it('src/**/*.js finds nested files at every depth, skipping node_modules, .git and ignored paths', async () => {
    await mkdir(join(dir, '.git'));
    await files([
      '.gitignore',
      'src/a.js',
      'src/a.ts',
      'src/lib/x.js',
      'src/lib/deep/y.js',
      'src/node_modules/dep/z.js',
      'src/.git/hooks/h.js',
      'src/gen/ignored.js',
      'other/b.js',
    ]);
    await writeFile(join(dir, '.gitignore'), 'src/gen/\n');
    await utimes(join(dir, '.gitignore'), OLD, OLD);
    expect(await glob({ pattern: 'src/**/*.js' })).toBe('Found 3 file(s):\n\nsrc/a.js\nsrc/lib/deep/y.js\nsrc/lib/x.js');
    expect(await glob({ pattern: '**/*.js' })).toBe('Found 4 file(s):\n\nother/b.js\nsrc/a.js\nsrc/lib/deep/y.js\nsrc/lib/x.js');
  });

  it('matches a pattern without / only at the top level, and walks a literally named node_modules', async () => {
    await files(['top.ts', 'sub/nested.ts', 'node_modules/lib/index.js', 'node_modules/lib/util/u.js']);
    expect(await glob({ pattern: '*.ts' })).toBe('Found 1 file(s):\n\ntop.ts');
    expect(await glob({ pattern: 'node_modules/lib/**/*.js' })).toBe(
      'Found 2 file(s):\n\nnode_modules/lib/index.js\nnode_modules/lib/util/u.js',
    );
    expect(await glob({ pattern: '*.ts', directory: 'sub' })).toBe('Found 1 file(s):\n\nnested.ts');
    expect(await glob({ pattern: '**/*.{ts,js}', directory: '.' })).toBe('Found 2 file(s):\n\nsub/nested.ts\ntop.ts');
  });

  it(`lists files modified within ${RECENCY_WINDOW_S} seconds first, newest first, then the rest by path`, async () => {
    await files(['b-old.txt', 'a-old.txt', 'c-recent.txt', 'd-newest.txt']);
    const now = Date.now() / 1000;
    await utimes(join(dir, 'c-recent.txt'), now - 3600, now - 3600);
    await utimes(join(dir, 'd-newest.txt'), now - 60, now - 60);
    // Just outside the window: sorted with the old ones.
    await utimes(join(dir, 'b-old.txt'), now - RECENCY_WINDOW_S - 600, now - RECENCY_WINDOW_S - 600);
    expect(await glob({ pattern: '*.txt' })).toBe('Found 4 file(s):\n\nd-newest.txt\nc-recent.txt\na-old.txt\nb-old.txt');
  });

  it(`caps the result at ${GLOB_MAX_RESULTS} paths with a footer`, async () => {
    await mkdir(join(dir, 'many'));
    for (let i = 0; i < GLOB_MAX_RESULTS + 1; i++) {
      const path = join(dir, 'many', `f${String(i).padStart(3, '0')}.txt`);
      await writeFile(path, '');
      await utimes(path, OLD, OLD);
    }
    const result = await glob({ pattern: 'many/*.txt' });
    expect(result.startsWith('Found 501 file(s):\n\nmany/f000.txt\n')).toBe(true);
    expect(result).toContain('many/f499.txt');
    expect(result).not.toContain('many/f500.txt');
    expect(result.endsWith('\n\n[Truncated: showing 500 of 501 files.]')).toBe(true);
  });

  it('reports no match, a missing directory, an absolute pattern and a bad pattern', async () => {
    await files(['a.txt']);
    expect(await glob({ pattern: '*.xyz' })).toBe('No files found matching pattern: *.xyz');
    expect(await glob({ pattern: '*.txt', directory: 'nope' })).toBe('Error: Directory nope does not exist');
    expect(await glob({ pattern: join(dir, '*.txt') })).toBe(GLOB_ABSOLUTE_PATTERN_ERROR);
    expect(GLOB_ABSOLUTE_PATTERN_ERROR).toBe("Error: pattern must be relative to 'directory'; put the base path in 'directory' instead.");
    expect(isAbsolutePattern('C:\\src\\*.ts')).toBe(true);
    expect(isAbsolutePattern('src/*.ts')).toBe(false);
    expect(await glob({ pattern: '*.txt', directory: 'a.txt' })).toBe('Error finding files: a.txt is not a directory');
    expect(await glob({ pattern: '{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}' })).toMatch(/^Error finding files: /);
  });

  it('goes through the bound filesystem and stops when the turn is cancelled', async () => {
    await files(['a.txt']);
    const fs = new RecordingFileSystem();
    const tool = bound();
    tool.filesystem = fs;
    expect(await glob({ pattern: '*.txt' }, tool)).toBe('Found 1 file(s):\n\na.txt');
    expect(fs.calls.map((c) => c.split(' ')[0])).toEqual(['stat', 'glob']);
    const controller = new AbortController();
    controller.abort();
    expect(await glob({ pattern: '*.txt' }, tool, controller.signal)).toBe('Error finding files: glob cancelled');
  });

  it('gives the same result with directory omitted and given as its default', async () => {
    await files(['a.txt', 'b/c.txt']);
    expect(await glob({ pattern: '**/*.txt' })).toBe(await glob({ pattern: '**/*.txt', directory: '.' }));
  });

  // Runs last (tests in a file run in order): every documented result marker was produced above.
  it('produced every documented result marker', () => {
    const missing = GLOB_RESULT_MARKERS.filter((marker) => !produced.some((result) => result.includes(marker)));
    expect(missing).toEqual([]);
  });
});
