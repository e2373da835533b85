import { describeError } from '../errors';
import { type Logger, SILENT_LOGGER } from '../logger';
import { type Tool, type ToolFlag } from './tool';

const warned = new WeakMap<object, Set<ToolFlag>>();

function warnOnce(tool: Tool, flag: ToolFlag, logger: Logger, message: string): void {
  const flags = warned.get(tool) ?? new Set<ToolFlag>();
  if (flags.has(flag)) return;
  flags.add(flag);
  warned.set(tool, flags);
  logger.warn(message);
}

function toolLabel(tool: Tool): string {
  try {
    return typeof tool.name === 'string' ? tool.name : '<unnamed>';
  } catch {
    return '<unnamed>';
  }
}

function valueType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Reads an optional tool flag: only the boolean `true` counts. A method (any function value) or any
 * other value is "undeclared" (false) and logged once per tool and flag; a throwing getter is false.
 */
export function readToolFlag(tool: Tool, flag: ToolFlag, logger: Logger = SILENT_LOGGER): boolean {
  let value: unknown;
  try {
    value = (tool as unknown as Record<ToolFlag, unknown>)[flag];
  } catch (error) {
    warnOnce(tool, flag, logger, `Tool '${toolLabel(tool)}': reading ${flag} threw ${describeError(error)}; treated as false`);
    return false;
  }
  if (value === true) return true;
  if (value === false || value === undefined) return false;
  if (typeof value === 'function') {
    warnOnce(
      tool,
      flag,
      logger,
      `Tool '${toolLabel(tool)}': ${flag} is a method; it must be a getter or a boolean field, so it is treated as undeclared (false)`,
    );
    return false;
  }
  warnOnce(
    tool,
    flag,
    logger,
    `Tool '${toolLabel(tool)}': ${flag} is a ${valueType(value)}, not a boolean; treated as undeclared (false)`,
  );
  return false;
}
