import { type ChatCompletionTool, type RequestMessage, type ToolCallWire } from '../messages';

/** One model request. */
export interface LLMRequest {
  /** System message first, then history. */
  messages: RequestMessage[];
  /** The turn's schema snapshot; empty means no `tools` key is sent. */
  tools: ChatCompletionTool[];
  /** The turn signal; aborting it must reject the call. */
  signal: AbortSignal;
  /** Called with each content delta as it arrives; must not throw (errors are the caller's). */
  onTextChunk?(chunk: string): void;
  /** Per-request model override (sub-agents). */
  model?: string;
  /** Per-request temperature override (sub-agents). */
  temperature?: number;
}

/** Token counts reported by the provider. */
export interface LLMUsage {
  promptTokens: number;
  completionTokens: number;
}

/** One assembled model reply. */
export interface LLMResponse {
  content: string | null;
  /** Assembled OpenAI-shape calls; may be malformed (the normalizer copes). */
  toolCalls: ToolCallWire[];
  reasoningContent: string | null;
  /** Exactly as reported; `null` when none was sent. */
  finishReason: string | null;
  usage: LLMUsage | null;
}

/** What the loop needs from a model: one request in, one assembled reply out. */
export interface LLMClient {
  readonly model: string;
  /** Resolves with the reply, rejects on any failure or when `request.signal` aborts. */
  complete(request: LLMRequest): Promise<LLMResponse>;
}

/** True when `value` looks like an `LLMClient` (an object with a `complete` function). */
export function isLLMClient(value: unknown): value is LLMClient {
  return typeof value === 'object' && value !== null && typeof (value as { complete?: unknown }).complete === 'function';
}
