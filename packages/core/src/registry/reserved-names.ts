import { AgentaoError } from '../errors';

/** Tool names reserved for plan mode (not in v1; never registered by core). */
export const PLAN_MODE_TOOL_NAMES: readonly string[] = Object.freeze(['plan_finalize', 'plan_save']);

/** Prefix reserved for MCP tools. */
export const MCP_PREFIX = 'mcp_';

/** True for a plan-mode tool name. */
export function isPlanModeName(name: string): boolean {
  return PLAN_MODE_TOOL_NAMES.includes(name);
}

/** Throws `TOOL_NAME_RESERVED` for an `mcp_`-prefixed or plan-mode name. */
export function assertNotReserved(name: string, label: string): void {
  if (name.startsWith(MCP_PREFIX)) {
    throw new AgentaoError('TOOL_NAME_RESERVED', `${label}: tool name '${name}' uses the reserved 'mcp_' prefix`);
  }
  if (isPlanModeName(name)) {
    throw new AgentaoError('TOOL_NAME_RESERVED', `${label}: tool name '${name}' is reserved for plan mode`);
  }
}
