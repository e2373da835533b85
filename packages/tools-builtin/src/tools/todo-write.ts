import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';
import { sessionStateOf } from '@agentao/core/internal';

import { type FileToolFacts } from '../file-tool-facts';

/** The statuses a todo item may have, in the order the summary counts them. */
export const TODO_STATUSES = Object.freeze(['pending', 'in_progress', 'completed'] as const);

/** The status of one todo item. */
export type TodoStatus = (typeof TODO_STATUSES)[number];

/** One item of the session's todo list. */
export interface TodoItem {
  content: string;
  status: TodoStatus;
}

/** How each status is shown in the echoed list. */
export const TODO_STATUS_MARKERS: Readonly<Record<TodoStatus, string>> = Object.freeze({
  completed: '[x]',
  in_progress: '[>]',
  pending: '[ ]',
});

/** Key of the list in the agent's session state. */
export const TODO_STATE_KEY = 'todo_write.todos';

/** Fixed prefixes and markers `todo_write` can return (checked by the description-facts test). */
export const TODO_WRITE_RESULT_MARKERS: readonly string[] = Object.freeze([
  'Todo list updated:',
  TODO_STATUS_MARKERS.completed,
  TODO_STATUS_MARKERS.in_progress,
  TODO_STATUS_MARKERS.pending,
  'Error: invalid arguments:',
]);

/** The facts manifest of `todo_write` (tools-builtin.md §7.1). */
export const TODO_WRITE_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({}),
  resultMarkers: TODO_WRITE_RESULT_MARKERS,
  requiredPhrases: Object.freeze(['replaces the whole list', 'echoed back', 'lasts for the session', ...TODO_STATUSES]),
  forbiddenPhrases: Object.freeze(['appends to the list', 'merged with the existing list']),
});

const count = (value: number): string => value.toLocaleString('en-US');

function parseTodos(value: unknown): TodoItem[] | string {
  if (!Array.isArray(value)) return 'todos must be an array of {content, status} objects';
  const items: TodoItem[] = [];
  for (const [index, item] of value.entries()) {
    const { content, status } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof content !== 'string') return `todos[${index}].content must be a string`;
    if (typeof status !== 'string' || !(TODO_STATUSES as readonly string[]).includes(status)) {
      return `todos[${index}].status must be one of ${TODO_STATUSES.map((s) => `"${s}"`).join(', ')}`;
    }
    items.push({ content, status: status as TodoStatus });
  }
  return items;
}

/** `todo_write`: replaces the session's todo list and echoes it back. */
export class TodoWriteTool extends Tool {
  readonly name = 'todo_write';
  // Read-only: it changes only session state, never files or processes (decision 13).
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  /** The model-facing description. */
  get description(): string {
    const [pending, inProgress, completed] = TODO_STATUSES;
    return [
      'Replace the session\'s todo list with the complete list you pass, to plan and track multi-step work. Use it when a task has several steps; update it as items start and finish.',
      'It replaces the whole list every time: send every item; items left out are removed.',
      `Each item has content (the task) and status, one of \`${pending}\` (shown \`${TODO_STATUS_MARKERS.pending}\`), \`${inProgress}\` (shown \`${TODO_STATUS_MARKERS.in_progress}\`) or \`${completed}\` (shown \`${TODO_STATUS_MARKERS.completed}\`).`,
      'The list is echoed back: `Todo list updated: <n> task(s) (<c> completed, <i> in progress, <p> pending)` followed by one line per item in order.',
      'The list lasts for the session (it is emptied when the conversation history is cleared) and changes nothing outside it. Invalid items give `Error: invalid arguments: <problem>`.',
    ].join('\n');
  }

  /** Parameter schema. */
  get parameters(): JsonSchema {
    return {
      type: 'object',
      properties: {
        todos: {
          type: 'array',
          description: 'The complete new list, in order.',
          items: {
            type: 'object',
            properties: {
              content: { type: 'string', description: 'The task.' },
              status: { type: 'string', enum: [...TODO_STATUSES], description: `One of ${TODO_STATUSES.join(', ')}.` },
            },
            required: ['content', 'status'],
            additionalProperties: false,
          },
        },
      },
      required: ['todos'],
      additionalProperties: false,
    };
  }

  /** Stores the list for the running agent's session and echoes it. */
  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const todos = parseTodos(args.todos);
    if (typeof todos === 'string') return `Error: invalid arguments: ${todos}`;
    sessionStateOf(ctx).set(TODO_STATE_KEY, todos);
    const tally = (status: TodoStatus): number => todos.filter((t) => t.status === status).length;
    const header =
      `Todo list updated: ${count(todos.length)} task(s) (${count(tally('completed'))} completed, ` +
      `${count(tally('in_progress'))} in progress, ${count(tally('pending'))} pending)`;
    return [header, ...todos.map((t) => `${TODO_STATUS_MARKERS[t.status]} ${t.content}`)].join('\n');
  }
}
