import { AgentaoError } from '../errors';
import { type Tool } from '../tool/tool';
import { assertNotReserved } from './reserved-names';

/** OpenAI's function-name charset and length. */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function readMember(tool: Tool, member: 'name' | 'description' | 'parameters' | 'execute', label: string): unknown {
  try {
    return (tool as unknown as Record<string, unknown>)[member];
  } catch (error) {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `${label}: reading the tool's ${member} threw`, { cause: error });
  }
}

/** Checks a tool entering through a contract path; returns its name. Throws `TOOL_SCHEMA_INVALID` / `TOOL_NAME_RESERVED`. */
export function validateToolShape(tool: unknown, label: string): string {
  if (typeof tool !== 'object' || tool === null) {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `${label}: expected a Tool instance, got ${tool === null ? 'null' : typeof tool}`);
  }
  const candidate = tool as Tool;
  const name = readMember(candidate, 'name', label);
  if (typeof name !== 'string' || name.length === 0) {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `${label}: tool name must be a non-empty string`);
  }
  if (!TOOL_NAME_PATTERN.test(name)) {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `${label}: tool name '${name}' must match ${TOOL_NAME_PATTERN.source}`);
  }
  if (typeof readMember(candidate, 'description', label) !== 'string') {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `${label}: tool '${name}' description must be a string`);
  }
  if (typeof readMember(candidate, 'execute', label) !== 'function') {
    throw new AgentaoError('TOOL_SCHEMA_INVALID', `${label}: tool '${name}' execute must be a function`);
  }
  assertNotReserved(name, label);
  return name;
}
