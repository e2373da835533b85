import { AgentaoError } from '@agentao/core';
import { parse as parseYaml } from 'yaml';
import { type AgentDefinition } from './agent-definition';
import { errorMessage } from './error-message';
import { DEFAULT_MAX_TURNS } from './subagent-messages';

const FENCE = /^---[ \t]*$/;

function invalid(message: string): AgentaoError {
  return new AgentaoError('CONFIG_INVALID', `agent definition: ${message}`);
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'list';
  return typeof value;
}

/** Splits off a line-anchored `---` frontmatter block; `null` when the text has none. */
function splitFrontmatter(markdown: string): { block: string | null; body: string } {
  const text = markdown.startsWith('\uFEFF') ? markdown.slice(1) : markdown;
  const lines = text.split(/\r?\n/);
  if (lines.length === 0 || !FENCE.test(lines[0] ?? '')) return { block: null, body: text };
  // Line-anchored closing fence: a `---` inside a value never ends the block.
  const close = lines.findIndex((line, index) => index > 0 && FENCE.test(line));
  if (close === -1) return { block: null, body: text };
  return { block: lines.slice(1, close).join('\n'), body: lines.slice(close + 1).join('\n') };
}

function readTools(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  if (Array.isArray(value)) {
    const bad: unknown = (value as unknown[]).find((entry) => typeof entry !== 'string');
    if (bad !== undefined) throw invalid(`'tools' entries must be strings, got ${typeName(bad)}`);
    return (value as string[]).map((entry) => entry.trim()).filter((entry) => entry !== '');
  }
  throw invalid(`'tools' must be a list of strings or a comma-separated string, got ${typeName(value)}`);
}

function readMaxTurns(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_MAX_TURNS;
  const turns = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof turns !== 'number' || !Number.isInteger(turns) || turns < 1) {
    throw invalid(`'max_turns' must be an integer >= 1, got ${JSON.stringify(value)}`);
  }
  return turns;
}

function readTemperature(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const temperature = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  if (typeof temperature !== 'number' || !Number.isFinite(temperature)) {
    throw invalid(`'temperature' must be a finite number, got ${JSON.stringify(value)}`);
  }
  return temperature;
}

/**
 * Parses a Markdown agent definition: optional YAML 1.2 frontmatter between line-anchored `---`
 * fences, then the body as instructions. Throws `AgentaoError` `CONFIG_INVALID` naming the problem.
 */
export function parseAgentDefinition(markdown: string, fileStem: string): AgentDefinition {
  if (typeof markdown !== 'string') throw invalid(`markdown must be a string, got ${typeName(markdown)}`);
  const { block, body } = splitFrontmatter(markdown);
  let data: unknown = null;
  if (block !== null && block.trim() !== '') {
    try {
      data = parseYaml(block);
    } catch (error) {
      throw invalid(`frontmatter is not valid YAML: ${errorMessage(error)}`);
    }
  }
  data ??= {};
  if (typeof data !== 'object' || Array.isArray(data)) throw invalid(`frontmatter must be a YAML mapping, got ${typeName(data)}`);
  const fields = data as Record<string, unknown>;
  const name = typeof fields.name === 'string' && fields.name.trim() !== '' ? fields.name.trim() : fileStem;
  const temperature = readTemperature(fields.temperature);
  const instructions = body.trim();
  return {
    name,
    description: typeof fields.description === 'string' ? fields.description : '',
    tools: readTools(fields.tools),
    maxTurns: readMaxTurns(fields.max_turns ?? fields.maxTurns),
    ...(typeof fields.model === 'string' && fields.model.trim() !== '' ? { model: fields.model } : {}),
    ...(temperature !== undefined ? { temperature } : {}),
    instructions: instructions === '' ? null : instructions,
  };
}
