import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

import { readToolFlag } from '@agentao/core';
import { describe, expect, it } from 'vitest';

import { RecordingFileSystem, factsProblems } from '../__fixtures__/file-tool-fixtures';
import { useToolWorkspace } from '../__fixtures__/use-tool-workspace';
import {
  MAX_LINES_DEFAULT,
  READ_FILE_FACTS,
  READ_FILE_MAX_OUTPUT_CHARS,
  READ_FILE_RESULT_MARKERS,
  ReadFileTool,
} from './read-file';

let dir = '';
const { bound, run: read, produced } = useToolWorkspace(() => new ReadFileTool(), (workspace) => {
  dir = workspace.dir;
});

describe('read_file', () => {
  it('is read-only and needs no confirmation; its description matches its facts manifest', () => {
    const tool = new ReadFileTool();
    expect(readToolFlag(tool, 'isReadOnly')).toBe(true);
    expect(readToolFlag(tool, 'requiresConfirmation')).toBe(false);
    expect(factsProblems(tool, READ_FILE_FACTS)).toEqual([]);
    expect(tool.description).toContain('2,000 lines');
    expect(tool.description).toContain('39,000 characters');
  });

  it('returns numbered lines with a header, relative to the working directory', async () => {
    await writeFile(join(dir, 'f.txt'), 'alpha\nbeta\ngamma\n');
    expect(await read({ file_path: 'f.txt' })).toBe('File: f.txt (3 lines)\nShowing lines 1-3\n     1\talpha\n     2\tbeta\n     3\tgamma');
    expect(await read({ file_path: join(dir, 'f.txt'), offset: 2, limit: 1 })).toBe(
      `File: ${join(dir, 'f.txt')} (3 lines)\nShowing lines 2-2\n     2\tbeta`,
    );
  });

  it('splits on CRLF, CR and LF, keeps a BOM on line one, and adds no line for a final terminator', async () => {
    await writeFile(join(dir, 'mixed.txt'), '\uFEFFone\r\ntwo\rthree\nfour\r\n');
    const result = await read({ file_path: 'mixed.txt' });
    expect(result).toBe('File: mixed.txt (4 lines)\nShowing lines 1-4\n     1\t\uFEFFone\n     2\ttwo\n     3\tthree\n     4\tfour');
    await writeFile(join(dir, 'blank-end.txt'), 'a\n\n');
    expect(await read({ file_path: 'blank-end.txt' })).toBe('File: blank-end.txt (2 lines)\nShowing lines 1-2\n     1\ta\n     2\t');
  });

  it('gives the same result with the defaults omitted and given explicitly', async () => {
    await writeFile(join(dir, 'f.txt'), 'x\ny\n');
    expect(await read({ file_path: 'f.txt' })).toBe(await read({ file_path: 'f.txt', offset: 1, limit: 0 }));
  });

  it('reports a missing file, a directory, an empty file and an offset past the end', async () => {
    expect(await read({ file_path: 'nope.txt' })).toBe('Error: File nope.txt does not exist');
    await mkdir(join(dir, 'sub'));
    expect(await read({ file_path: 'sub' })).toBe('Error: sub is a directory, not a file. Use list_directory to see its contents.');
    await writeFile(join(dir, 'empty.txt'), '');
    expect(await read({ file_path: 'empty.txt' })).toBe('File: empty.txt (0 lines)\nThe file is empty.');
    await writeFile(join(dir, 'three.txt'), '1\n2\n3');
    expect(await read({ file_path: 'three.txt', offset: 10 })).toBe(
      'File: three.txt (3 lines)\nNo lines to show: offset 10 is past the end of the file.',
    );
    expect(await read({ file_path: 'three.txt', offset: -5, limit: 1 })).toBe('File: three.txt (3 lines)\nShowing lines 1-1\n     1\t1');
  });

  it('refuses binary files: a NUL byte in the sniffed head, or bytes that are not UTF-8', async () => {
    const withNul = Buffer.alloc(9000, 0x61);
    withNul[100] = 0;
    await writeFile(join(dir, 'image.bin'), withNul);
    expect(await read({ file_path: 'image.bin' })).toBe('Binary file: image.bin (9,000 bytes)');
    await writeFile(join(dir, 'latin1.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await read({ file_path: 'latin1.txt' })).toBe('Binary file: latin1.txt (5 bytes)');
  });

  it('shows 2,000 lines of a 2,001-line file without a limit, with the continue hint', async () => {
    const lines = Array.from({ length: MAX_LINES_DEFAULT + 1 }, (_, i) => `l${i + 1}`);
    await writeFile(join(dir, 'long.txt'), `${lines.join('\n')}\n`);
    const result = await read({ file_path: 'long.txt' });
    expect(result.startsWith('File: long.txt (2,001 lines)\nShowing lines 1-2000\n')).toBe(true);
    expect(result).toContain('  2000\tl2000');
    expect(result).not.toContain('\tl2001');
    expect(result.endsWith('\n\n[Truncated: showing lines 1–2000 of 2,001 total. Use offset=2001 to continue reading.]')).toBe(true);
    expect(await read({ file_path: 'long.txt', offset: 2001 })).toBe('File: long.txt (2,001 lines)\nShowing lines 2001-2001\n  2001\tl2001');
    // An explicit limit larger than the default window is honoured, and ends without a hint.
    const all = await read({ file_path: 'long.txt', limit: 2001 });
    expect(all).toContain('  2001\tl2001');
    expect(all).not.toContain('[Truncated');
    // An explicit limit that ends the window is the caller's choice: no hint.
    expect(await read({ file_path: 'long.txt', limit: 2 })).toBe('File: long.txt (2,001 lines)\nShowing lines 1-2\n     1\tl1\n     2\tl2');
  });

  it('caps a huge line at 2,000 characters without splitting a surrogate pair', async () => {
    await writeFile(join(dir, 'minified.js'), `${'x'.repeat(5000)}\nshort\n${'y'.repeat(1999)}😀tail\n`);
    const result = await read({ file_path: 'minified.js' });
    const rows = result.split('\n');
    expect(rows[2]).toBe(`     1\t${'x'.repeat(2000)}[+3,000 chars]`);
    expect(rows[3]).toBe('     2\tshort');
    // 1,999 y's then the pair would end at 2,001: the cut moves back so the emoji is not split.
    expect(rows[4]).toBe(`     3\t${'y'.repeat(1999)}[+6 chars]`);
    expect(result.endsWith('\n[2 line(s) truncated to 2,000 chars per line]')).toBe(true);
  });

  it('keeps the whole result within 39,000 characters and says where to continue', async () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `${String(i + 1).padStart(4, '0')} ${'z'.repeat(95)}`);
    await writeFile(join(dir, 'wide.txt'), lines.join('\n'));
    const first = await read({ file_path: 'wide.txt' });
    expect(first.length).toBeLessThanOrEqual(READ_FILE_MAX_OUTPUT_CHARS);
    const hint = /\[Truncated: showing lines 1–(\d+) of 1,500 total\. Use offset=(\d+) to continue reading\.\]$/.exec(first);
    expect(hint).not.toBeNull();
    const end = Number(hint![1]);
    expect(end).toBeGreaterThan(300);
    expect(end).toBeLessThan(1500);
    expect(Number(hint![2])).toBe(end + 1);
    expect(first).toContain(`Showing lines 1-${end}\n`);
    // The budget also stops an explicit limit early, and then the hint is given.
    const limited = await read({ file_path: 'wide.txt', limit: 1000 });
    expect(limited).toContain(`Use offset=${end + 1} to continue reading.]`);
    const next = await read({ file_path: 'wide.txt', offset: end + 1 });
    expect(next).toContain(`Showing lines ${end + 1}-`);
    expect(next).toContain(`\t${String(end + 1).padStart(4, '0')} zzz`);
  });

  it('reads a window of a huge file and counts all its lines', async () => {
    const count = 100_000;
    const body = Array.from({ length: count }, (_, i) => `row ${i + 1} ${'.'.repeat(50)}`).join('\r\n');
    await writeFile(join(dir, 'huge.log'), body);
    const first = await read({ file_path: 'huge.log', limit: 3 });
    expect(first).toBe(
      `File: huge.log (100,000 lines)\nShowing lines 1-3\n     1\trow 1 ${'.'.repeat(50)}\n     2\trow 2 ${'.'.repeat(50)}\n     3\trow 3 ${'.'.repeat(50)}`,
    );
    const last = await read({ file_path: 'huge.log', offset: count });
    expect(last).toBe(`File: huge.log (100,000 lines)\nShowing lines 100000-100000\n100000\trow 100000 ${'.'.repeat(50)}`);
    expect((await read({ file_path: 'huge.log', offset: 75_000 })).length).toBeLessThanOrEqual(READ_FILE_MAX_OUTPUT_CHARS);
  });

  it('goes through the bound filesystem and turns its failures into Error reading file', async () => {
    await writeFile(join(dir, 'f.txt'), 'hello\n');
    const fs = new RecordingFileSystem();
    const tool = bound();
    tool.filesystem = fs;
    expect(await read({ file_path: 'f.txt' }, tool)).toContain('     1\thello');
    expect(fs.calls.map((c) => c.split(' ')[0])).toEqual(['stat', 'readPartial', 'readBytes']);
    fs.failing = { method: 'readBytes', code: 'EACCES' };
    expect(await read({ file_path: 'f.txt' }, tool)).toBe(`Error reading file: EACCES: injected failure, readBytes '${join(dir, 'f.txt')}'`);
  });

  it('refuses to read a non-regular file such as a device', async () => {
    if (process.platform === 'win32') return;
    expect(await read({ file_path: '/dev/null' })).toBe('Error reading file: /dev/null is not a regular file');
  });

  it('answers a wrongly typed argument with an error text instead of throwing', async () => {
    expect(await read({ file_path: 42 })).toBe('Error: file_path must be a string');
  });

  // Runs last (tests in a file run in order): every documented result marker was produced above.
  it('produced every documented result marker', () => {
    const missing = READ_FILE_RESULT_MARKERS.filter((marker) => !produced.some((result) => result.includes(marker)));
    expect(missing).toEqual([]);
  });
});
