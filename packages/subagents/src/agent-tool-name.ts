import { MAX_TOOL_NAME_CHARS } from './subagent-messages';

/** `agent_` + the name with every character outside `[A-Za-z0-9_]` replaced by `_`, cut to 64 characters (§3.1). */
export function agentToolName(name: string): string {
  return `agent_${name.replace(/[^A-Za-z0-9_]/g, '_')}`.slice(0, MAX_TOOL_NAME_CHARS);
}
