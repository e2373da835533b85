import { AgentaoError } from '../errors';
import { type LLMResponse } from '../llm/llm-client';
import { type AssistantMessage, type ToolMessage } from '../messages';
import {
  MSG_MAX_ITERATIONS,
  MSG_NO_RESPONSE,
  MSG_NO_TEXT_RESPONSE,
  MSG_DOOM_LOOP_FINAL,
  MSG_LENGTH_ABORT_FINAL,
  MSG_LENGTH_TRUNCATED_CALL,
  msgLlmApiError,
} from '../model-messages';
import { canonicalizeToolArguments } from '../normalizer/canonicalize-tool-arguments';
import { LENGTH_TRUNCATION_ABORT_THRESHOLD } from '../normalizer/constants';
import { type NormalizedToolCall, normalizeToolCalls } from '../normalizer/normalize-tool-calls';
import { parseToolArguments } from '../normalizer/parse-tool-arguments';
import { sanitizeSurrogates } from '../normalizer/sanitize-surrogates';
import { runBatch } from '../execution/run-batch';
import { type PendingToolCall } from '../transport/transport';
import { callLLM, toolsHash } from './call-llm';
import { throwIfCancelled } from './cancellation';
import { dateReminder } from './date-reminder';
import { emitEvent } from './emit-event';
import { buildSystemPrompt } from './system-prompt';
import { type TurnState } from './turn-state';

/** Reasoning kept in history is cut to this many characters (plus `...`). */
export const MAX_REASONING_HISTORY_CHARS = 500;

/** `length`, `max_tokens` or `model_length`, in any case and padding. */
export function isLengthTruncation(finishReason: string | null | undefined): boolean {
  if (typeof finishReason !== 'string') return false;
  const reason = finishReason.trim().toLowerCase();
  return reason === 'length' || reason === 'max_tokens' || reason === 'model_length';
}

function withReasoning(message: AssistantMessage, reasoning: string | null): AssistantMessage {
  if (typeof reasoning !== 'string' || reasoning === '') return message;
  const kept = reasoning.length > MAX_REASONING_HISTORY_CHARS ? `${reasoning.slice(0, MAX_REASONING_HISTORY_CHARS)}...` : reasoning;
  return { ...message, reasoning_content: kept };
}

/** The last tool-call reply, remembered for the iteration cap. */
interface LastReply {
  text: string;
  reasoning: string | null;
}

function append(state: TurnState, message: AssistantMessage | ToolMessage): void {
  state.internals.history.push(sanitizeSurrogates(message));
}

function finalize(state: TurnState, text: string, reason: TurnState['incompleteReason'], reasoning: string | null = null): string {
  append(state, withReasoning({ role: 'assistant', content: text }, reasoning));
  state.incompleteReason = reason;
  return text;
}

/** Normalises a tool-call reply, emits `thinking`, records the assistant message; returns the cleaned calls. */
function recordToolCallReply(state: TurnState, response: LLMResponse): NormalizedToolCall[] {
  const { agent, internals } = state;
  const calls = normalizeToolCalls(response.toolCalls, agent.tools.names(), internals.logger);
  if (typeof response.reasoningContent === 'string' && response.reasoningContent !== '') {
    emitEvent(agent, { type: 'thinking', text: response.reasoningContent });
  }
  const text = response.content ?? '';
  if (text.trim() !== '') emitEvent(agent, { type: 'thinking', text: text.trim() });
  const toolCalls = calls.map((call) => {
    const canonical = canonicalizeToolArguments(call.rawArguments);
    if (canonical === '{}' && call.rawArguments.trim() !== '{}' && !parsesWithBalance(call.rawArguments)) {
      internals.logger.warn(
        `Tool '${call.wire.function.name}': arguments were unparseable and were replaced by {} in history to keep the session valid`,
      );
    }
    return canonical === call.wire.function.arguments ? call.wire : { ...call.wire, function: { ...call.wire.function, arguments: canonical } };
  });
  append(state, withReasoning({ role: 'assistant', content: text, tool_calls: toolCalls }, response.reasoningContent));
  state.toolCount += calls.length;
  return calls;
}

function parsesWithBalance(raw: string): boolean {
  try {
    parseToolArguments(raw, { allowBracketBalance: true });
    return true;
  } catch {
    return false;
  }
}

function pendingOf(state: TurnState): PendingToolCall[] {
  const last = state.internals.history.findLast((message) => message.role === 'assistant');
  return (last?.role === 'assistant' ? (last.tool_calls ?? []) : []).map((call) => ({ name: call.function.name, args: call.function.arguments }));
}

function finalReply(state: TurnState, response: LLMResponse): string {
  const content = response.content ?? '';
  const reasoning = response.reasoningContent;
  const hasReasoning = typeof reasoning === 'string' && reasoning !== '';
  const truncated = isLengthTruncation(response.finishReason);
  if (content.trim() === '') {
    const marker = hasReasoning ? MSG_NO_TEXT_RESPONSE : MSG_NO_RESPONSE;
    return finalize(state, marker, truncated ? 'length_truncated' : hasReasoning ? 'reasoning_only' : 'no_output', reasoning);
  }
  return finalize(state, content, truncated ? 'length_truncated' : null, reasoning);
}

/** Runs the iteration loop of one turn (core.md §5.5–§5.11) and returns its final text. */
export async function runIterations(state: TurnState, userMessage: string): Promise<string> {
  const { agent, internals, signal } = state;
  internals.history.push({ role: 'user', content: dateReminder() + userMessage });
  state.systemPrompt = buildSystemPrompt(agent);
  state.tools = agent.tools.toOpenAIFormat({ planMode: false });
  state.toolsHash = toolsHash(state.tools.map((tool) => tool.function.name));
  let iteration = 0;
  let lastReply: LastReply | null = null;
  for (;;) {
    if (iteration >= state.maxIterations) {
      const action = state.maxIterations === 0 ? { action: 'stop' as const } : await askAtCap(state);
      if (action.action === 'continue' || action.action === 'new_instruction') {
        if (action.action === 'new_instruction' && typeof action.message === 'string' && action.message !== '') {
          internals.history.push({ role: 'user', content: action.message });
        }
        iteration = 0;
        continue;
      }
      const text = lastReply !== null && lastReply.text.trim() !== '' ? lastReply.text : MSG_MAX_ITERATIONS;
      return finalize(state, text, 'max_iterations', lastReply?.reasoning ?? null);
    }
    iteration += 1;
    if (internals.notices.length > 0) {
      const notes = internals.notices.splice(0).join('\n');
      internals.history.push({ role: 'user', content: `<system-reminder>\nBackground agent update:\n${notes}\n</system-reminder>` });
    }
    throwIfCancelled(signal);
    emitEvent(agent, { type: 'turn_start' });
    let response: LLMResponse;
    try {
      response = await callLLM(state);
    } catch (error) {
      if (signal.aborted) throw error;
      if (AgentaoError.isInstance(error) && error.code === 'CONFIG_INVALID') throw error;
      return finalize(state, msgLlmApiError(error instanceof Error ? error.message : String(error)), 'llm_error');
    }
    if (response.finishReason === null || response.finishReason === '') state.finishReasonMissing = true;
    const rawCalls = Array.isArray(response.toolCalls) ? response.toolCalls : [];
    if (rawCalls.length === 0) {
      state.consecutiveTruncations = 0;
      return finalReply(state, response);
    }
    const calls = recordToolCallReply(state, { ...response, toolCalls: rawCalls });
    lastReply = { text: (response.content ?? '').trim(), reasoning: response.reasoningContent };
    if (isLengthTruncation(response.finishReason)) {
      state.consecutiveTruncations += 1;
      for (const call of calls) {
        append(state, { role: 'tool', tool_call_id: call.wire.id, name: call.wire.function.name, content: MSG_LENGTH_TRUNCATED_CALL });
      }
      if (state.consecutiveTruncations >= LENGTH_TRUNCATION_ABORT_THRESHOLD) {
        return finalize(state, lastReply.text !== '' ? lastReply.text : MSG_LENGTH_ABORT_FINAL, 'length_truncated');
      }
      continue;
    }
    state.consecutiveTruncations = 0;
    const batch = await runBatch(state, calls);
    for (const message of batch.toolMessages) append(state, message);
    if (batch.doomTriggered) return finalize(state, lastReply.text !== '' ? lastReply.text : MSG_DOOM_LOOP_FINAL, 'doom_loop');
    throwIfCancelled(signal);
    if (batch.endTurn !== null) {
      state.incompleteReason = null;
      return batch.endTurn;
    }
  }
}

async function askAtCap(state: TurnState): Promise<{ action: 'continue' | 'stop' | 'new_instruction'; message?: unknown }> {
  const transport = state.internals.transport;
  if (typeof transport.onMaxIterations !== 'function') return { action: 'stop' };
  const answer: unknown = await transport.onMaxIterations(state.maxIterations, pendingOf(state));
  const action = (answer as { action?: unknown } | null)?.action;
  if (action === 'continue') return { action };
  if (action === 'new_instruction') return { action, message: (answer as { message?: unknown }).message };
  return { action: 'stop' };
}
