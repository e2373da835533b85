import { scriptedFinishReason, type ScriptedReply } from './scripted-reply';

/** Minimum number of SSE chunks a long enough text is split into. */
export const MIN_TEXT_PIECES = 3;
/** Minimum number of SSE chunks long enough tool-call arguments are split into. */
export const MIN_ARGUMENT_PIECES = 5;
/** Pieces grow past the minimum count so that none is longer than this many code points. */
const MAX_PIECE_CODE_POINTS = 16;

/** What every chunk and completion of one response shares. */
export interface MockResponseMeta {
  id: string;
  created: number;
  model: string;
  /** Token counts used when the step scripts none. */
  defaultPromptTokens: number;
}

type Json = Record<string, unknown>;

/**
 * Splits `text` into at least `minPieces` pieces (fewer only when it has fewer code points), never
 * inside a surrogate pair, so reassembly must concatenate fragments exactly.
 */
export function splitText(text: string, minPieces: number): string[] {
  const points = Array.from(text);
  if (points.length === 0) return [];
  const count = Math.min(points.length, Math.max(minPieces, Math.ceil(points.length / MAX_PIECE_CODE_POINTS)));
  const pieces: string[] = [];
  for (let i = 0; i < count; i++) {
    const start = Math.floor((i * points.length) / count);
    const end = Math.floor(((i + 1) * points.length) / count);
    pieces.push(points.slice(start, end).join(''));
  }
  return pieces;
}

function usageOf(step: ScriptedReply, meta: MockResponseMeta): Json {
  const produced = (step.text ?? '') + (step.reasoning ?? '') + (step.toolCalls ?? []).map((c) => c.name + c.arguments).join('');
  const promptTokens = step.usage?.promptTokens ?? meta.defaultPromptTokens;
  const completionTokens = step.usage?.completionTokens ?? Math.ceil(produced.length / 4);
  return { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens };
}

/** The `chat.completion` body answering `step` without streaming. */
export function buildCompletion(step: ScriptedReply, meta: MockResponseMeta): Json {
  const text = step.text ?? '';
  const calls = step.toolCalls ?? [];
  const message: Json = { role: 'assistant', content: text === '' ? null : text, refusal: null };
  if (step.reasoning !== undefined) message.reasoning_content = step.reasoning;
  if (calls.length > 0) {
    message.tool_calls = calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: c.arguments } }));
  }
  return {
    id: meta.id,
    object: 'chat.completion',
    created: meta.created,
    model: meta.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: scriptedFinishReason(step) }],
    usage: usageOf(step, meta),
    system_fingerprint: null,
  };
}

/**
 * The `chat.completion.chunk` objects answering `step` over SSE, in order: role, reasoning pieces,
 * content pieces, each tool call (a first delta with index/id/type/name, then argument fragments),
 * the finish chunk (absent when `finishReason` is null), then the usage chunk when `includeUsage`.
 */
export function buildStreamChunks(step: ScriptedReply, meta: MockResponseMeta, includeUsage: boolean): Json[] {
  const chunk = (delta: Json, finishReason: string | null = null): Json => ({
    id: meta.id,
    object: 'chat.completion.chunk',
    created: meta.created,
    model: meta.model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    // Like OpenAI: with include_usage every chunk but the last carries `usage: null`.
    ...(includeUsage ? { usage: null } : {}),
  });
  const chunks: Json[] = [chunk({ role: 'assistant', content: '', refusal: null })];
  for (const piece of splitText(step.reasoning ?? '', MIN_TEXT_PIECES)) chunks.push(chunk({ reasoning_content: piece }));
  for (const piece of splitText(step.text ?? '', MIN_TEXT_PIECES)) chunks.push(chunk({ content: piece }));
  (step.toolCalls ?? []).forEach((call, index) => {
    chunks.push(
      chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
    );
    for (const piece of splitText(call.arguments, MIN_ARGUMENT_PIECES)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  });
  const finishReason = scriptedFinishReason(step);
  if (finishReason !== null) chunks.push(chunk({}, finishReason));
  if (includeUsage) {
    chunks.push({
      id: meta.id,
      object: 'chat.completion.chunk',
      created: meta.created,
      model: meta.model,
      system_fingerprint: null,
      choices: [],
      usage: usageOf(step, meta),
    });
  }
  return chunks;
}
