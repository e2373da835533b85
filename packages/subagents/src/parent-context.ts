import { type ChatMessage } from '@agentao/core';
import { PARENT_CONTEXT_MESSAGES, PARENT_CONTEXT_TEXT_CHARS, PARENT_CONTEXT_TOOL_CHARS } from './subagent-messages';

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter((part): part is { type: 'text'; text: string } => typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string')
    .map((part) => part.text)
    .join(' ');
}

function line(message: ChatMessage): string | null {
  const text = contentText(message.content);
  if (message.role === 'tool') return `[tool/${message.name ?? '?'}]: ${text.slice(0, PARENT_CONTEXT_TOOL_CHARS)}`;
  if ((message.role === 'user' || message.role === 'assistant') && text.trim() !== '') {
    return `[${message.role}]: ${text.slice(0, PARENT_CONTEXT_TEXT_CHARS)}`;
  }
  if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
    const names = message.tool_calls.map((call) => {
      const name: unknown = call?.function?.name;
      return typeof name === 'string' && name !== '' ? name : '?';
    });
    return `[assistant called: ${names.join(', ')}]`;
  }
  return null;
}

/** The `[Parent conversation context …]` block built from the parent's recent history (§6), or `null`. */
export function parentContextBlock(history: readonly ChatMessage[]): string | null {
  try {
    const recent = history.slice(-PARENT_CONTEXT_MESSAGES);
    const lines = recent.map(line).filter((entry): entry is string => entry !== null);
    if (lines.length === 0) return null;
    return `[Parent conversation context (last ${recent.length} messages)]\n${lines.join('\n')}\n`;
  } catch {
    // A malformed history must never stop the delegation; the child then works from the bare task.
    return null;
  }
}

/** The child's first user message: the parent-context block and the task, or the bare task (§6). */
export function childUserMessage(history: readonly ChatMessage[], task: string): string {
  const block = parentContextBlock(history);
  return block === null ? task : `${block}\n[Your Task]\n${task}`;
}
