import { readFile, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { readToolFlag } from '@agentao/core';
import { describe, expect, it } from 'vitest';

import { RecordingFileSystem, factsProblems } from '../__fixtures__/file-tool-fixtures';
import { useToolWorkspace } from '../__fixtures__/use-tool-workspace';
import {
  REPLACE_EMPTY_OLD_TEXT,
  REPLACE_FACTS,
  REPLACE_RESULT_MARKERS,
  ReplaceTool,
  normalizeTypography,
} from './replace';

let root = '';
let dir = '';
const { bound, run: edit, produced } = useToolWorkspace(
  () => new ReplaceTool(),
  (workspace) => {
    ({ root, dir } = workspace);
  },
  { nested: true },
);

async function fileWith(name: string, content: string | Buffer): Promise<string> {
  await writeFile(join(dir, name), content);
  return name;
}

const contentOf = (name: string): Promise<string> => readFile(join(dir, name), 'utf8');

describe('replace', () => {
  it('is a confirmed write tool; its description matches its facts manifest', () => {
    const tool = new ReplaceTool();
    expect(readToolFlag(tool, 'isReadOnly')).toBe(false);
    expect(readToolFlag(tool, 'requiresConfirmation')).toBe(true);
    expect(factsProblems(tool, REPLACE_FACTS)).toEqual([]);
  });

  it('replaces one exact occurrence', async () => {
    await fileWith('f.txt', 'let x = 1;\nlet y = 2;\n');
    expect(await edit({ file_path: 'f.txt', old_text: 'let y = 2;', new_text: 'let y = 3;' })).toBe(
      'Replaced 1 occurrence(s) in f.txt',
    );
    expect(await contentOf('f.txt')).toBe('let x = 1;\nlet y = 3;\n');
  });

  it('replaces only the first of two occurrences and says the match was ambiguous', async () => {
    await fileWith('f.txt', 'foo();\nfoo();\n');
    expect(await edit({ file_path: 'f.txt', old_text: 'foo();', new_text: 'bar();' })).toBe(
      'Replaced the first of 2 occurrences in f.txt. 1 occurrence(s) of old_text remain — if you meant a different one, ' +
        'include more surrounding context to make it unique, or pass replace_all=true to change all.',
    );
    expect(await contentOf('f.txt')).toBe('bar();\nfoo();\n');
  });

  it('counts what remains after a growing edit and warns against replace_all', async () => {
    await fileWith('f.txt', 'foo foo');
    expect(await edit({ file_path: 'f.txt', old_text: 'foo', new_text: 'foobar' })).toBe(
      'Replaced the first of 2 occurrences in f.txt. 2 occurrence(s) of old_text remain — if you meant a different one, ' +
        'include more surrounding context to make it unique. Note: new_text contains old_text, so replace_all would re-edit ' +
        'the site just changed — target the remaining sites individually.',
    );
    expect(await contentOf('f.txt')).toBe('foobar foo');
  });

  it('replaces every occurrence with replace_all', async () => {
    await fileWith('f.txt', 'a-a-a');
    expect(await edit({ file_path: 'f.txt', old_text: 'a', new_text: 'b', replace_all: true })).toBe(
      'Replaced 3 occurrence(s) in f.txt',
    );
    expect(await contentOf('f.txt')).toBe('b-b-b');
  });

  it('inserts $&, $1, $$ and $` literally in every tier', async () => {
    const dollars = "$& $1 $$ $` $'";
    await fileWith('f.txt', 'x = OLD;\ny = OLD;\n');
    await edit({ file_path: 'f.txt', old_text: 'OLD', new_text: dollars });
    expect(await contentOf('f.txt')).toBe(`x = ${dollars};\ny = OLD;\n`);
    await edit({ file_path: 'f.txt', old_text: 'OLD', new_text: dollars, replace_all: true });
    expect(await contentOf('f.txt')).toBe(`x = ${dollars};\ny = ${dollars};\n`);
    await fileWith('g.txt', '  keep\n');
    expect(await edit({ file_path: 'g.txt', old_text: 'keep  ', new_text: dollars })).toBe(
      'Replaced 1 occurrence(s) in g.txt (flexible whitespace match)',
    );
    expect(await contentOf('g.txt')).toBe(`${dollars}\n`);
  });

  it('falls back to whitespace-tolerant matching of whole lines and keeps the line ending', async () => {
    await fileWith('f.js', 'class A {\n    method() {\n        return 1;\n    }\n}\n');
    const result = await edit({
      file_path: 'f.js',
      old_text: 'method() {\n  return 1;\n}',
      new_text: '    method() {\n        return 2;\n    }',
    });
    expect(result).toBe('Replaced 1 occurrence(s) in f.js (flexible whitespace match)');
    expect(await contentOf('f.js')).toBe('class A {\n    method() {\n        return 2;\n    }\n}\n');
  });

  it('keeps CRLF line endings around a tolerant match, and a BOM at the start of the file', async () => {
    await fileWith('crlf.txt', '\uFEFF  first  \r\n  second\r\nthird\r\n');
    expect(await edit({ file_path: 'crlf.txt', old_text: 'first\nsecond', new_text: 'FIRST\r\nSECOND' })).toBe(
      'Replaced 1 occurrence(s) in crlf.txt (flexible whitespace match)',
    );
    const bytes = await readFile(join(dir, 'crlf.txt'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe('\uFEFFFIRST\r\nSECOND\r\nthird\r\n');
    // An exact edit leaves the BOM and every CRLF alone.
    expect(await edit({ file_path: 'crlf.txt', old_text: 'third', new_text: 'THIRD' })).toBe('Replaced 1 occurrence(s) in crlf.txt');
    expect(await contentOf('crlf.txt')).toBe('\uFEFFFIRST\r\nSECOND\r\nTHIRD\r\n');
  });

  it('replaces the terminator too when old_text ends with a line break', async () => {
    await fileWith('f.txt', 'a\n  b\nc\n');
    expect(await edit({ file_path: 'f.txt', old_text: 'b  \n', new_text: '' })).toBe(
      'Replaced 1 occurrence(s) in f.txt (flexible whitespace match)',
    );
    expect(await contentOf('f.txt')).toBe('a\nc\n');
  });

  it('reports ambiguity, or replaces all, in the whitespace-tolerant tier', async () => {
    await fileWith('f.txt', '  x = 1\n  x = 1\n');
    expect(await edit({ file_path: 'f.txt', old_text: 'x = 1 ', new_text: 'x = 2' })).toBe(
      'Replaced the first of 2 occurrences in f.txt (flexible whitespace match). 1 occurrence(s) of old_text remain — ' +
        'if you meant a different one, include more surrounding context to make it unique, or pass replace_all=true to change all.',
    );
    expect(await contentOf('f.txt')).toBe('x = 2\n  x = 1\n');
    await fileWith('g.txt', '  x = 1\n  x = 1\n');
    expect(await edit({ file_path: 'g.txt', old_text: 'x = 1 ', new_text: 'x = 2', replace_all: true })).toBe(
      'Replaced 2 occurrence(s) in g.txt (flexible whitespace match)',
    );
    expect(await contentOf('g.txt')).toBe('x = 2\nx = 2\n');
  });

  it('falls back to typography-tolerant matching: curly quotes, dashes, special spaces, full-width forms', async () => {
    await fileWith('doc.md', 'Title\nShe said “it’s fine” — really\u00a0so.\nＡＢＣ（１）\n');
    expect(await edit({ file_path: 'doc.md', old_text: 'She said "it\'s fine" - really so.', new_text: 'Rewritten.' })).toBe(
      'Replaced 1 occurrence(s) in doc.md (unicode-normalized match)',
    );
    expect(await edit({ file_path: 'doc.md', old_text: 'ABC(1)', new_text: 'abc' })).toBe(
      'Replaced 1 occurrence(s) in doc.md (unicode-normalized match)',
    );
    expect(await contentOf('doc.md')).toBe('Title\nRewritten.\nabc\n');
    // NFKC runs before the table: U+FE58 (small em dash) folds to U+2014, which the table maps to '-'.
    expect(normalizeTypography('a\uFE58b\u2212c\u201Cd\u3000')).toBe('a-b-c"d ');
  });

  it('says when nothing matches, with the most similar passage when one is similar enough', async () => {
    await fileWith('add.js', 'function add(a, b) {\n  return a + b;\n}\n');
    expect(await edit({ file_path: 'add.js', old_text: 'return a - b;', new_text: 'x' })).toBe(
      'Error: Old text not found in add.js\n\nMost similar text (lines 2-2, 86% similar):\n  return a + b;',
    );
    await fileWith('f.py', 'import os\ndef f(y):\n    return y*2\nprint(f(3))\n');
    expect(await edit({ file_path: 'f.py', old_text: 'def f(x):\n    return x*2', new_text: 'x' })).toBe(
      'Error: Old text not found in f.py\n\nMost similar text (lines 2-3, 92% similar):\ndef f(y):\n    return y*2',
    );
    expect(await edit({ file_path: 'add.js', old_text: 'zzzz qqqq', new_text: 'x' })).toBe('Error: Old text not found in add.js');
    expect(await contentOf('add.js')).toBe('function add(a, b) {\n  return a + b;\n}\n');
  });

  it('finds the similar passage in a large file in reasonable time', async () => {
    const lines = Array.from({ length: 20000 }, (_, i) => `  const value${i} = compute(${i}, "some text here");`);
    await fileWith('big.js', `${lines.join('\n')}\n`);
    const result = await edit({
      file_path: 'big.js',
      old_text: 'const value12345 = compute(12345, "some text there");\nconst value12346 = compute(12346, "some text there");',
      new_text: 'x',
    });
    expect(result).toMatch(/^Error: Old text not found in big\.js\n\nMost similar text \(lines 12346-12347, \d+% similar\):\n {2}const value12345/);
    // A long old_text over a repetitive file: the bounded search still answers (no hang).
    const longOld = Array.from({ length: 300 }, (_, i) => `const valu${i % 50} = compute(${i % 7}, "other");`).join('\n');
    expect(await edit({ file_path: 'big.js', old_text: longOld, new_text: 'x' })).toMatch(/^Error: Old text not found in big\.js/);
  });

  it('refuses an empty old_text and leaves the file untouched', async () => {
    await fileWith('f.txt', 'abc');
    expect(await edit({ file_path: 'f.txt', old_text: '', new_text: 'x', replace_all: true })).toBe(REPLACE_EMPTY_OLD_TEXT);
    expect(REPLACE_EMPTY_OLD_TEXT).toBe(
      'Error: old_text is empty. Provide the exact text to replace; to create or overwrite a file use write_file instead.',
    );
    expect(await contentOf('f.txt')).toBe('abc');
  });

  it('refuses a file outside the working directory, also through a symlink', async () => {
    await writeFile(join(root, 'outside.txt'), 'abc');
    expect(await edit({ file_path: '../outside.txt', old_text: 'a', new_text: 'b' })).toBe(
      `Error: PathPolicy: refused '../outside.txt' — resolves to '${join(root, 'outside.txt')}', outside the workspace root '${dir}'`,
    );
    await symlink(join(root, 'outside.txt'), join(dir, 'link.txt'));
    expect(await edit({ file_path: 'link.txt', old_text: 'a', new_text: 'b' })).toMatch(/^Error: PathPolicy: refused 'link\.txt'/);
    expect(await readFile(join(root, 'outside.txt'), 'utf8')).toBe('abc');
  });

  it('reports a missing file, a non-UTF-8 file and a failed write as Error editing file', async () => {
    expect(await edit({ file_path: 'missing.txt', old_text: 'a', new_text: 'b' })).toMatch(/^Error editing file: ENOENT/);
    await fileWith('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    expect(await edit({ file_path: 'latin1.txt', old_text: 'caf', new_text: 'x' })).toMatch(
      /^Error editing file: File is not valid UTF-8/,
    );
    expect([...(await readFile(join(dir, 'latin1.txt')))]).toEqual([0x63, 0x61, 0x66, 0xe9]);
    const fs = new RecordingFileSystem();
    fs.failing = { method: 'writeText', code: 'ENOSPC' };
    const tool = bound();
    tool.filesystem = fs;
    await fileWith('f.txt', 'abc');
    expect(await edit({ file_path: 'f.txt', old_text: 'b', new_text: 'x' }, tool)).toBe(
      `Error editing file: ENOSPC: injected failure, writeText '${join(dir, 'f.txt')}'`,
    );
    expect(fs.calls.map((c) => c.split(' ')[0])).toEqual(['readText', 'writeText']);
    expect(await contentOf('f.txt')).toBe('abc');
    expect(await readdir(dir)).not.toContain(expect.stringMatching(/\.tmp$/));
  });

  it('gives the same result with replace_all omitted and given as its default', async () => {
    await fileWith('a.txt', 'x x');
    await fileWith('b.txt', 'x x');
    const omitted = await edit({ file_path: 'a.txt', old_text: 'x', new_text: 'y' });
    const explicit = await edit({ file_path: 'b.txt', old_text: 'x', new_text: 'y', replace_all: false });
    expect(omitted.replace('a.txt', 'b.txt')).toBe(explicit);
    expect(await contentOf('a.txt')).toBe(await contentOf('b.txt'));
  });

  // Runs last (tests in a file run in order): every documented result marker was produced above.
  it('produced every documented result marker', () => {
    const missing = REPLACE_RESULT_MARKERS.filter((marker) => !produced.some((result) => result.includes(marker)));
    expect(missing).toEqual([]);
  });
});
