import { describe, expect, it } from 'vitest';
import { type Logger } from '../logger';
import { normalizeToolCalls } from './normalize-tool-calls';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const REGISTERED = ['read_file', 'getOrders'];

function capture(): { logger: Logger; warnings: string[] } {
  const warnings: string[] = [];
  const noop = (): void => undefined;
  return { warnings, logger: { debug: noop, info: noop, error: noop, warn: (m: string) => warnings.push(m) } };
}

describe('normalizeToolCalls', () => {
  it('returns an empty list for no calls', () => {
    expect(normalizeToolCalls([], REGISTERED, capture().logger)).toEqual([]);
  });

  it('returns an unchanged call as the same (possibly frozen) object', () => {
    const call = Object.freeze({
      id: 'call_1',
      type: 'function',
      function: Object.freeze({ name: 'read_file', arguments: '{"path": "a"}' }),
    });
    const [out] = normalizeToolCalls([call], REGISTERED, capture().logger);
    expect(out?.wire).toBe(call);
    expect(out).toMatchObject({ rawArguments: '{"path": "a"}', blank: false, originalName: 'read_file' });
  });

  it('mints a UUID for a missing or blank id and keeps other ids verbatim (untrimmed)', () => {
    const calls = [
      { type: 'function', function: { name: 'read_file', arguments: '{}' } },
      { id: '  ', type: 'function', function: { name: 'read_file', arguments: '{}' } },
      { id: ' keep ', type: 'function', function: { name: 'read_file', arguments: '{}' } },
    ];
    const out = normalizeToolCalls(calls, REGISTERED, capture().logger);
    expect(out[0]?.wire.id).toMatch(UUID);
    expect(out[1]?.wire.id).toMatch(UUID);
    expect(out[2]?.wire.id).toBe(' keep ');
  });

  it('re-mints a duplicate id within one reply and warns', () => {
    const { logger, warnings } = capture();
    const calls = [
      { id: 'dup', type: 'function', function: { name: 'read_file', arguments: '{}' } },
      { id: 'dup', type: 'function', function: { name: 'read_file', arguments: '{"x":1}' } },
    ];
    const out = normalizeToolCalls(calls, REGISTERED, logger);
    expect(out[0]?.wire).toBe(calls[0]);
    expect(out[1]?.wire.id).toMatch(UUID);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('dup');
  });

  it('repairs a name against the registered names, logs it and keeps extras', () => {
    const { logger, warnings } = capture();
    const call = {
      id: 'c',
      type: 'function',
      extra_content: { google: { thought_signature: 'sig' } },
      function: { name: 'GetOrdersTool', arguments: '{}', provider_extra: 1 },
    };
    const [out] = normalizeToolCalls([call], REGISTERED, logger);
    expect(out?.wire).toEqual({
      id: 'c',
      type: 'function',
      extra_content: { google: { thought_signature: 'sig' } },
      function: { name: 'getOrders', arguments: '{}', provider_extra: 1 },
    });
    expect(out?.originalName).toBe('GetOrdersTool');
    expect(call.function.name).toBe('GetOrdersTool');
    expect(warnings).toEqual(["Tool name 'GetOrdersTool' repaired to 'getOrders'"]);
  });

  it('leaves an unknown or merely similar name alone', () => {
    const { logger, warnings } = capture();
    const [out] = normalizeToolCalls([{ id: 'c', type: 'function', function: { name: 'read_fil', arguments: '' } }], REGISTERED, logger);
    expect(out?.wire.function.name).toBe('read_fil');
    expect(warnings).toEqual([]);
  });

  it('records a blank name as unknown but flags it blank', () => {
    const [out] = normalizeToolCalls([{ id: 'c', type: 'function', function: { name: ' ', arguments: '{}' } }], ['unknown'], capture().logger);
    expect(out?.wire.function.name).toBe('unknown');
    expect(out?.blank).toBe(true);
  });

  it('cleans lone surrogates in id, name and arguments without canonicalising', () => {
    const [out] = normalizeToolCalls(
      [{ id: 'i\uD800', type: 'function', function: { name: 'read_file\uDC00', arguments: "{'a': 'x\uD800'}" } }],
      ['read_file\uFFFD'],
      capture().logger,
    );
    expect(out?.wire.id).toBe('i\uFFFD');
    // A name outside OpenAI's charset is recorded as a wire-safe stand-in and never looked up.
    expect(out?.wire.function.name).toBe('read_file_');
    expect(out?.invalidName).toBe(true);
    expect(out?.rawArguments).toBe("{'a': 'x\uFFFD'}");
    expect(out?.wire.function.arguments).toBe("{'a': 'x\uFFFD'}");
  });

  it('copes with malformed calls', () => {
    const out = normalizeToolCalls([null, 'x', { id: 'a' }, { id: 'b', function: { name: 'read_file', arguments: { p: 1 } } }], REGISTERED, capture().logger);
    expect(out).toHaveLength(4);
    expect(out[0]).toMatchObject({ blank: true, rawArguments: '', wire: { type: 'function', function: { name: 'unknown', arguments: '' } } });
    expect(out[3]?.rawArguments).toBe('{"p":1}');
    expect(out[3]?.wire.type).toBe('function');
  });
});
