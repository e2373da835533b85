import { type ChatMessage } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { agentToolName } from './agent-tool-name';
import { childUserMessage, parentContextBlock } from './parent-context';

describe('parent-context block (§6)', () => {
  it('renders each message kind and counts the messages considered', () => {
    const history: ChatMessage[] = [
      { role: 'user', content: 'old message beyond the window' },
      { role: 'user', content: [{ type: 'text', text: 'part one' }, { type: 'text', text: 'part two' }] },
      { role: 'assistant', content: 'a'.repeat(450) },
      { role: 'assistant', content: null, tool_calls: [{ id: '1', type: 'function', function: { name: 'glob', arguments: '{}' } }, { id: '2', type: 'function', function: { name: '', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: '1', name: 'glob', content: 't'.repeat(350) },
      { role: 'assistant', content: '' },
      ...Array.from({ length: 5 }, (_, i): ChatMessage => ({ role: 'user', content: `u${i}` })),
    ];
    const block = parentContextBlock(history);
    expect(block).toBe(
      [
        '[Parent conversation context (last 10 messages)]',
        '[user]: part one part two',
        `[assistant]: ${'a'.repeat(400)}`,
        '[assistant called: glob, ?]',
        `[tool/glob]: ${'t'.repeat(300)}`,
        '[user]: u0',
        '[user]: u1',
        '[user]: u2',
        '[user]: u3',
        '[user]: u4',
        '',
      ].join('\n'),
    );
    expect(childUserMessage(history, 'do it')).toBe(`${block}\n[Your Task]\ndo it`);
  });

  it('gives the bare task when there is nothing to show', () => {
    expect(parentContextBlock([])).toBeNull();
    expect(childUserMessage([{ role: 'assistant', content: '  ' }], 'task only')).toBe('task only');
    expect(childUserMessage([null as never], 'survives bad history')).toBe('survives bad history');
  });

  it('derives tool names from definition names', () => {
    expect(agentToolName('codebase-investigator')).toBe('agent_codebase_investigator');
    expect(agentToolName('a b/c.d')).toBe('agent_a_b_c_d');
    expect(agentToolName('é')).toBe('agent__');
  });
});
