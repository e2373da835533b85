import { describe, expect, it } from 'vitest';

import { boundedSimilarityRatio, similarityRatio } from './similarity-ratio';
import { capLine, compareCodePoints, formatCount, headOf } from './text-format';
import { sliceLines, splitLines, splitLinesKeepEnds } from './text-lines';

describe('text-lines', () => {
  it('splits on CRLF, CR and LF only, without an extra line for a final terminator', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a\r\nb\rc\nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('a\n')).toEqual(['a']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('a\u2028b\fc')).toEqual(['a\u2028b\fc']);
    expect(splitLinesKeepEnds('a\r\nb\rc\nd')).toEqual(['a\r\n', 'b\r', 'c\n', 'd']);
    expect(splitLinesKeepEnds('x\n')).toEqual(['x\n']);
  });

  it('slices a window while counting every line like splitLines', () => {
    const text = 'l1\r\nl2\rl3\nl4\n';
    expect(sliceLines(text, 0, 10)).toEqual({ total: 4, lines: ['l1', 'l2', 'l3', 'l4'] });
    expect(sliceLines(text, 1, 2)).toEqual({ total: 4, lines: ['l2', 'l3'] });
    expect(sliceLines('a\n\nb', 1, 1)).toEqual({ total: 3, lines: [''] });
    expect(sliceLines('', 0, 5)).toEqual({ total: 0, lines: [] });
  });
});

describe('text-format', () => {
  it('formats counts with en-US separators', () => {
    expect(formatCount(5000000)).toBe('5,000,000');
    expect(formatCount(12)).toBe('12');
  });

  it('never cuts inside a surrogate pair', () => {
    expect(headOf('ab😀c', 3)).toBe('ab');
    expect(headOf('ab😀c', 4)).toBe('ab😀');
    expect(capLine('😀😀', 3)).toEqual({ text: '😀', omitted: 2 });
    expect(capLine('short', 10)).toEqual({ text: 'short', omitted: 0 });
  });

  it('orders by code point, not UTF-16 unit', () => {
    // U+FF5E (a BMP character above the surrogate range) sorts before U+1F600 by code point.
    expect(compareCodePoints('\uFF5E', '😀')).toBeLessThan(0);
    expect('\uFF5E' < '😀').toBe(false);
    expect(compareCodePoints('a', 'b')).toBeLessThan(0);
    expect(compareCodePoints('ab', 'a')).toBeGreaterThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
  });
});

describe('similarity-ratio', () => {
  it('matches Python difflib.SequenceMatcher(None, a, b).ratio() on short strings', () => {
    expect(similarityRatio('abcd', 'bcde')).toBe(0.75);
    expect(similarityRatio('hello world', 'hallo wereld')).toBeCloseTo(0.782608695652174, 12);
    expect(similarityRatio('function foo() {\n  return 1;\n}', 'function fooo() {\n  return 2;\n}')).toBeCloseTo(0.9508196721311475, 12);
    expect(similarityRatio('the quick brown fox', 'quick the fox brown')).toBeCloseTo(0.5789473684210527, 12);
    expect(similarityRatio('', '')).toBe(1);
    expect(similarityRatio('abc', '')).toBe(0);
  });

  it('gives up (null) once the step budget is spent', () => {
    const budget = { steps: 5 };
    expect(boundedSimilarityRatio('a'.repeat(100), 'a'.repeat(100), budget)).toBeNull();
    expect(budget.steps).toBe(0);
    const plenty = { steps: 1_000_000 };
    expect(boundedSimilarityRatio('abcd', 'bcde', plenty)).toBe(0.75);
    expect(plenty.steps).toBeLessThan(1_000_000);
  });
});
