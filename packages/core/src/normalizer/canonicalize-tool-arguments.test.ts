import { describe, expect, it } from 'vitest';
import { canonicalizeToolArguments } from './canonicalize-tool-arguments';

describe('canonicalizeToolArguments', () => {
  it('returns clean JSON objects byte-identical (key order and spacing kept)', () => {
    const raw = '{ "b" : 2,\n  "a": [1,  2], "ü": "日本" }';
    expect(canonicalizeToolArguments(raw)).toBe(raw);
  });

  it('records a truncated object as the balanced compact JSON', () => {
    expect(canonicalizeToolArguments('{"k": 1')).toBe('{"k":1}');
  });

  it('re-serialises repaired payloads compactly, keeping non-ASCII literal', () => {
    expect(canonicalizeToolArguments("{'path': 'é.txt', 'force': True}")).toBe('{"path":"é.txt","force":true}');
    expect(canonicalizeToolArguments('```json\n{"a": 1,}\n```')).toBe('{"a":1}');
    expect(canonicalizeToolArguments('{"t": "line\nbreak"}')).toBe('{"t":"line\\nbreak"}');
  });

  it('maps empty-like input to {}', () => {
    expect(canonicalizeToolArguments('')).toBe('{}');
    expect(canonicalizeToolArguments('null')).toBe('{}');
    expect(canonicalizeToolArguments(undefined)).toBe('{}');
  });

  it('sanitises lone surrogates before recording', () => {
    expect(canonicalizeToolArguments('{"a": "x\uD800"}')).toBe('{"a":"x\uFFFD"}');
    expect(canonicalizeToolArguments({ [`k\uDC00`]: 'v' })).toBe('{"k\uFFFD":"v"}');
  });

  it('serialises a plain object input compactly', () => {
    expect(canonicalizeToolArguments({ a: 1, b: [true, null] })).toBe('{"a":1,"b":[true,null]}');
  });

  it('falls back to {} for anything unusable, never throwing', () => {
    expect(canonicalizeToolArguments('[1, 2]')).toBe('{}');
    expect(canonicalizeToolArguments('"text"')).toBe('{}');
    expect(canonicalizeToolArguments('not json at all')).toBe('{}');
    expect(canonicalizeToolArguments(42)).toBe('{}');
    expect(canonicalizeToolArguments(Symbol('x'))).toBe('{}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(canonicalizeToolArguments(cyclic)).toBe('{}');
    expect(canonicalizeToolArguments({ n: 10n })).toBe('{}');
    expect(canonicalizeToolArguments({ toJSON: () => [1] })).toBe('{}');
    const throwing = Object.defineProperty({}, 'boom', {
      enumerable: true,
      get() {
        throw new TypeError('no');
      },
    });
    expect(canonicalizeToolArguments(throwing)).toBe('{}');
  });
});
