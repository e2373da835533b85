import { AgentaoError } from '@agentao/core';

/** A tool argument of the wrong type, reported to the model as `Error: <message>` (the runtime's validation normally catches it first). */
export class ToolArgumentError extends AgentaoError {
  constructor(message: string) {
    super('TOOL_ARGS_INVALID', message);
  }
}

/** A required string argument, or `fallback` when given and the argument is absent. */
export function stringArg(args: Record<string, unknown>, name: string, fallback?: string): string {
  const value = args[name];
  if (value === undefined || value === null) {
    if (fallback !== undefined) return fallback;
    throw new ToolArgumentError(`${name} is required`);
  }
  if (typeof value !== 'string') throw new ToolArgumentError(`${name} must be a string`);
  return value;
}

/** A boolean argument; `fallback` when absent. */
export function booleanArg(args: Record<string, unknown>, name: string, fallback: boolean): boolean {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') throw new ToolArgumentError(`${name} must be a boolean`);
  return value;
}

/** An integer argument (a fractional number is floored); `fallback` when absent. */
export function integerArg(args: Record<string, unknown>, name: string, fallback: number): number {
  const value = args[name];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ToolArgumentError(`${name} must be an integer`);
  return Math.floor(value);
}

/** Reads a tool's arguments; a wrongly typed argument becomes the `Error: <message>` text the tool returns. */
export function readArgs<T>(read: () => T): T | string {
  try {
    return read();
  } catch (error) {
    if (error instanceof ToolArgumentError) return `Error: ${error.message}`;
    throw error;
  }
}
