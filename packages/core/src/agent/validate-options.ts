import { statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { AgentaoError } from '../errors';
import { isPlanModeName, MCP_PREFIX, assertNotReserved } from '../registry/reserved-names';
import { validateToolShape } from '../registry/validate-tool-shape';
import { canonicalizePath, expandHome } from '../tool/path-resolution';
import { type Tool } from '../tool/tool';
import { compareOrdinal } from '../compare-ordinal';

/** Checks `workingDirectory` and freezes it as an absolute real path (a missing directory is accepted lexically). */
export function freezeWorkingDirectory(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim().length === 0) {
    throw new AgentaoError('CONFIG_INVALID', 'workingDirectory must be a non-empty string');
  }
  const expanded = expandHome(raw);
  const frozen = canonicalizePath(isAbsolute(expanded) ? expanded : resolve(expanded));
  let isDirectory = true;
  try {
    isDirectory = statSync(frozen).isDirectory();
  } catch {
    // Not existing yet is fine: hosts often pass a per-session directory created later.
  }
  if (!isDirectory) throw new AgentaoError('CONFIG_INVALID', `workingDirectory '${raw}' is not a directory`);
  return frozen;
}

/** Throws `CONFIG_INVALID` unless `value` is a non-negative integer. */
export function assertMaxIterations(value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new AgentaoError('CONFIG_INVALID', `maxIterations must be a non-negative integer, got ${String(value)}`);
  }
}

/** Copies an iterable of names into a frozen set; every entry must be a string. */
export function toNameSet(value: Iterable<string> | undefined, option: string): ReadonlySet<string> | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' || typeof (value as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== 'function') {
    throw new AgentaoError('CONFIG_INVALID', `${option} must be an iterable of tool names`);
  }
  const names = new Set<string>();
  for (const entry of value as Iterable<unknown>) {
    if (typeof entry !== 'string') throw new AgentaoError('CONFIG_INVALID', `${option} entries must be a string, got ${typeof entry}`);
    names.add(entry);
  }
  return Object.freeze(names);
}

/** Validates `extraTools` in order (shape → prefix → plan name → duplicate) and returns a private copy. */
export function validateExtraTools(value: unknown): Tool[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new AgentaoError('CONFIG_INVALID', 'extraTools must be an array of Tool instances');
  const seen = new Set<string>();
  return value.map((tool: unknown, index) => {
    const name = validateToolShape(tool, `extraTools[${index}]`);
    if (seen.has(name)) throw new AgentaoError('TOOL_NAME_DUPLICATE', `extraTools[${index}]: duplicate tool name '${name}'`);
    seen.add(name);
    return tool as Tool;
  });
}

/** `disableTools` names must all be eligible built-ins; unknown ones are reported sorted with the valid list. */
export function assertDisableToolsEligible(disable: ReadonlySet<string>, eligible: ReadonlySet<string>): void {
  const unknown = [...disable].filter((name) => !eligible.has(name)).sort(compareOrdinal);
  if (unknown.length === 0) return;
  const valid = [...eligible].sort(compareOrdinal);
  throw new AgentaoError(
    'TOOL_UNKNOWN_NAME',
    `disableTools: unknown built-in tool name${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}; valid names: ${valid.length > 0 ? valid.join(', ') : '<none>'}`,
  );
}

/** `enabledTools` may not name reserved tools (checked in sorted order). */
export function assertEnabledToolsNotReserved(enabled: ReadonlySet<string>): void {
  for (const name of [...enabled].sort(compareOrdinal)) {
    if (name.startsWith(MCP_PREFIX) || isPlanModeName(name)) assertNotReserved(name, 'enabledTools');
  }
}
