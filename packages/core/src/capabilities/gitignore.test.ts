import { describe, expect, it } from 'vitest';

import { gitignoreVerdict, parseGitignore } from './gitignore';

const verdict = (text: string, path: string, isDir = false): boolean | null =>
  gitignoreVerdict(parseGitignore(text), path.split('/'), isDir);

describe('parseGitignore / gitignoreVerdict', () => {
  it('skips comments and blank lines, and honours escapes for # and !', () => {
    expect(parseGitignore('# comment\n\n   \n*.log\n').map((r) => r.source)).toEqual(['*.log']);
    expect(verdict('\\#keep', '#keep')).toBe(true);
    expect(verdict('\\!bang', '!bang')).toBe(true);
  });

  it('matches a pattern without a slash at any depth, by name', () => {
    expect(verdict('*.log', 'a.log')).toBe(true);
    expect(verdict('*.log', 'deep/er/a.log')).toBe(true);
    expect(verdict('build', 'x/build', true)).toBe(true);
    expect(verdict('*.log', 'a.txt')).toBeNull();
  });

  it('anchors a pattern with a leading or middle slash to its directory', () => {
    expect(verdict('/build', 'build', true)).toBe(true);
    expect(verdict('/build', 'src/build', true)).toBeNull();
    expect(verdict('doc/*.txt', 'doc/a.txt')).toBe(true);
    expect(verdict('doc/*.txt', 'x/doc/a.txt')).toBeNull();
    expect(verdict('doc/*.txt', 'doc/sub/a.txt')).toBeNull();
  });

  it('limits a trailing-slash pattern to directories', () => {
    expect(verdict('out/', 'out', true)).toBe(true);
    expect(verdict('out/', 'out', false)).toBeNull();
    expect(verdict('out/', 'a/out', true)).toBe(true);
  });

  it('lets the last matching line win, so negation re-includes', () => {
    expect(verdict('*.log\n!keep.log', 'keep.log')).toBe(false);
    expect(verdict('*.log\n!keep.log', 'other.log')).toBe(true);
    expect(verdict('!keep.log\n*.log', 'keep.log')).toBe(true);
  });

  it('implements leading, middle and trailing `**`', () => {
    expect(verdict('**/foo', 'foo')).toBe(true);
    expect(verdict('**/foo', 'a/b/foo')).toBe(true);
    expect(verdict('a/**/b', 'a/b')).toBe(true);
    expect(verdict('a/**/b', 'a/x/y/b')).toBe(true);
    expect(verdict('abc/**', 'abc/x/y')).toBe(true);
    expect(verdict('abc/**', 'abc', true)).toBeNull();
  });

  it('drops unescaped trailing spaces but keeps escaped ones', () => {
    expect(verdict('a.txt   ', 'a.txt')).toBe(true);
    expect(verdict('a\\ ', 'a ')).toBe(true);
    expect(verdict('a\\ ', 'a')).toBeNull();
  });
});
