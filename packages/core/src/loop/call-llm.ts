import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AgentaoError, errorMessage } from '../errors';
import { type LLMResponse } from '../llm/llm-client';
import { type RequestMessage } from '../messages';
import { compareOrdinal } from '../compare-ordinal';
import { emitEvent } from './emit-event';
import { type TurnState } from './turn-state';

/** LLM error messages in events are cut to this many characters. */
export const LLM_ERROR_SUMMARY_CHARS = 500;

/** First 16 hex chars of SHA-256 of the JSON of the sorted tool names. */
export function toolsHash(names: readonly string[]): string {
  const sorted = [...names].sort(compareOrdinal);
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16);
}

/** One LLM request with its `llm_call_started` / `llm_text` / `llm_call_completed` events; rejects as the client does. */
export async function callLLM(state: TurnState): Promise<LLMResponse> {
  const { internals, agent } = state;
  state.attempt += 1;
  const attempt = state.attempt;
  const messages: RequestMessage[] = [{ role: 'system', content: state.systemPrompt }, ...internals.history];
  const model = internals.modelOverride ?? internals.llm.model;
  emitEvent(agent, {
    type: 'llm_call_started',
    attempt,
    model,
    messageCount: messages.length,
    toolCount: state.tools.length,
    toolsHash: state.toolsHash,
  });
  const started = performance.now();
  let firstTokenMs: number | null = null;
  const elapsed = (): number => Math.round(performance.now() - started);
  try {
    const response = await internals.llm.complete({
      messages,
      tools: state.tools,
      signal: state.signal,
      onTextChunk: (chunk) => {
        if (typeof chunk !== 'string' || chunk === '') return;
        firstTokenMs ??= elapsed();
        emitEvent(agent, { type: 'llm_text', chunk });
      },
      ...(internals.modelOverride !== undefined ? { model: internals.modelOverride } : {}),
      ...(internals.temperatureOverride !== undefined ? { temperature: internals.temperatureOverride } : {}),
    });
    const reported = typeof response.finishReason === 'string' && response.finishReason !== '';
    emitEvent(agent, {
      type: 'llm_call_completed',
      attempt,
      status: 'ok',
      durationMs: elapsed(),
      firstTokenMs,
      finishReason: response.finishReason ?? null,
      finishReasonReported: reported,
      promptTokens: response.usage?.promptTokens ?? null,
      completionTokens: response.usage?.completionTokens ?? null,
      error: null,
    });
    return response;
  } catch (error) {
    emitEvent(agent, {
      type: 'llm_call_completed',
      attempt,
      status: state.signal.aborted ? 'cancelled' : 'error',
      durationMs: elapsed(),
      firstTokenMs,
      finishReason: null,
      finishReasonReported: false,
      promptTokens: null,
      completionTokens: null,
      error: errorMessage(error).slice(0, LLM_ERROR_SUMMARY_CHARS),
    });
    throw AgentaoError.isInstance(error) || error instanceof Error ? error : new AgentaoError('INTERNAL', errorMessage(error));
  }
}
