import { describe, expect, it } from 'vitest';

import { AgentaoError } from '../errors';
import { expandBraces, GlobPattern, MAX_GLOB_ALTERNATIVES } from './glob-pattern';

const matches = (pattern: string, path: string, isDir = false): boolean => GlobPattern.compile(pattern).matches(path, isDir);

describe('GlobPattern', () => {
  it('treats `**` as a whole segment as zero or more directories', () => {
    expect(matches('src/**/*.js', 'src/a.js')).toBe(true);
    expect(matches('src/**/*.js', 'src/lib/x.js')).toBe(true);
    expect(matches('src/**/*.js', 'src/lib/deep/er/x.js')).toBe(true);
    expect(matches('src/**/*.js', 'lib/x.js')).toBe(false);
    expect(matches('src/**/*.js', 'src/lib/x.ts')).toBe(false);
    expect(matches('**/*.js', 'a.js')).toBe(true);
    expect(matches('**/*.js', 'a/b/c.js')).toBe(true);
    expect(matches('**', 'a/b/c')).toBe(true);
    expect(matches('a/**/b/**/c', 'a/b/c')).toBe(true);
    expect(matches('a/**/b/**/c', 'a/x/b/y/z/c')).toBe(true);
  });

  it('keeps a pattern without `/` to the top level, and `**` inside a segment acts as `*`', () => {
    expect(matches('*.ts', 'index.ts')).toBe(true);
    expect(matches('*.ts', 'src/index.ts')).toBe(false);
    expect(matches('a**.ts', 'abc.ts')).toBe(true);
    expect(matches('a**.ts', 'a/b.ts')).toBe(false);
  });

  it('matches `*` and `?` within one segment, dot-files included', () => {
    expect(matches('*', '.env')).toBe(true);
    expect(matches('src/*.js', 'src/.hidden.js')).toBe(true);
    expect(matches('?.md', 'a.md')).toBe(true);
    expect(matches('?.md', 'ab.md')).toBe(false);
    expect(matches('a?b', 'a/b')).toBe(false);
    expect(matches('*', 'a/b')).toBe(false);
  });

  it('supports classes, negated classes, ranges and escapes', () => {
    expect(matches('file[0-9].txt', 'file7.txt')).toBe(true);
    expect(matches('file[0-9].txt', 'fileA.txt')).toBe(false);
    expect(matches('file[!0-9].txt', 'fileA.txt')).toBe(true);
    expect(matches('file[^0-9].txt', 'file1.txt')).toBe(false);
    expect(matches('[]x]', ']')).toBe(true);
    expect(matches('a[-z]', 'a-')).toBe(true);
    expect(matches('\\*.txt', '*.txt')).toBe(true);
    expect(matches('\\*.txt', 'a.txt')).toBe(false);
    expect(matches('[abc', '[abc')).toBe(true);
  });

  it('expands `{a,b}` alternation, nested, with literal groups left alone', () => {
    expect(matches('*.{ts,js}', 'a.js')).toBe(true);
    expect(matches('*.{ts,js}', 'a.md')).toBe(false);
    expect(matches('{src,lib}/**/*.ts', 'lib/x/y.ts')).toBe(true);
    expect(expandBraces('a{b,{c,d}}e')).toEqual(['abe', 'ace', 'ade']);
    expect(expandBraces('a{b}c')).toEqual(['a{b}c']);
    expect(expandBraces('a\\{b,c}')).toEqual(['a\\{b,c}']);
  });

  it('is case-sensitive and matches by code point', () => {
    expect(matches('*.TS', 'a.ts')).toBe(false);
    expect(matches('?.txt', '😀.txt')).toBe(true);
  });

  it('honours a trailing slash as directories only', () => {
    expect(matches('src/', 'src', true)).toBe(true);
    expect(matches('src/', 'src', false)).toBe(false);
  });

  it('refuses empty, absolute and runaway patterns with a clear error', () => {
    expect(() => GlobPattern.compile('')).toThrow(/non-empty/);
    expect(() => GlobPattern.compile('/etc/*')).toThrow(/must be relative/);
    expect(() => GlobPattern.compile('{/etc,src}/*')).toThrow(/must be relative/);
    const runaway = '{a,b}'.repeat(12);
    let caught: unknown;
    try {
      GlobPattern.compile(runaway);
    } catch (error) {
      caught = error;
    }
    expect(AgentaoError.isInstance(caught) && caught.code).toBe('CONFIG_INVALID');
    expect(String(caught)).toContain(MAX_GLOB_ALTERNATIVES.toLocaleString('en-US'));
    // Duplicate leaves count too, so this cannot run for 2^40 steps.
    expect(() => GlobPattern.compile('{a,a}'.repeat(40))).toThrow(/alternatives/);
  });

  it('matches pathological patterns in linear time (no catastrophic backtracking)', () => {
    const name = 'a'.repeat(5000);
    const started = Date.now();
    expect(matches(`${'*a'.repeat(30)}b`, name)).toBe(false);
    expect(matches(`${'**/'.repeat(30)}b`, Array.from({ length: 200 }, () => 'a').join('/'))).toBe(false);
    // A backtracking regex needs astronomically long here; the automaton takes milliseconds.
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
