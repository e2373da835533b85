import { describe, expect, it } from 'vitest';
import { type ChatMessage } from '../messages';
import { MSG_ORPHANED_TOOL_CALL } from '../model-messages';
import { backfillOrphanedToolCalls } from './backfill-orphaned-tool-calls';

const call = (id: string, name = 'read_file') => ({
  id,
  type: 'function' as const,
  function: { name, arguments: '{}' },
});
const result = (id: string, name = 'read_file'): ChatMessage => ({ role: 'tool', tool_call_id: id, name, content: 'ok' });
const placeholder = (id: string, name = 'read_file'): ChatMessage => ({
  role: 'tool',
  tool_call_id: id,
  name,
  content: MSG_ORPHANED_TOOL_CALL,
});

describe('backfillOrphanedToolCalls', () => {
  it('is a no-op on intact history', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '', tool_calls: [call('a')] },
      result('a'),
      { role: 'assistant', content: 'done' },
    ];
    const before = structuredClone(history);
    expect(backfillOrphanedToolCalls(history)).toBe(0);
    expect(history).toEqual(before);
  });

  it('answers every missing call right after the assistant message', () => {
    const history: ChatMessage[] = [
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b', 'glob')] },
      { role: 'user', content: 'next' },
    ];
    expect(backfillOrphanedToolCalls(history)).toBe(2);
    expect(history).toEqual([
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b', 'glob')] },
      placeholder('a'),
      placeholder('b', 'glob'),
      { role: 'user', content: 'next' },
    ]);
  });

  it('fills only the missing ids of a partly answered batch, after the existing results', () => {
    const history: ChatMessage[] = [
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b'), call('c')] },
      result('b'),
      { role: 'assistant', content: 'after' },
    ];
    expect(backfillOrphanedToolCalls(history)).toBe(2);
    expect(history.map((m) => (m.role === 'tool' ? `${m.tool_call_id}:${m.content === 'ok' ? 'ok' : 'M12'}` : m.role))).toEqual([
      'assistant',
      'b:ok',
      'a:M12',
      'c:M12',
      'assistant',
    ]);
  });

  it('pairs positionally: a result of an earlier reply does not answer a reused id', () => {
    const history: ChatMessage[] = [
      { role: 'assistant', content: '', tool_calls: [call('x')] },
      result('x'),
      { role: 'assistant', content: '', tool_calls: [call('x')] },
    ];
    expect(backfillOrphanedToolCalls(history)).toBe(1);
    expect(history[3]).toEqual(placeholder('x'));
  });

  it('names a nameless call unknown on both sides and answers a duplicate id once', () => {
    const odd = { id: 'n', type: 'function', function: { name: '  ', arguments: '{}' } };
    const noFunction = { id: 'f', type: 'function' };
    const history = [
      { role: 'assistant', content: '', tool_calls: [odd, noFunction, call('d'), call('d')] },
    ] as unknown as ChatMessage[];
    expect(backfillOrphanedToolCalls(history)).toBe(3);
    expect(odd.function.name).toBe('unknown');
    expect(noFunction).toEqual({ id: 'f', type: 'function', function: { name: 'unknown', arguments: '{}' } });
    expect(history.slice(1)).toEqual([placeholder('n', 'unknown'), placeholder('f', 'unknown'), placeholder('d')]);
  });

  it('ignores malformed input without throwing', () => {
    const history = [
      null,
      'text',
      { role: 'assistant', content: '', tool_calls: 'nope' },
      { role: 'assistant', content: '', tool_calls: [null, 'str', 7, { id: '' }, { id: 5 }, { function: {} }] },
      { role: 'assistant', content: '', tool_calls: [Object.freeze({ id: 'z', function: Object.freeze({ name: '' }) })] },
    ] as unknown as ChatMessage[];
    expect(() => backfillOrphanedToolCalls(history)).not.toThrow();
    expect(history).toHaveLength(6);
    expect(history[5]).toEqual(placeholder('z', 'unknown'));
    expect(backfillOrphanedToolCalls('nope' as unknown as ChatMessage[])).toBe(0);
  });

  it('is idempotent', () => {
    const history: ChatMessage[] = [
      { role: 'assistant', content: '', tool_calls: [call('a'), call('b')] },
      result('a'),
      { role: 'assistant', content: '', tool_calls: [call('c')] },
    ];
    expect(backfillOrphanedToolCalls(history)).toBe(2);
    const once = structuredClone(history);
    expect(backfillOrphanedToolCalls(history)).toBe(0);
    expect(history).toEqual(once);
  });
});
