/** One scripted tool call; `arguments` is sent verbatim as `function.arguments`. */
export interface ScriptedToolCall {
  id: string;
  name: string;
  arguments: string;
}

/** One scripted model reply (or fault) for `ScriptedLLM` and `startMockOpenAI`. */
export interface ScriptedReply {
  /** Assistant content ('' or absent = none). */
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Default 'tool_calls' when `toolCalls` is non-empty, else 'stop'; `null` = the provider sent none. */
  finishReason?: string | null;
  /** Sent as `reasoning_content`. */
  reasoning?: string;
  usage?: { promptTokens: number; completionTokens: number };
  /** `ScriptedLLM`: the call rejects with it. `startMockOpenAI`: answered as HTTP 500 with its message. */
  error?: Error;
  /**
   * `startMockOpenAI`: answer with this HTTP error instead (default body: an OpenAI-shaped error).
   * `retry-after-ms: 1` is sent unless `headers` says otherwise, so SDK retries do not back off for seconds.
   * `ScriptedLLM`: the call rejects with an error naming the status.
   */
  http?: { status: number; body?: unknown; headers?: Record<string, string> };
  /** `startMockOpenAI` (SSE): destroy the connection after N chunks. `ScriptedLLM`: the call rejects. */
  cutAfterChunks?: number;
  /** Wait this long before answering. */
  delayMs?: number;
  /** `startMockOpenAI` (SSE): wait this long between chunks (to test cancellation mid-stream). */
  chunkDelayMs?: number;
}

/** What a computed step sees: the messages of the request it answers (system prompt first), as sent on the wire. */
export interface ScriptedRequest {
  messages: readonly Record<string, unknown>[];
}

/**
 * One step of a script: a fixed reply, or a function that computes the reply from the request it
 * answers (e.g. to report what a tool really returned, or to branch on a declined confirmation).
 */
export type ScriptStep = ScriptedReply | ((request: ScriptedRequest) => ScriptedReply);

/** The reply of `step` for `request`: the step itself, or what its function returns. */
export function resolveScriptStep(step: ScriptStep, request: ScriptedRequest): ScriptedReply {
  return typeof step === 'function' ? step(request) : step;
}

/** The finish reason a reply reports: its own, else 'tool_calls' when it has calls, else 'stop'. */
export function scriptedFinishReason(step: ScriptedReply): string | null {
  if (step.finishReason !== undefined) return step.finishReason;
  return step.toolCalls !== undefined && step.toolCalls.length > 0 ? 'tool_calls' : 'stop';
}
