import { randomUUID } from 'node:crypto';
import { type ScriptedToolCall } from './scripted-reply';

/** A fresh OpenAI-style call id: `call_` and 24 hex digits. */
export function freshCallId(): string {
  return `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
}

/**
 * Builds a scripted tool call. `id` is used verbatim when given (even ''), else a fresh `call_` id;
 * object `args` are JSON-encoded, string `args` sent verbatim (so malformed JSON can be scripted).
 */
export function toolCall(name: string, args: Record<string, unknown> | string, id?: string): ScriptedToolCall {
  return {
    id: id ?? freshCallId(),
    name,
    arguments: typeof args === 'string' ? args : JSON.stringify(args),
  };
}
