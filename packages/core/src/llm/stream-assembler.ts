import { type ToolCallWire } from '../messages';
import { type LLMResponse, type LLMUsage } from './llm-client';

/** Keys of a streamed tool-call delta that the assembler interprets; every other key is a provider extra. */
const TOOL_CALL_KEYS: ReadonlySet<string> = new Set(['index', 'id', 'type', 'function']);
/** Keys of a streamed `function` delta that the assembler interprets. */
const FUNCTION_KEYS: ReadonlySet<string> = new Set(['name', 'arguments']);

interface CallSlot {
  /** The provider's `index`, or a synthetic one (after every index seen so far) for an index-less call. */
  sortIndex: number;
  /** Arrival order, to keep the sort stable when a synthetic index meets a real one. */
  arrival: number;
  id: string;
  name: string;
  arguments: string;
  extras: Record<string, unknown>;
  functionExtras: Record<string, unknown>;
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Argument and name fragments are strings on the wire; a provider sending an object gets it JSON-encoded, not dropped. */
export function fragmentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // Only a non-JSON value (a cycle, a BigInt) lands here, and it cannot have come off the wire.
    return '';
  }
}

/** Copies the keys outside `known` whose values are set; runs per chunk, so it allocates nothing. */
function copyExtras(source: Record<string, unknown>, known: ReadonlySet<string>, into: Record<string, unknown>): void {
  for (const key in source) {
    if (known.has(key) || !Object.hasOwn(source, key)) continue;
    const value = source[key];
    if (value === undefined || value === null) continue;
    // A wire key named `__proto__` stays an own data property instead of replacing the prototype.
    Object.defineProperty(into, key, { value, writable: true, enumerable: true, configurable: true });
  }
}

function tokenCount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** Reads an OpenAI `usage` object (`prompt_tokens`, `completion_tokens`); `null` when absent. */
export function parseUsage(value: unknown): LLMUsage | null {
  if (!isRecord(value)) return null;
  return { promptTokens: tokenCount(value.prompt_tokens), completionTokens: tokenCount(value.completion_tokens) };
}

/**
 * Assembles Chat Completions stream chunks (plain parsed JSON, choice index 0 only) into one
 * `LLMResponse`, following core.md §6.2: per-index tool-call accumulation, index-less deltas,
 * first non-empty id, de-duplicated repeated names, concatenated arguments, provider extras kept,
 * last non-null `finish_reason`, the usage chunk, calls in ascending index order.
 */
export class StreamAssembler {
  private readonly contentParts: string[] = [];
  private readonly reasoningParts: string[] = [];
  private readonly slots: CallSlot[] = [];
  private readonly slotsByIndex = new Map<number, CallSlot>();
  private lastSlot: CallSlot | null = null;
  private maxIndex = -1;
  private finishReason: string | null = null;
  private usage: LLMUsage | null = null;
  private chunkCount = 0;

  /** Number of chunks pushed so far. */
  get chunks(): number {
    return this.chunkCount;
  }

  /**
   * Folds one chunk in and returns its content delta ('' when it carries none), which the caller
   * forwards to `onTextChunk`. Malformed chunks are skipped piecewise rather than rejected.
   */
  push(chunk: unknown): string {
    this.chunkCount++;
    if (!isRecord(chunk)) return '';
    const usage = parseUsage(chunk.usage);
    if (usage !== null) this.usage = usage;
    if (!Array.isArray(chunk.choices)) return '';
    const choice: unknown = chunk.choices.find(
      (c: unknown) => isRecord(c) && (c.index === undefined || c.index === null || c.index === 0),
    );
    if (!isRecord(choice)) return '';
    if (typeof choice.finish_reason === 'string') this.finishReason = choice.finish_reason;
    const delta = choice.delta;
    if (!isRecord(delta)) return '';
    // Providers name the reasoning field differently; a chunk carrying both repeats the same text.
    const reasoning =
      typeof delta.reasoning_content === 'string' && delta.reasoning_content !== ''
        ? delta.reasoning_content
        : typeof delta.reasoning === 'string'
          ? delta.reasoning
          : '';
    if (reasoning !== '') this.reasoningParts.push(reasoning);
    if (Array.isArray(delta.tool_calls)) {
      for (const call of delta.tool_calls as unknown[]) {
        if (isRecord(call)) this.pushToolCall(call);
      }
    }
    const content = typeof delta.content === 'string' ? delta.content : '';
    if (content !== '') this.contentParts.push(content);
    return content;
  }

  /** The reply assembled from every chunk pushed so far. */
  result(): LLMResponse {
    const ordered = [...this.slots].sort((a, b) => a.sortIndex - b.sortIndex || a.arrival - b.arrival);
    const toolCalls: ToolCallWire[] = ordered.map((slot) => ({
      ...slot.extras,
      id: slot.id,
      type: 'function',
      function: { ...slot.functionExtras, name: slot.name, arguments: slot.arguments },
    }));
    return {
      content: this.contentParts.length > 0 ? this.contentParts.join('') : null,
      toolCalls,
      reasoningContent: this.reasoningParts.length > 0 ? this.reasoningParts.join('') : null,
      finishReason: this.finishReason,
      usage: this.usage,
    };
  }

  private pushToolCall(delta: Record<string, unknown>): void {
    const id = typeof delta.id === 'string' ? delta.id : '';
    const slot = this.slotFor(delta, id);
    if (slot.id === '' && id !== '') slot.id = id;
    // A later chunk's null must not erase an extra (e.g. a thought signature) sent earlier.
    copyExtras(delta, TOOL_CALL_KEYS, slot.extras);
    const fn = delta.function;
    if (!isRecord(fn)) return;
    const name = fragmentText(fn.name);
    // Some providers repeat the full name in every chunk; others stream it in pieces.
    if (name !== '' && name !== slot.name) slot.name += name;
    slot.arguments += fragmentText(fn.arguments);
    copyExtras(fn, FUNCTION_KEYS, slot.functionExtras);
  }

  private slotFor(delta: Record<string, unknown>, id: string): CallSlot {
    const index = delta.index;
    if (typeof index === 'number' && Number.isInteger(index)) {
      let slot = this.slotsByIndex.get(index);
      if (slot === undefined) {
        slot = this.newSlot(index);
        this.slotsByIndex.set(index, slot);
      }
      this.lastSlot = slot;
      return slot;
    }
    if (id !== '') {
      const same = this.slots.find((s) => s.id === id);
      if (same !== undefined) return (this.lastSlot = same);
    }
    // An unseen id opens a new call unless the most recent call is still waiting for its (late) id.
    const last = this.lastSlot;
    if (last !== null && (id === '' || last.id === '')) return last;
    const slot = this.newSlot(this.maxIndex + 1);
    this.lastSlot = slot;
    return slot;
  }

  private newSlot(sortIndex: number): CallSlot {
    const slot: CallSlot = {
      sortIndex,
      arrival: this.slots.length,
      id: '',
      name: '',
      arguments: '',
      extras: {},
      functionExtras: {},
    };
    this.maxIndex = Math.max(this.maxIndex, sortIndex);
    this.slots.push(slot);
    return slot;
  }
}
