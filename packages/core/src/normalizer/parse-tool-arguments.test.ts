import { describe, expect, it } from 'vitest';
import { AgentaoError } from '../errors';
import { parseToolArguments } from './parse-tool-arguments';

function reasonOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(AgentaoError.isInstance(error)).toBe(true);
    expect((error as AgentaoError).code).toBe('TOOL_ARGS_UNPARSEABLE');
    return (error as AgentaoError).message;
  }
  throw new AgentaoError('INTERNAL', 'expected parseToolArguments to throw');
}

describe('parseToolArguments — tier 0 (non-string input)', () => {
  it('treats null and undefined as empty arguments', () => {
    expect(parseToolArguments(null)).toEqual({ args: {}, repairs: ['empty'] });
    expect(parseToolArguments(undefined)).toEqual({ args: {}, repairs: ['empty'] });
  });

  it('returns a plain object as is, with no repairs', () => {
    const args = { path: 'a.txt' };
    const result = parseToolArguments(args);
    expect(result.args).toBe(args);
    expect(result.repairs).toEqual([]);
  });

  it('rejects other input types, naming the type', () => {
    expect(reasonOf(() => parseToolArguments(42))).toBe('tool arguments must be a string or object, got number');
    expect(reasonOf(() => parseToolArguments(true))).toBe('tool arguments must be a string or object, got boolean');
    expect(reasonOf(() => parseToolArguments([1]))).toBe('tool arguments must be a string or object, got array');
    expect(reasonOf(() => parseToolArguments(new Map()))).toBe('tool arguments must be a string or object, got Map');
  });
});

describe('parseToolArguments — tier 1 (empty)', () => {
  it.each(['', '   ', '\n\t', 'none', 'None', 'NULL', ' null '])('maps %j to {}', (raw) => {
    expect(parseToolArguments(raw)).toEqual({ args: {}, repairs: ['empty'] });
  });
});

describe('parseToolArguments — tier 2 (fence)', () => {
  it('unwraps a json-tagged fenced block', () => {
    expect(parseToolArguments('```json\n{"a": 1}\n```')).toEqual({ args: { a: 1 }, repairs: ['fence'] });
  });

  it('accepts an untagged fence and a case-insensitive tag', () => {
    expect(parseToolArguments('```\n{"a": 1}\n```').repairs).toEqual(['fence']);
    expect(parseToolArguments('  ```JSON {"a": 2}```  ').args).toEqual({ a: 2 });
    expect(parseToolArguments('``` json\r\n{"a": 3}\r\n```').args).toEqual({ a: 3 });
  });

  it('maps an empty fence to {}', () => {
    expect(parseToolArguments('```json\n\n```')).toEqual({ args: {}, repairs: ['fence', 'empty'] });
    expect(parseToolArguments('``````')).toEqual({ args: {}, repairs: ['fence', 'empty'] });
  });

  it('combines the fence tag with later repairs', () => {
    expect(parseToolArguments('```json\n{"a": 1,}\n```')).toEqual({ args: { a: 1 }, repairs: ['fence', 'trailing-comma'] });
  });
});

describe('parseToolArguments — tier 3 (strict JSON)', () => {
  it('parses strict JSON with no repair tag', () => {
    expect(parseToolArguments('{"path": "a.txt", "n": [1, 2]}')).toEqual({
      args: { path: 'a.txt', n: [1, 2] },
      repairs: [],
    });
  });

  it('parses a double-encoded object once more', () => {
    const raw = JSON.stringify(JSON.stringify({ a: 1 }));
    expect(parseToolArguments(raw)).toEqual({ args: { a: 1 }, repairs: ['double-encoded'] });
  });

  it('keeps a JSON string that is not JSON inside, which then fails the object check', () => {
    expect(reasonOf(() => parseToolArguments('"hello"'))).toBe('tool arguments must parse to an object, got string');
  });

  it('keeps an own __proto__ key as data', () => {
    const { args } = parseToolArguments('{"__proto__": {"x": 1}}');
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(['__proto__']);
  });
});

describe('parseToolArguments — tier 4 (lenient JSON)', () => {
  it('escapes raw control characters inside string literals', () => {
    expect(parseToolArguments('{"content": "line1\nline2\tend"}')).toEqual({
      args: { content: 'line1\nline2\tend' },
      repairs: ['lenient-json'],
    });
  });

  it('escapes other control characters as \\u00XX', () => {
    expect(parseToolArguments('{"c": "a\u0001b"}').args).toEqual({ c: 'a\u0001b' });
  });
});

describe('parseToolArguments — tier 5 (trailing comma)', () => {
  it('removes trailing commas before } and ]', () => {
    expect(parseToolArguments('{"a": [1, 2, ], "b": 3 ,\n}')).toEqual({
      args: { a: [1, 2], b: 3 },
      repairs: ['trailing-comma'],
    });
  });

  it('never touches commas inside string literals', () => {
    const { args } = parseToolArguments('{"text": "a,}b,]", "z": 1,}');
    expect(args).toEqual({ text: 'a,}b,]', z: 1 });
  });

  it('reports lenient-json too when control characters had to be escaped', () => {
    expect(parseToolArguments('{"t": "x\ny",}').repairs).toEqual(['trailing-comma', 'lenient-json']);
  });
});

describe('parseToolArguments — tier 6 (Python literal)', () => {
  it('parses a dict with single quotes, True/False/None', () => {
    expect(parseToolArguments("{'path': 'a.txt', 'force': True, 'dry': False, 'x': None}")).toEqual({
      args: { path: 'a.txt', force: true, dry: false, x: null },
      repairs: ['python-literal'],
    });
  });

  it('keeps apostrophes and double quotes in strings (no blanket quote replacement)', () => {
    expect(parseToolArguments(`{'q': "Jacy'z", 'r': 'say "hi"'}`).args).toEqual({ q: "Jacy'z", r: 'say "hi"' });
  });

  it('turns tuples into arrays and handles (x,), () and parentheses', () => {
    expect(parseToolArguments("{'a': (1, 2), 'b': (3,), 'c': (), 'd': (4)}").args).toEqual({
      a: [1, 2],
      b: [3],
      c: [],
      d: 4,
    });
  });

  it('parses Python escapes, raw strings and adjacent literals', () => {
    expect(parseToolArguments(String.raw`{'a': 'x\ty\x41\u00e9\101', 'b': r'C:\new', 'c': 'ab' "cd"}`).args).toEqual({
      a: 'x\tyAéA',
      b: 'C:\\new',
      c: 'abcd',
    });
  });

  it('parses Python numbers: underscores, hex, octal, binary, floats, signs', () => {
    expect(parseToolArguments("{'a': 1_000, 'b': 0x1F, 'c': 0o17, 'd': 0b101, 'e': -2.5e1, 'f': +.5, 'g': 5.}").args).toEqual({
      a: 1000,
      b: 31,
      c: 15,
      d: 5,
      e: -25,
      f: 0.5,
      g: 5,
    });
  });

  it('turns non-string keys into their JSON key text', () => {
    expect(parseToolArguments("{1: 'a', 1.5: 'b', True: 'c', None: 'd', 2.0: 'e'}").args).toEqual({
      '1': 'a',
      '1.5': 'b',
      true: 'c',
      null: 'd',
      '2.0': 'e',
    });
  });

  it('accepts trailing commas, nesting and triple-quoted strings', () => {
    expect(parseToolArguments("{'a': [1, {'b': '''x\ny'''},], }").args).toEqual({ a: [1, { b: 'x\ny' }] });
  });

  it('keeps backslashes of raw strings, where an escaped quote does not end the string', () => {
    expect(parseToolArguments(String.raw`{'a': r'x\'y', 'b': 'keep \q'}`).args).toEqual({ a: String.raw`x\'y`, b: String.raw`keep \q` });
  });

  it('keeps an own __proto__ key from a Python dict as data', () => {
    const { args } = parseToolArguments("{'__proto__': 1}");
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(Object.keys(args)).toEqual(['__proto__']);
  });

  it('fails (without crashing) on nesting deeper than it accepts', () => {
    const deep = `{'a': ${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    expect(() => parseToolArguments(deep)).toThrow('could not parse tool arguments as JSON or Python literal');
  });

  it.each([
    ["{'a': b'bytes'}", 'bytes literal'],
    ["{'a': {1, 2}}", 'set'],
    ["{'a': 1j}", 'complex number'],
    ["{'a': 1+2j}", 'complex expression'],
    ["{'a': name}", 'name'],
    ["{'a': f(1)}", 'call'],
    ["{'a': 1 + 2}", 'binary expression'],
    ["{'a': 007}", 'leading zeros'],
    ["{'a': true}", 'JSON keyword is a Python name'],
    ["{'a': f'x'}", 'f-string'],
    ["{[1]: 2}", 'unhashable key'],
    ["{(1, 2): 3}", 'tuple key'],
    ["{'a': -True}", 'sign on a non-number'],
    ["{'a': --1}", 'double sign'],
    ["{'a': 1e400}", 'infinite float'],
    [String.raw`{'a': '\x4'}`, 'short hex escape'],
    [String.raw`{'a': '\N{EM DASH}'}`, 'named escape'],
    ["{'a': 'line\nbreak'}", 'raw newline in a single-quoted string'],
    ["{'a': 1} extra", 'trailing junk'],
  ])('rejects %s (%s)', (raw) => {
    expect(reasonOf(() => parseToolArguments(raw))).toBe('could not parse tool arguments as JSON or Python literal');
  });
});

describe('parseToolArguments — tier 7 (bracket balance)', () => {
  it('is off by default: a truncated object is unparseable', () => {
    expect(reasonOf(() => parseToolArguments('{"k": 1'))).toBe('could not parse tool arguments as JSON or Python literal');
  });

  it('closes missing braces when allowed', () => {
    expect(parseToolArguments('{"k": 1', { allowBracketBalance: true })).toEqual({
      args: { k: 1 },
      repairs: ['bracket-balance'],
    });
    expect(parseToolArguments('{"a": {"b": [1, 2]', { allowBracketBalance: true }).args).toEqual({ a: { b: [1, 2] } });
  });

  it('drops surplus trailing closers', () => {
    expect(parseToolArguments('{"k": 1}}}', { allowBracketBalance: true })).toEqual({
      args: { k: 1 },
      repairs: ['bracket-balance'],
    });
  });

  it('ignores brackets inside string literals', () => {
    expect(parseToolArguments('{"k": "{[{["', { allowBracketBalance: true }).args).toEqual({ k: '{[{[' });
  });

  it('appends every missing } before every missing ], as tabled (mixed nesting stays unparseable)', () => {
    expect(() => parseToolArguments('{"a": [1, 2', { allowBracketBalance: true })).toThrow(
      'could not parse tool arguments as JSON or Python literal',
    );
  });

  it('acts on at most 65,536 characters', () => {
    const atLimit = `{"k": "${'x'.repeat(65_536 - 8)}"`;
    expect(atLimit).toHaveLength(65_536);
    expect(parseToolArguments(atLimit, { allowBracketBalance: true }).repairs).toEqual(['bracket-balance']);
    const overLimit = `{"k": "${'x'.repeat(65_536 - 7)}"`;
    expect(() => parseToolArguments(overLimit, { allowBracketBalance: true })).toThrow(
      'could not parse tool arguments as JSON or Python literal',
    );
  });

  it('gives up after 50 closer-dropping passes (50 surplus closers repair, 51 do not)', () => {
    expect(parseToolArguments(`{"k": 1${'}'.repeat(51)}`, { allowBracketBalance: true }).args).toEqual({ k: 1 });
    expect(() => parseToolArguments(`{"k": 1${'}'.repeat(52)}`, { allowBracketBalance: true })).toThrow('could not parse');
  });
});

describe('parseToolArguments — failures', () => {
  it.each([
    ['[1, 2]', 'array'],
    ['"just a string"', 'string'],
    ['42', 'number'],
    ['true', 'boolean'],
    ['[{"a": 1}]', 'array'],
    ["['a']", 'array'],
  ])('rejects %s as not an object (%s)', (raw, type) => {
    expect(reasonOf(() => parseToolArguments(raw))).toBe(`tool arguments must parse to an object, got ${type}`);
  });

  it.each(['{"k": 1', 'hello world', '{"a" 1}', "{'a': 'unterminated}", '```python\n{"a": 1}\n```'])(
    'rejects %j as unparseable',
    (raw) => {
      expect(reasonOf(() => parseToolArguments(raw))).toBe('could not parse tool arguments as JSON or Python literal');
    },
  );

  it('never echoes the payload in the error message', () => {
    const secret = 'sk-SECRET-PAYLOAD-123';
    const message = reasonOf(() => parseToolArguments(`{"token": "${secret}" oops`));
    expect(message).not.toContain(secret);
  });

  it('stays fast on a 1 MB argument string, valid or not', () => {
    const body = 'y'.repeat(1_000_000);
    const started = Date.now();
    expect(parseToolArguments(`{"k": "${body}"}`).args.k).toHaveLength(1_000_000);
    expect(() => parseToolArguments(`{"k": "${body}"`, { allowBracketBalance: true })).toThrow('could not parse');
    expect(() => parseToolArguments(`{'k': '${body}', 'n': [${'1,'.repeat(100_000)}}`)).toThrow('could not parse');
    expect(() => parseToolArguments('['.repeat(1_000_000))).toThrow('could not parse');
    expect(() => parseToolArguments(`{"a": 1, ${'  ,'.repeat(300_000)}`)).toThrow('could not parse');
    // Generous bound for a slow shared machine; a quadratic tier would take minutes.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
