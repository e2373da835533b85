import { describe, expect, it } from 'vitest';
import { isWellFormedText, sanitizeSurrogates } from './sanitize-surrogates';

const HIGH = '\uD83D';
const LOW = '\uDE00';
const PAIR = '\uD83D\uDE00'; // 😀

describe('sanitizeSurrogates', () => {
  it('replaces a lone high surrogate with U+FFFD', () => {
    expect(sanitizeSurrogates(`a${HIGH}b`)).toBe('a\uFFFDb');
    expect(sanitizeSurrogates(`end${HIGH}`)).toBe('end\uFFFD');
  });

  it('replaces a lone low surrogate with U+FFFD', () => {
    expect(sanitizeSurrogates(`${LOW}x`)).toBe('\uFFFDx');
  });

  it('keeps valid pairs, also next to lone ones', () => {
    expect(sanitizeSurrogates(`${PAIR}`)).toBe(PAIR);
    expect(sanitizeSurrogates(`${HIGH}${PAIR}${LOW}`)).toBe(`\uFFFD${PAIR}\uFFFD`);
    expect(sanitizeSurrogates(`${LOW}${HIGH}`)).toBe('\uFFFD\uFFFD');
  });

  it('matches String.prototype.toWellFormed on mixed input', () => {
    const samples = [`${HIGH}${HIGH}${LOW}`, `${LOW}${LOW}`, `x${PAIR}${HIGH}`, 'plain', ''];
    for (const s of samples) {
      const expected = (s as unknown as { toWellFormed(): string }).toWellFormed();
      expect(sanitizeSurrogates(s)).toBe(expected);
    }
  });

  it('cleans nested objects, arrays and keys copy-on-write', () => {
    const clean = { keep: ['ok'], also: { deep: 1 } };
    const input = { [`k${HIGH}`]: [`v${LOW}`, { inner: `z${HIGH}` }], clean };
    const output = sanitizeSurrogates(input);
    expect(output).toEqual({ 'k\uFFFD': ['v\uFFFD', { inner: 'z\uFFFD' }], clean });
    expect(output).not.toBe(input);
    expect(output.clean).toBe(clean);
    expect(Object.keys(input)).toEqual([`k${HIGH}`, 'clean']);
  });

  it('keeps every earlier clean key, in order, when only a later value changes', () => {
    const tools = [{ id: 'c1' }];
    const message = { role: 'tool', tool_call_id: 'call_1', name: 'read', content: `text ${LOW}`, extra: tools };
    const output = sanitizeSurrogates(message);
    expect(Object.entries(output)).toEqual([['role', 'tool'], ['tool_call_id', 'call_1'], ['name', 'read'], ['content', 'text \uFFFD'], ['extra', tools]]);
    expect(output.extra).toBe(tools);
    expect(message.content).toBe(`text ${LOW}`);
  });

  it('returns the very same reference when nothing changed', () => {
    const value = { a: ['x', { b: PAIR }], n: 1, t: true, z: null };
    expect(sanitizeSurrogates(value)).toBe(value);
    const list = ['a', PAIR];
    expect(sanitizeSurrogates(list)).toBe(list);
  });

  it('passes other values through and survives cycles', () => {
    const date = new Date(0);
    expect(sanitizeSurrogates(date)).toBe(date);
    expect(sanitizeSurrogates(5)).toBe(5);
    expect(sanitizeSurrogates(undefined)).toBe(undefined);
    const cyclic: Record<string, unknown> = { s: HIGH };
    cyclic.self = cyclic;
    const out = sanitizeSurrogates(cyclic);
    expect(out.s).toBe('\uFFFD');
    const cleanCycle: Record<string, unknown> = { s: PAIR, list: [] };
    (cleanCycle.list as unknown[]).push(cleanCycle);
    expect(sanitizeSurrogates(cleanCycle)).toBe(cleanCycle);
    let deep: Record<string, unknown> = { s: `end ${LOW}` };
    for (let i = 0; i < 100; i++) deep = { next: deep };
    let cursor = sanitizeSurrogates(deep);
    while (cursor.next !== undefined) cursor = cursor.next as Record<string, unknown>;
    expect(cursor.s).toBe('end \uFFFD');
  });

  it('keeps a __proto__ key as an own property when copying', () => {
    const input = JSON.parse(`{"__proto__": "${'\\ud800'}"}`) as Record<string, unknown>;
    const out = sanitizeSurrogates(input);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toBe('\uFFFD');
  });

  it('reports well-formedness', () => {
    expect(isWellFormedText(PAIR)).toBe(true);
    expect(isWellFormedText(HIGH)).toBe(false);
  });
});
