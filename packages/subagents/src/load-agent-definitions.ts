import { readdirSync, readFileSync } from 'node:fs';
import { basename, isAbsolute, join, resolve } from 'node:path';
import { type Logger } from '@agentao/core';
import { type AgentDefinition, resolveAgentDefinition, type ResolvedAgentDefinition } from './agent-definition';
import { BUILTIN_AGENT_DEFINITIONS } from './builtin-agent-definitions';
import { errorMessage } from './error-message';
import { parseAgentDefinition } from './parse-agent-definition';

/** Where definitions come from. */
export interface DefinitionSources {
  /** Absolute, or relative to `workingDirectory`. */
  definitionsDir: string;
  definitions: readonly ResolvedAgentDefinition[];
  enableBuiltinAgents: boolean;
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** `*.md` files directly in `dir`, sorted by file name; a missing directory yields none. */
function markdownFiles(dir: string, logger: Logger): string[] {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => (entry.isFile() || entry.isSymbolicLink()) && entry.name.endsWith('.md'))
      .map((entry) => entry.name);
  } catch (error) {
    if (!isMissing(error)) logger.warn(`Agent definitions directory ${dir} could not be read: ${errorMessage(error)}`);
    return [];
  }
  // Ordinal order, so the result does not depend on the locale.
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((name) => join(dir, name));
}

/**
 * Loads definitions once, synchronously (§2.1): built-ins (when enabled), then `*.md` files, then
 * programmatic ones; a later definition replaces an earlier one of the same name. A file that fails
 * to parse is skipped with a warning naming it.
 */
export function loadAgentDefinitions(sources: DefinitionSources, workingDirectory: string, logger: Logger): ResolvedAgentDefinition[] {
  const byName = new Map<string, ResolvedAgentDefinition>();
  const add = (definition: ResolvedAgentDefinition, source: string): void => {
    if (byName.has(definition.name)) logger.info(`Agent definition '${definition.name}' from ${source} replaces an earlier one`);
    byName.delete(definition.name);
    byName.set(definition.name, definition);
  };
  if (sources.enableBuiltinAgents) {
    for (const definition of BUILTIN_AGENT_DEFINITIONS) add(resolveAgentDefinition(definition, 'built-in agent'), 'the built-ins');
  }
  const dir = isAbsolute(sources.definitionsDir) ? sources.definitionsDir : resolve(workingDirectory, sources.definitionsDir);
  for (const file of markdownFiles(dir, logger)) {
    let definition: AgentDefinition;
    let resolved: ResolvedAgentDefinition;
    try {
      definition = parseAgentDefinition(readFileSync(file, 'utf8'), basename(file, '.md'));
      resolved = resolveAgentDefinition(definition, file);
    } catch (error) {
      logger.warn(`Skipping agent definition file ${file}: ${errorMessage(error)}`);
      continue;
    }
    add(resolved, file);
  }
  for (const definition of sources.definitions) add(definition, 'the definitions option');
  return [...byName.values()];
}
