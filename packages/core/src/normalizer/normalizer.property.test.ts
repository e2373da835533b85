import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AgentaoError } from '../errors';
import { canonicalizeToolArguments } from './canonicalize-tool-arguments';
import { parseToolArguments } from './parse-tool-arguments';
import { sanitizeSurrogates } from './sanitize-surrogates';

const RUNS = 2_500;

const isPlainObject = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const syntaxToken = fc.constantFrom(
  '{', '}', '[', ']', '(', ')', '"', "'", ',', ':', '\\', '\n', ' ', 'a', '1', '.', '-', '_', 'e', 'x',
  'True', 'None', 'null', '```', 'json', '\uD800', '\uDC00', '😀', 'r',
);

/** Raw argument payloads: arbitrary unicode, lone surrogates, near-JSON token soup, truncated JSON, Python-ish dicts. */
const payload = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: anyCodeUnit }),
  fc.string({ unit: syntaxToken, maxLength: 40 }),
  fc.tuple(fc.json(), fc.nat()).map(([json, cut]) => json.slice(0, json.length === 0 ? 0 : cut % (json.length + 1))),
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())).map((o) =>
    `{${Object.entries(o)
      .map(([k, v]) => `${JSON.stringify(k).replace(/^"|"$/g, "'")}: ${typeof v === 'boolean' ? (v ? 'True' : 'False') : JSON.stringify(v)}`)
      .join(', ')}}`,
  ),
);

describe('normalizer properties', () => {
  it('canonicalizeToolArguments never throws and always yields JSON of a plain object', () => {
    fc.assert(
      fc.property(fc.oneof(payload, fc.anything()), (raw) => {
        const out = canonicalizeToolArguments(raw);
        expect(typeof out).toBe('string');
        expect(isPlainObject(JSON.parse(out))).toBe(true);
        expect(sanitizeSurrogates(out)).toBe(out);
      }),
      { numRuns: RUNS },
    );
  });

  it('canonicalizeToolArguments returns clean JSON objects byte-identical', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.constantFrom(0, 2), (object, indent) => {
        const raw = JSON.stringify(object, null, indent);
        expect(canonicalizeToolArguments(raw)).toBe(raw);
      }),
      { numRuns: RUNS },
    );
  });

  it('parseToolArguments returns a plain object or throws TOOL_ARGS_UNPARSEABLE', () => {
    fc.assert(
      fc.property(payload, fc.boolean(), (raw, allowBracketBalance) => {
        try {
          const { args, repairs } = parseToolArguments(raw, { allowBracketBalance });
          expect(isPlainObject(args)).toBe(true);
          expect(Array.isArray(repairs)).toBe(true);
        } catch (error) {
          expect(AgentaoError.isInstance(error)).toBe(true);
          expect((error as AgentaoError).code).toBe('TOOL_ARGS_UNPARSEABLE');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('parseToolArguments reads any JSON object exactly, with no repair', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const raw = JSON.stringify(object);
        const { args, repairs } = parseToolArguments(raw);
        expect(JSON.stringify(args)).toBe(raw);
        expect(repairs).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('sanitizeSurrogates matches String.prototype.toWellFormed', () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCodeUnit }), (text) => {
        expect(sanitizeSurrogates(text)).toBe((text as unknown as { toWellFormed(): string }).toWellFormed());
      }),
      { numRuns: RUNS },
    );
  });
});
