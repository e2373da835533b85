import { describe, expect, it } from 'vitest';
import { readCompletion } from './read-completion';
import { StreamAssembler } from './stream-assembler';

/** A chunk whose choice 0 carries `delta` (and optionally a finish reason). */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
  return { id: 'c', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

function calls(...toolCalls: Record<string, unknown>[]): Record<string, unknown> {
  return chunk({ tool_calls: toolCalls });
}

function assemble(chunks: unknown[]): ReturnType<StreamAssembler['result']> {
  const assembler = new StreamAssembler();
  for (const c of chunks) assembler.push(c);
  return assembler.result();
}

describe('StreamAssembler', () => {
  it('concatenates content, returns each delta for onTextChunk, and yields nulls when nothing came', () => {
    const assembler = new StreamAssembler();
    expect(assembler.result()).toEqual({ content: null, toolCalls: [], reasoningContent: null, finishReason: null, usage: null });
    expect(assembler.push(chunk({ role: 'assistant', content: '' }))).toBe('');
    expect(assembler.push(chunk({ content: 'Hel' }))).toBe('Hel');
    expect(assembler.push(chunk({ content: 'lo' }))).toBe('lo');
    expect(assembler.push(chunk({}, 'stop'))).toBe('');
    expect(assembler.result()).toMatchObject({ content: 'Hello', finishReason: 'stop' });
    expect(assembler.chunks).toBe(4);
  });

  it('collects reasoning from reasoning_content or reasoning, without doubling a chunk carrying both', () => {
    const result = assemble([
      chunk({ reasoning_content: 'a' }),
      chunk({ reasoning: 'b' }),
      chunk({ reasoning_content: 'c', reasoning: 'c' }),
    ]);
    expect(result.reasoningContent).toBe('abc');
  });

  it('accumulates tool calls per index and returns them in ascending index order', () => {
    const result = assemble([
      calls({ index: 1, id: 'call_b', type: 'function', function: { name: 'glob', arguments: '' } }),
      calls({ index: 0, id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{"p":' } }),
      calls({ index: 1, function: { arguments: '{"q":1}' } }),
      calls({ index: 0, function: { arguments: '"x"}' } }),
    ]);
    expect(result.toolCalls).toEqual([
      { id: 'call_a', type: 'function', function: { name: 'read_file', arguments: '{"p":"x"}' } },
      { id: 'call_b', type: 'function', function: { name: 'glob', arguments: '{"q":1}' } },
    ]);
  });

  it('reassembles arguments byte-exact even when fragments split a surrogate pair', () => {
    const args = '{"t":"日本 🚀 naïve \\"q\\" \\\\ 👩‍💻"}';
    const units = args.split('');
    const assembler = new StreamAssembler();
    assembler.push(calls({ index: 0, id: 'call_1', function: { name: 'write_file' } }));
    for (const unit of units) assembler.push(calls({ index: 0, function: { arguments: unit } }));
    expect(assembler.result().toolCalls[0]!.function.arguments).toBe(args);
  });

  it('continues an index-less delta on the call with the same id, else the most recent call', () => {
    const result = assemble([
      calls({ id: 'call_1', function: { name: 'read_file', arguments: '{"a"' } }),
      calls({ function: { arguments: ':1}' } }),
      calls({ id: 'call_2', function: { name: 'glob', arguments: '{"b"' } }),
      calls({ id: 'call_1', function: { arguments: '' } }),
      calls({ id: 'call_2', function: { arguments: ':2}' } }),
    ]);
    expect(result.toolCalls).toEqual([
      { id: 'call_1', type: 'function', function: { name: 'read_file', arguments: '{"a":1}' } },
      { id: 'call_2', type: 'function', function: { name: 'glob', arguments: '{"b":2}' } },
    ]);
  });

  it('continues index-less deltas after an indexed call, and places new index-less calls after it', () => {
    const result = assemble([
      calls({ index: 0, id: 'call_1', function: { name: 'a', arguments: '{' } }),
      calls({ function: { arguments: '}' } }),
      calls({ id: 'call_2', function: { name: 'b', arguments: '[]' } }),
    ]);
    expect(result.toolCalls.map((c) => [c.id, c.function.name, c.function.arguments])).toEqual([
      ['call_1', 'a', '{}'],
      ['call_2', 'b', '[]'],
    ]);
  });

  it('does not repeat a name the provider resends in full, but appends real name fragments', () => {
    const result = assemble([
      calls({ index: 0, id: 'call_1', function: { name: 'read_file', arguments: '{' } }),
      calls({ index: 0, function: { name: 'read_file', arguments: '}' } }),
      calls({ index: 0, function: { name: 'read_file' } }),
      calls({ index: 1, id: 'call_2', function: { name: 'search_' } }),
      calls({ index: 1, function: { name: 'file_content', arguments: '{}' } }),
    ]);
    expect(result.toolCalls.map((c) => c.function.name)).toEqual(['read_file', 'search_file_content']);
    expect(result.toolCalls[0]!.function.arguments).toBe('{}');
  });

  it('takes the first non-empty id, even when it arrives late', () => {
    const result = assemble([
      calls({ index: 0, id: '', function: { name: 'x', arguments: '{' } }),
      calls({ index: 0, function: { arguments: '}' } }),
      calls({ index: 0, id: 'call_late' }),
      calls({ index: 0, id: 'call_other' }),
    ]);
    expect(result.toolCalls).toEqual([{ id: 'call_late', type: 'function', function: { name: 'x', arguments: '{}' } }]);
  });

  it('lets an index-less call with no id yet take its late id instead of opening a new call', () => {
    const result = assemble([
      calls({ function: { name: 'x', arguments: '{"a":' } }),
      calls({ id: 'call_late', function: { arguments: '1}' } }),
    ]);
    expect(result.toolCalls).toEqual([{ id: 'call_late', type: 'function', function: { name: 'x', arguments: '{"a":1}' } }]);
  });

  it('keeps provider extras from the delta that carries them; a later null does not erase them', () => {
    const result = assemble([
      calls({ index: 0, id: 'call_1', type: 'function', function: { name: 'x', arguments: '' } }),
      calls({ index: 0, extra_content: { google: { thought_signature: 'sig==' } }, function: { arguments: '{}', thought_signature: 'fsig' } }),
      calls({ index: 0, extra_content: null, function: { arguments: '' } }),
    ]);
    expect(result.toolCalls).toEqual([
      {
        id: 'call_1',
        type: 'function',
        extra_content: { google: { thought_signature: 'sig==' } },
        function: { name: 'x', arguments: '{}', thought_signature: 'fsig' },
      },
    ]);
    expect(result.toolCalls[0]).not.toHaveProperty('index');
  });

  it('keeps an extra named __proto__ as plain data, never as the prototype of the call', () => {
    const wire = '{"index":0,"id":"call_1","__proto__":{"polluted":true},"function":{"name":"x","arguments":"{}","__proto__":{"deep":1}}}';
    const result = assemble([calls(JSON.parse(wire) as Record<string, unknown>)]);
    const call = result.toolCalls[0] as unknown as Record<string, unknown>;
    expect(Object.getPrototypeOf(call)).toBe(Object.prototype);
    expect(call.polluted).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(call, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.getOwnPropertyDescriptor(call.function, '__proto__')?.value).toEqual({ deep: 1 });
    expect(JSON.parse(JSON.stringify(call))).toMatchObject({ id: 'call_1', function: { name: 'x', arguments: '{}' } });
  });

  it('always reports type "function" and keeps a call that never got a name (the normalizer copes)', () => {
    const result = assemble([calls({ index: 0, type: 'something_else', function: { arguments: '{}' } })]);
    expect(result.toolCalls).toEqual([{ id: '', type: 'function', function: { name: '', arguments: '{}' } }]);
  });

  it('keeps the last non-null finish_reason and the usage chunk', () => {
    const result = assemble([
      { ...chunk({ content: 'a' }), usage: null },
      chunk({}, 'length'),
      chunk({}, null),
      { id: 'c', choices: [], usage: { prompt_tokens: 12, completion_tokens: 7, total_tokens: 19 } },
    ]);
    expect(result.finishReason).toBe('length');
    expect(result.usage).toEqual({ promptTokens: 12, completionTokens: 7 });
  });

  it('reads choice index 0 only', () => {
    const result = assemble([
      { choices: [{ index: 1, delta: { content: 'other' }, finish_reason: 'stop' }, { index: 0, delta: { content: 'mine' } }] },
    ]);
    expect(result.content).toBe('mine');
    expect(result.finishReason).toBeNull();
  });

  it('skips malformed chunks without throwing', () => {
    const assembler = new StreamAssembler();
    for (const bad of [null, 'text', 42, [], { choices: 'x' }, { choices: [null] }, chunk({ content: 5, tool_calls: 'x' }), calls(null as never, 'x' as never)]) {
      expect(assembler.push(bad)).toBe('');
    }
    expect(assembler.result()).toEqual({ content: null, toolCalls: [], reasoningContent: null, finishReason: null, usage: null });
  });
});

describe('readCompletion', () => {
  it('reads choices[0]: content, tool calls as sent (extras kept), reasoning, finish reason, usage', () => {
    const response = readCompletion({
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: {
            role: 'assistant',
            content: 'Calling.',
            reasoning: 'thinking',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'x', arguments: '{"a":1}' }, extra_content: { k: 1 } }],
          },
        },
      ],
      usage: { prompt_tokens: 3, completion_tokens: 4 },
    });
    expect(response).toEqual({
      content: 'Calling.',
      toolCalls: [{ id: 'call_1', type: 'function', function: { name: 'x', arguments: '{"a":1}' }, extra_content: { k: 1 } }],
      reasoningContent: 'thinking',
      finishReason: 'tool_calls',
      usage: { promptTokens: 3, completionTokens: 4 },
    });
  });

  it('prefers reasoning_content and tolerates a body without choices', () => {
    expect(readCompletion({ choices: [{ message: { content: null, reasoning_content: 'rc', reasoning: 'r' } }] }).reasoningContent).toBe('rc');
    expect(readCompletion({})).toEqual({ content: null, toolCalls: [], reasoningContent: null, finishReason: null, usage: null });
  });
});
