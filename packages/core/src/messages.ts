import { type JsonSchema } from './json-schema';

/** One tool call as it travels on the wire (`tool_calls[]` of an assistant message). */
export interface ToolCallWire {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
  /** Provider extras (e.g. `extra_content`) are kept and written back unchanged. */
  [extra: string]: unknown;
}

/** A text part of a user message. */
export interface TextContentPart {
  type: 'text';
  text: string;
}

/** A user message in OpenAI shape. */
export interface UserMessage {
  role: 'user';
  content: string | TextContentPart[];
}

/** An assistant message in OpenAI shape. */
export interface AssistantMessage {
  role: 'assistant';
  content: string | null;
  tool_calls?: ToolCallWire[];
  reasoning_content?: string;
}

/** A tool result message: exactly these four keys. */
export interface ToolMessage {
  role: 'tool';
  tool_call_id: string;
  name: string;
  content: string;
}

/** The system prompt message; never stored in history. */
export interface SystemMessage {
  role: 'system';
  content: string;
}

/** Any history message (the system prompt is never stored). */
export type ChatMessage = UserMessage | AssistantMessage | ToolMessage;

/** Any message sent to the model. */
export type RequestMessage = SystemMessage | ChatMessage;

/** A function tool schema in Chat Completions shape. */
export interface ChatCompletionTool {
  type: 'function';
  function: { name: string; description: string; parameters: JsonSchema };
}
