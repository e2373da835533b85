import { readToolFlag } from '@agentao/core';
import { describe, expect, it } from 'vitest';

import { RecordingFileSystem, factsProblems } from '../__fixtures__/file-tool-fixtures';
import { useToolWorkspace } from '../__fixtures__/use-tool-workspace';
import {
  SEARCH_FILE_CONTENT_FACTS,
  SEARCH_FILE_CONTENT_RESULT_MARKERS,
  SEARCH_MAX_FILE_BYTES,
  SEARCH_MAX_MATCHES,
  SearchFileContentTool,
} from './search-file-content';

const { bound, run: search, files, produced } = useToolWorkspace(() => new SearchFileContentTool());

describe('search_file_content', () => {
  it('is read-only; its description matches its facts manifest', () => {
    const tool = new SearchFileContentTool();
    expect(readToolFlag(tool, 'isReadOnly')).toBe(true);
    expect(readToolFlag(tool, 'requiresConfirmation')).toBe(false);
    expect(factsProblems(tool, SEARCH_FILE_CONTENT_FACTS)).toEqual([]);
  });

  it('finds matches in untracked files of a repository and skips node_modules, .git and ignored files', async () => {
    // A repository whose files were never added to the index: the walk reads the filesystem.
    await files({
      '.git/HEAD': 'ref: refs/heads/main TODO\n',
      '.git/info/exclude': 'secret.txt\n',
      '.gitignore': 'dist/\n',
      'src/app.ts': 'const a = 1;\n// TODO: fix a\n',
      'src/lib/util.ts': 'export const TODO = true;\n',
      'node_modules/pkg/index.js': '// TODO in a dependency\n',
      'dist/bundle.js': '// TODO built\n',
      'secret.txt': 'TODO excluded\n',
      'notes.md': 'nothing here\n',
    });
    expect(await search({ pattern: 'TODO' })).toBe(
      'Found 2 match(es):\n\nsrc/app.ts:2:// TODO: fix a\nsrc/lib/util.ts:1:export const TODO = true;',
    );
    // The default arguments give the same result when spelled out.
    expect(
      await search({ pattern: 'TODO', file_pattern: '**/*', directory: '.', case_sensitive: true, regex: false }),
    ).toBe(await search({ pattern: 'TODO' }));
    // Naming node_modules literally is an explicit request.
    expect(await search({ pattern: 'TODO', file_pattern: 'node_modules/**/*.js' })).toBe(
      'Found 1 match(es):\n\nnode_modules/pkg/index.js:1:// TODO in a dependency',
    );
  });

  it('searches literally by default, case-insensitively on request, and with JavaScript regexes', async () => {
    await files({ 'a.txt': 'call(x)\nCALL(y)\ncallx\n' });
    expect(await search({ pattern: 'call(' })).toBe('Found 1 match(es):\n\na.txt:1:call(x)');
    expect(await search({ pattern: 'call(', case_sensitive: false })).toBe('Found 2 match(es):\n\na.txt:1:call(x)\na.txt:2:CALL(y)');
    expect(await search({ pattern: '^call\\w$', regex: true })).toBe('Found 1 match(es):\n\na.txt:3:callx');
    expect(await search({ pattern: '^call\\((?<arg>\\w)\\)$', regex: true, case_sensitive: false })).toBe(
      'Found 2 match(es):\n\na.txt:1:call(x)\na.txt:2:CALL(y)',
    );
    expect(await search({ pattern: 'call(', regex: true })).toMatch(/^Error: Invalid regex pattern: Invalid regular expression: /);
  });

  it('restricts files with file_pattern and searches a subdirectory', async () => {
    await files({ 'src/a.ts': 'needle\n', 'src/b.js': 'needle\n', 'test/c.ts': 'needle\n' });
    expect(await search({ pattern: 'needle', file_pattern: '**/*.ts' })).toBe('Found 2 match(es):\n\nsrc/a.ts:1:needle\ntest/c.ts:1:needle');
    expect(await search({ pattern: 'needle', directory: 'src' })).toBe('Found 2 match(es):\n\na.ts:1:needle\nb.js:1:needle');
  });

  it('numbers CRLF and CR lines correctly, right-trims and caps long lines', async () => {
    await files({
      'crlf.txt': 'one\r\ntwo match\r\nthree\rfour match   \r\n',
      'long.txt': `match ${'x'.repeat(394)}\n`,
    });
    expect(await search({ pattern: 'match' })).toBe(
      `Found 3 match(es):\n\ncrlf.txt:2:two match\ncrlf.txt:4:four match\nlong.txt:1:match ${'x'.repeat(294)} [+100 chars]`,
    );
  });

  it('silently skips binary, non-UTF-8 and oversized files', async () => {
    const big = Buffer.alloc(SEARCH_MAX_FILE_BYTES + 1, 0x61);
    big.write('needle\n', 0);
    const binary = Buffer.from('needle\n\0\0\0');
    await files({
      'big.txt': big,
      'bin.dat': binary,
      'latin1.txt': Buffer.concat([Buffer.from('needle caf'), Buffer.from([0xe9, 0x0a])]),
      'ok.txt': 'needle\n',
    });
    expect(await search({ pattern: 'needle' })).toBe('Found 1 match(es):\n\nok.txt:1:needle');
  });

  it(`shows at most ${SEARCH_MAX_MATCHES} matches but counts them all`, async () => {
    const lines = Array.from({ length: 150 }, (_, i) => `hit ${i + 1}`);
    await files({ 'a.txt': `${lines.slice(0, 80).join('\n')}\n`, 'b.txt': `${lines.slice(80).join('\n')}\n` });
    const result = await search({ pattern: 'hit' });
    const rows = result.split('\n');
    expect(rows[0]).toBe('Found 150 match(es):');
    expect(rows.slice(2, 2 + SEARCH_MAX_MATCHES)).toHaveLength(SEARCH_MAX_MATCHES);
    expect(rows[2 + SEARCH_MAX_MATCHES - 1]).toBe('b.txt:20:hit 100');
    expect(result.endsWith('\nb.txt:20:hit 100\n\n... and 50 more matches')).toBe(true);
  });

  it('reports no match, a missing directory and other failures', async () => {
    await files({ 'a.txt': 'abc\n' });
    expect(await search({ pattern: 'zzz' })).toBe('No matches found for pattern: zzz');
    expect(await search({ pattern: 'abc', directory: 'nope' })).toBe('Error: Directory nope does not exist');
    expect(await search({ pattern: 'abc', directory: 'a.txt' })).toBe('Error searching files: a.txt is not a directory');
  });

  it('reads through the bound filesystem, skips unreadable files, and checks cancellation between files', async () => {
    await files({ 'a.txt': 'hit\n', 'b.txt': 'hit\n', 'c.txt': 'hit\n' });
    const fs = new RecordingFileSystem();
    const tool = bound();
    tool.filesystem = fs;
    fs.onCall = (method, path) => {
      if (method === 'readPartial' && path.endsWith('b.txt')) {
        const error: NodeJS.ErrnoException = new Error(`EACCES: permission denied, open '${path}'`);
        error.code = 'EACCES';
        throw error;
      }
    };
    expect(await search({ pattern: 'hit' }, tool)).toBe('Found 2 match(es):\n\na.txt:1:hit\nc.txt:1:hit');

    const controller = new AbortController();
    fs.calls.length = 0;
    fs.onCall = (method) => {
      if (method === 'readPartial') controller.abort();
    };
    expect(await search({ pattern: 'hit' }, tool, controller.signal)).toBe('Error searching files: search cancelled');
    expect(fs.calls.filter((c) => c.startsWith('readPartial'))).toHaveLength(1);
  });

  // Runs last (tests in a file run in order): every documented result marker was produced above.
  it('produced every documented result marker', () => {
    const missing = SEARCH_FILE_CONTENT_RESULT_MARKERS.filter((marker) => !produced.some((result) => result.includes(marker)));
    expect(missing).toEqual([]);
  });
});
