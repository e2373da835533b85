import { type ToolCallWire } from '../messages';
import { type LLMResponse } from './llm-client';
import { fragmentText, isRecord, parseUsage } from './stream-assembler';

function readToolCall(raw: unknown): ToolCallWire | null {
  if (!isRecord(raw)) return null;
  const fn = isRecord(raw.function) ? raw.function : {};
  // Everything the provider sent is kept (extras are written back to history unchanged);
  // only the keys the wire shape requires are coerced to strings.
  return {
    ...raw,
    id: typeof raw.id === 'string' ? raw.id : '',
    type: 'function',
    function: { ...fn, name: fragmentText(fn.name), arguments: fragmentText(fn.arguments) },
  };
}

/** Reads a non-streamed `chat.completion` body (plain parsed JSON) from `choices[0]` into an `LLMResponse`. */
export function readCompletion(completion: unknown): LLMResponse {
  const body = isRecord(completion) ? completion : {};
  const choice: unknown = Array.isArray(body.choices) ? body.choices[0] : undefined;
  const choiceRecord = isRecord(choice) ? choice : {};
  const message = isRecord(choiceRecord.message) ? choiceRecord.message : {};
  const reasoning =
    typeof message.reasoning_content === 'string'
      ? message.reasoning_content
      : typeof message.reasoning === 'string'
        ? message.reasoning
        : null;
  const toolCalls = Array.isArray(message.tool_calls)
    ? (message.tool_calls as unknown[]).map(readToolCall).filter((call): call is ToolCallWire => call !== null)
    : [];
  return {
    content: typeof message.content === 'string' ? message.content : null,
    toolCalls,
    reasoningContent: reasoning,
    finishReason: typeof choiceRecord.finish_reason === 'string' ? choiceRecord.finish_reason : null,
    usage: parseUsage(body.usage),
  };
}
