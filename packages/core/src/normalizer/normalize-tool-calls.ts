import { randomUUID } from 'node:crypto';
import { type Logger } from '../logger';
import { type ToolCallWire } from '../messages';
import { UNKNOWN_TOOL_NAME } from '../model-messages';
import { repairToolName } from './repair-tool-name';
import { sanitizeSurrogates } from './sanitize-surrogates';

/** One call of an assistant reply after normalisation (§7.2), as both history and the planner consume it. */
export interface NormalizedToolCall {
  /** What history records: id unique in the reply, name cleaned/repaired (`unknown` when blank); arguments not yet canonicalised. */
  wire: ToolCallWire;
  /** The surrogate-cleaned argument string as the model sent it (what the planner parses and the identical-args guard keys on). */
  rawArguments: string;
  /** The model sent an empty or whitespace-only name; the planner answers M4 and never looks up `unknown`. */
  blank: boolean;
  /** The surrogate-cleaned name as the model sent it, before repair (`''` when missing). */
  originalName: string;
  /**
   * The name is outside OpenAI's charset even after repair, so history records a sanitised stand-in
   * (strict providers reject such names in history) and the planner answers "not found" without a lookup.
   */
  invalidName: boolean;
}

const WIRE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** A stand-in for a name strict providers would reject: other characters become `_`, cut to 64. */
function wireSafeName(name: string): string {
  const safe = name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return safe === '' ? UNKNOWN_TOOL_NAME : safe;
}

type Loose = Record<string, unknown>;

function isObject(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function argumentsText(value: unknown): string {
  if (typeof value === 'string') return sanitizeSurrogates(value);
  if (value === undefined || value === null) return '';
  try {
    // Some providers hand over parsed objects; the planner and history want the JSON text.
    const text: unknown = JSON.stringify(sanitizeSurrogates(value));
    return typeof text === 'string' ? text : '';
  } catch {
    return '';
  }
}

/**
 * Cleans the tool calls of one assistant reply (§7.2): ids (blank → fresh UUID, duplicates in the
 * reply re-minted), lone surrogates, blank names (`unknown`), exact-normalisation name repair.
 * Unchanged calls keep their object identity; changed ones are rebuilt, never mutated.
 */
export function normalizeToolCalls(
  calls: readonly unknown[],
  registeredNames: readonly string[],
  logger: Logger,
): NormalizedToolCall[] {
  if (!Array.isArray(calls)) return [];
  const registered = new Set(registeredNames);
  const seenIds = new Set<string>();
  const result: NormalizedToolCall[] = [];
  for (const raw of calls) {
    const call: Loose = isObject(raw) ? raw : {};
    const fn: Loose = isObject(call.function) ? call.function : {};

    let id = typeof call.id === 'string' && call.id.trim() !== '' ? sanitizeSurrogates(call.id) : randomUUID();
    if (seenIds.has(id)) {
      const fresh = randomUUID();
      logger.warn(`Duplicate tool call id '${id}' in one reply replaced by '${fresh}'`);
      id = fresh;
    }
    seenIds.add(id);

    const originalName = typeof fn.name === 'string' ? sanitizeSurrogates(fn.name) : '';
    const blank = originalName.trim() === '';
    let name = blank ? UNKNOWN_TOOL_NAME : originalName;
    if (!blank && !registered.has(name)) {
      const repaired = repairToolName(name, registered);
      if (repaired !== null && repaired !== name) {
        logger.warn(`Tool name '${name}' repaired to '${repaired}'`);
        name = repaired;
      }
    }

    const invalidName = !blank && !WIRE_NAME.test(name);
    if (invalidName) name = wireSafeName(name);

    const rawArguments = argumentsText(fn.arguments);
    const unchanged =
      raw === call &&
      call.type === 'function' &&
      call.id === id &&
      isObject(call.function) &&
      fn.name === name &&
      fn.arguments === rawArguments;
    const wire: ToolCallWire = unchanged
      ? (call as ToolCallWire)
      : { ...call, id, type: 'function', function: { ...fn, name, arguments: rawArguments } };
    result.push({ wire, rawArguments, blank, originalName, invalidName });
  }
  return result;
}
