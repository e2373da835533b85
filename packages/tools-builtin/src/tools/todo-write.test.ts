import { Agentao, type LLMClient, type ToolMessage } from '@agentao/core';
import { AGENT_INTERNALS } from '@agentao/core/internal';
import { describe, expect, it } from 'vitest';

import { scriptedModel } from '../__fixtures__/scripted-model';
import { useTempWorkspace } from '../__fixtures__/use-temp-workspace';
import { TODO_STATE_KEY, TODO_STATUSES, TodoWriteTool } from './todo-write';

/** A model that makes one todo_write call per scripted list, one reply each, then says 'done'. */
function scripted(lists: unknown[]): LLMClient {
  return scriptedModel(lists.map((todos, i) => [{ id: `call_${i}`, name: 'todo_write', args: { todos } }]));
}

let dir = '';
useTempWorkspace((workspace) => {
  dir = workspace.dir;
}, { prefix: 'agentao-todo-' });

async function runLists(lists: unknown[], options: { readOnly?: boolean } = {}): Promise<{ agent: Agentao; results: string[] }> {
  const agent = new Agentao({ workingDirectory: dir, llm: scripted(lists), extraTools: [new TodoWriteTool()], ...options });
  await agent.chat('plan it');
  const results = agent.messages.filter((m): m is ToolMessage => m.role === 'tool').map((m) => m.content);
  return { agent, results };
}

const stored = (agent: Agentao): unknown => agent[AGENT_INTERNALS].sessionState.get(TODO_STATE_KEY);

describe('todo_write', () => {
  it('stores the list for the session and echoes it with counts and markers', async () => {
    const todos = [
      { content: 'Read the code', status: 'completed' },
      { content: 'Write the fix', status: 'in_progress' },
      { content: 'Run the tests', status: 'pending' },
      { content: 'Open a PR', status: 'pending' },
    ];
    const { agent, results } = await runLists([todos]);
    expect(results).toEqual([
      'Todo list updated: 4 task(s) (1 completed, 1 in progress, 2 pending)\n[x] Read the code\n[>] Write the fix\n[ ] Run the tests\n[ ] Open a PR',
    ]);
    expect(stored(agent)).toEqual(todos);
  });

  it('replaces the whole list on every call', async () => {
    const { agent, results } = await runLists([
      [
        { content: 'a', status: 'pending' },
        { content: 'b', status: 'pending' },
      ],
      [{ content: 'b', status: 'completed' }],
      [],
    ]);
    expect(results).toEqual([
      'Todo list updated: 2 task(s) (0 completed, 0 in progress, 2 pending)\n[ ] a\n[ ] b',
      'Todo list updated: 1 task(s) (1 completed, 0 in progress, 0 pending)\n[x] b',
      'Todo list updated: 0 task(s) (0 completed, 0 in progress, 0 pending)',
    ]);
    expect(stored(agent)).toEqual([]);
  });

  it('runs in read-only mode and is emptied by clearHistory()', async () => {
    const { agent, results } = await runLists([[{ content: 'x', status: 'in_progress' }]], { readOnly: true });
    expect(results).toEqual(['Todo list updated: 1 task(s) (0 completed, 1 in progress, 0 pending)\n[>] x']);
    agent.clearHistory();
    expect(stored(agent)).toBeUndefined();
  });

  it('formats large counts with thousands separators', async () => {
    const todos = Array.from({ length: 1200 }, (_, i) => ({ content: `t${i}`, status: 'pending' }));
    const { results } = await runLists([todos]);
    expect(results[0]?.split('\n')[0]).toBe('Todo list updated: 1,200 task(s) (0 completed, 0 in progress, 1,200 pending)');
  });

  it('answers invalid items with a clear error and keeps the old list', async () => {
    const tool = new TodoWriteTool();
    const ctx = {} as never;
    expect(await tool.execute({ todos: 'x' }, ctx)).toBe('Error: invalid arguments: todos must be an array of {content, status} objects');
    expect(await tool.execute({ todos: [{ content: 'a', status: 'done' }] }, ctx)).toBe(
      'Error: invalid arguments: todos[0].status must be one of "pending", "in_progress", "completed"',
    );
    expect(await tool.execute({ todos: [{ status: 'pending' }] }, ctx)).toBe('Error: invalid arguments: todos[0].content must be a string');
  });

  it('is read-only, needs no confirmation, and lists the three statuses in its schema', () => {
    const tool = new TodoWriteTool();
    expect(tool.isReadOnly).toBe(true);
    expect(tool.requiresConfirmation).toBe(false);
    expect(JSON.stringify(tool.parameters)).toContain(JSON.stringify([...TODO_STATUSES]));
  });
});
