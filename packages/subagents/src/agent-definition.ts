import { AgentaoError } from '@agentao/core';
import { DEFAULT_MAX_TURNS } from './subagent-messages';

/** A sub-agent definition: what `agent_<name>` delegates to. */
export interface AgentDefinition {
  /** The agent id; non-empty; the source of the tool name. */
  name: string;
  /** Shown to the model in the tool description and the prompt listing. */
  description: string;
  /** The child's tool allowlist; `null` / absent = every tool the child may receive; `[]` = only `complete_task`. */
  tools?: string[] | null;
  /** The child's iteration budget (integer ≥ 1, default 15). */
  maxTurns?: number;
  /** Model id sent for the child's requests, verbatim; absent = the parent's. */
  model?: string;
  /** Sampling temperature of the child; absent = the parent's. */
  temperature?: number;
  /** The child's instructions (host-instructions slot of its system prompt). */
  instructions?: string | null;
}

/** A definition with every default applied. */
export interface ResolvedAgentDefinition {
  readonly name: string;
  readonly description: string;
  readonly tools: readonly string[] | null;
  readonly maxTurns: number;
  readonly model?: string;
  readonly temperature?: number;
  readonly instructions: string | null;
}

function invalid(label: string, message: string): AgentaoError {
  return new AgentaoError('CONFIG_INVALID', `${label}: ${message}`);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Checks a programmatic definition (§2.3) and applies the defaults; throws `CONFIG_INVALID` naming the field. */
export function resolveAgentDefinition(value: unknown, label: string): ResolvedAgentDefinition {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(label, `must be an object, got ${typeName(value)}`);
  const raw = value as Record<string, unknown>;
  if (typeof raw.name !== 'string' || raw.name.trim() === '') throw invalid(label, "'name' must be a non-empty string");
  const description = raw.description ?? '';
  if (typeof description !== 'string') throw invalid(label, `'description' must be a string, got ${typeName(description)}`);
  let tools: string[] | null = null;
  if (raw.tools !== undefined && raw.tools !== null) {
    if (!Array.isArray(raw.tools) || !raw.tools.every((entry) => typeof entry === 'string')) {
      throw invalid(label, "'tools' must be an array of strings or null");
    }
    tools = raw.tools.map((entry) => entry.trim()).filter((entry) => entry !== '');
  }
  const maxTurns = raw.maxTurns ?? DEFAULT_MAX_TURNS;
  if (typeof maxTurns !== 'number' || !Number.isInteger(maxTurns) || maxTurns < 1) {
    throw invalid(label, `'maxTurns' must be an integer >= 1, got ${JSON.stringify(maxTurns) ?? typeName(maxTurns)}`);
  }
  if (raw.model !== undefined && (typeof raw.model !== 'string' || raw.model.trim() === '')) {
    throw invalid(label, "'model' must be a non-empty string");
  }
  if (raw.temperature !== undefined && (typeof raw.temperature !== 'number' || !Number.isFinite(raw.temperature))) {
    throw invalid(label, `'temperature' must be a finite number, got ${JSON.stringify(raw.temperature) ?? typeName(raw.temperature)}`);
  }
  const instructions = raw.instructions ?? null;
  if (instructions !== null && typeof instructions !== 'string') {
    throw invalid(label, `'instructions' must be a string or null, got ${typeName(instructions)}`);
  }
  return Object.freeze({
    name: raw.name.trim(),
    description,
    tools: tools === null ? null : Object.freeze(tools),
    maxTurns,
    ...(raw.model !== undefined ? { model: raw.model } : {}),
    ...(raw.temperature !== undefined ? { temperature: raw.temperature } : {}),
    instructions: typeof instructions === 'string' && instructions.trim() !== '' ? instructions : null,
  });
}
