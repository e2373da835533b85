import {
  AgentaoError,
  type ChatCompletionTool,
  type LLMClient,
  type LLMRequest,
  type LLMResponse,
  type RequestMessage,
  type ToolCallWire,
} from '@agentao/core';
import { resolveScriptStep, scriptedFinishReason, type ScriptedReply, type ScriptStep } from './scripted-reply';

/** One request `ScriptedLLM` received, deep-copied at the time of the call. */
export interface ScriptedCall {
  /** The messages as sent: the system prompt first, then history. */
  messages: RequestMessage[];
  tools: ChatCompletionTool[];
}

/** Message of the rejection when a request arrives after the last scripted reply. */
export function scriptExhaustedMessage(source: string, requestNumber: number, scripted: number): string {
  const replies = scripted === 1 ? '1 reply was' : `${scripted} replies were`;
  return `${source}: request #${requestNumber} has no scripted reply (${replies} scripted)`;
}

function abortError(signal: AbortSignal): AgentaoError {
  return new AgentaoError('CANCELLED', 'ScriptedLLM: request aborted', { cause: signal.reason });
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function httpErrorMessage(http: NonNullable<ScriptedReply['http']>): string {
  const body: unknown = http.body;
  const error: unknown = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const message: unknown = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  // Same shape as the openai SDK's APIError message: "<status> <message>".
  return typeof message === 'string' ? `${http.status} ${message}` : `${http.status} status code (scripted HTTP error)`;
}

/**
 * An in-process `LLMClient` that answers with scripted replies, in order, and records every request.
 * Running out of replies rejects with an error saying how many were scripted.
 */
export class ScriptedLLM implements LLMClient {
  /** Model name reported to the loop. */
  readonly model = 'scripted-llm';
  /** Every request received, in order, deep-copied (later mutation of history does not change it). */
  readonly calls: ScriptedCall[] = [];
  private readonly replies: readonly ScriptStep[];

  /** `replies` is copied; each is answered once, in order (a function step is called with the request). */
  constructor(replies: ScriptStep[]) {
    this.replies = [...replies];
  }

  /** Answers the next scripted reply; rejects on a scripted fault, an abort, or an empty script. */
  async complete(request: LLMRequest): Promise<LLMResponse> {
    const { signal } = request;
    this.calls.push({ messages: structuredClone(request.messages), tools: structuredClone(request.tools) });
    const index = this.calls.length - 1;
    const scripted = this.replies[index];
    if (scripted === undefined) {
      throw new AgentaoError('CONFIG_INVALID', scriptExhaustedMessage('ScriptedLLM', index + 1, this.replies.length));
    }
    const step = resolveScriptStep(scripted, { messages: this.calls[index]?.messages as unknown as Record<string, unknown>[] });
    if (signal.aborted) throw abortError(signal);
    if (step.delayMs !== undefined && step.delayMs > 0) await wait(step.delayMs, signal);
    if (step.error !== undefined) throw step.error;
    if (step.http !== undefined) throw new AgentaoError('INTERNAL', httpErrorMessage(step.http));
    if (step.cutAfterChunks !== undefined) {
      throw new AgentaoError('INTERNAL', `ScriptedLLM: stream cut after ${step.cutAfterChunks} chunks (scripted)`);
    }
    const text = step.text ?? '';
    if (text !== '') request.onTextChunk?.(text);
    if (signal.aborted) throw abortError(signal);
    const toolCalls: ToolCallWire[] = (step.toolCalls ?? []).map((call) => ({
      id: call.id,
      type: 'function',
      function: { name: call.name, arguments: call.arguments },
    }));
    return {
      content: text === '' ? null : text,
      toolCalls,
      reasoningContent: step.reasoning ?? null,
      finishReason: scriptedFinishReason(step),
      usage: step.usage === undefined ? null : { ...step.usage },
    };
  }
}
