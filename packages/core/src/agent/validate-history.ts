import { AgentaoError } from '../errors';
import { type AssistantMessage, type ChatMessage, type ToolCallWire } from '../messages';
import { backfillOrphanedToolCalls } from '../normalizer/backfill-orphaned-tool-calls';
import { sanitizeSurrogates } from '../normalizer/sanitize-surrogates';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(index: number, why: string): AgentaoError {
  return new AgentaoError('CONFIG_INVALID', `messages[${index}]: ${why}`);
}

function checkToolCalls(index: number, calls: unknown): ToolCallWire[] {
  if (!Array.isArray(calls)) throw invalid(index, 'tool_calls must be an array');
  return calls.map((call: unknown, position) => {
    const fn = isRecord(call) ? call.function : undefined;
    if (!isRecord(call) || typeof call.id !== 'string' || call.id.length === 0 || call.type !== 'function' || !isRecord(fn)) {
      throw invalid(index, `tool_calls[${position}] must be { id: non-empty string, type: "function", function: { name, arguments } }`);
    }
    if (typeof fn.name !== 'string' || typeof fn.arguments !== 'string') {
      throw invalid(index, `tool_calls[${position}].function needs string name and arguments`);
    }
    return { ...call, function: { ...fn } } as ToolCallWire;
  });
}

/** Validates and copies resumed history; pairs every call before the first turn. Throws `CONFIG_INVALID` naming the index. */
export function validateHistory(value: unknown): ChatMessage[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new AgentaoError('CONFIG_INVALID', 'messages must be an array');
  const copy: ChatMessage[] = [];
  let openCalls: Map<string, string> | null = null;
  value.forEach((message: unknown, index) => {
    if (!isRecord(message)) throw invalid(index, 'must be an object');
    switch (message.role) {
      case 'system':
        throw new AgentaoError('CONFIG_INVALID', `messages[${index}]: system messages are not accepted; use instructions`);
      case 'user': {
        const content = message.content;
        const ok =
          typeof content === 'string' ||
          (Array.isArray(content) && content.every((part) => isRecord(part) && part.type === 'text' && typeof part.text === 'string'));
        if (!ok) throw invalid(index, 'user content must be a string or an array of { type: "text", text } parts');
        copy.push({ role: 'user', content: typeof content === 'string' ? content : content.map((part) => ({ ...(part as object) })) } as ChatMessage);
        openCalls = null;
        return;
      }
      case 'assistant': {
        if (message.content !== null && typeof message.content !== 'string') throw invalid(index, 'assistant content must be a string or null');
        if (message.reasoning_content !== undefined && typeof message.reasoning_content !== 'string') {
          throw invalid(index, 'reasoning_content must be a string');
        }
        const entry: AssistantMessage = { role: 'assistant', content: message.content };
        if (message.tool_calls !== undefined) entry.tool_calls = checkToolCalls(index, message.tool_calls);
        if (typeof message.reasoning_content === 'string') entry.reasoning_content = message.reasoning_content;
        openCalls = new Map((entry.tool_calls ?? []).map((call) => [call.id, call.function.name]));
        copy.push(entry);
        return;
      }
      case 'tool': {
        if (typeof message.tool_call_id !== 'string') throw invalid(index, 'tool_call_id must be a string');
        if (typeof message.content !== 'string') throw invalid(index, 'tool content must be a string');
        const callName = openCalls?.get(message.tool_call_id);
        if (callName === undefined) throw invalid(index, `tool_call_id '${message.tool_call_id}' answers no call of the preceding assistant message`);
        const name = typeof message.name === 'string' && message.name.length > 0 ? message.name : callName;
        copy.push({ role: 'tool', tool_call_id: message.tool_call_id, name, content: message.content });
        return;
      }
      default:
        throw invalid(index, `unknown role ${JSON.stringify(message.role) ?? String(message.role)}`);
    }
  });
  const clean = sanitizeSurrogates(copy);
  backfillOrphanedToolCalls(clean);
  return clean;
}
