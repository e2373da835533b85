import { type ChatMessage } from '../messages';
import { MSG_ORPHANED_TOOL_CALL, UNKNOWN_TOOL_NAME } from '../model-messages';

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null;
}

function roleOf(message: unknown): unknown {
  return isObject(message) ? message.role : undefined;
}

/** Writes a field unless it already holds that value; a frozen object is left alone (malformed input never throws). */
function writeField(target: Loose, key: string, value: unknown): boolean {
  if (target[key] === value) return true;
  try {
    target[key] = value;
    return target[key] === value;
  } catch {
    return false;
  }
}

/** The recorded name of a call, writing `unknown` back into the call when it has none. */
function ensureCallName(call: Loose): string {
  let fn = call.function;
  if (!isObject(fn)) {
    fn = { name: UNKNOWN_TOOL_NAME, arguments: '{}' };
    writeField(call, 'function', fn);
  }
  const fnObject = fn as Loose;
  const existing = fnObject.name;
  if (typeof existing === 'string' && existing.trim() !== '') return existing;
  writeField(fnObject, 'name', UNKNOWN_TOOL_NAME);
  return UNKNOWN_TOOL_NAME;
}

/** Answers every unanswered tool call in place with a placeholder; returns how many it inserted. */
export function backfillOrphanedToolCalls(messages: ChatMessage[]): number {
  if (!Array.isArray(messages)) return 0;
  const list = messages as unknown[];
  let inserted = 0;
  for (let i = 0; i < list.length; i++) {
    const message = list[i];
    if (roleOf(message) !== 'assistant' || !isObject(message)) continue;
    const calls = message.tool_calls;
    if (!Array.isArray(calls)) continue;

    // Positional pairing: only results between this assistant message and the next one count,
    // because some providers reuse ids across replies.
    const answered = new Set<string>();
    for (let j = i + 1; j < list.length && roleOf(list[j]) !== 'assistant'; j++) {
      const candidate = list[j];
      if (isObject(candidate) && candidate.role === 'tool' && typeof candidate.tool_call_id === 'string') {
        answered.add(candidate.tool_call_id);
      }
    }
    let insertAt = i + 1;
    while (insertAt < list.length && roleOf(list[insertAt]) === 'tool') insertAt++;

    for (const call of calls as unknown[]) {
      if (!isObject(call)) continue;
      const id = call.id;
      if (typeof id !== 'string' || id === '' || answered.has(id)) continue;
      const name = ensureCallName(call);
      list.splice(insertAt, 0, { role: 'tool', tool_call_id: id, name, content: MSG_ORPHANED_TOOL_CALL });
      answered.add(id);
      insertAt++;
      inserted++;
    }
  }
  return inserted;
}
