/** Identical `(name, raw arguments)` calls in one turn; the third one trips the doom-loop guard (§7.7). */
export const DOOM_LOOP_THRESHOLD = 3;

/** Consecutive unusable-argument calls of one tool name that trip the argument-failure guard (§7.7). */
export const ARG_FAILURE_THRESHOLD = 3;

/** Blank-name calls in one turn that trip the empty-name guard (§7.7). */
export const EMPTY_NAME_THRESHOLD = 3;

/** Consecutive length-truncated tool-call replies that end the turn `length_truncated` (§5.8). */
export const LENGTH_TRUNCATION_ABORT_THRESHOLD = 3;

/** Longest argument text (UTF-16 code units) the bracket-balance tier will touch (§7.4). */
export const BRACKET_BALANCE_MAX_INPUT = 65_536;

/** Most trailing-closer removal passes of the bracket-balance tier (§7.4). */
export const BRACKET_BALANCE_MAX_PASSES = 50;

/** `TOOL_ARGS_UNPARSEABLE` reason when no tier could parse the arguments (§7.4). */
export const ARGS_UNPARSEABLE_REASON = 'could not parse tool arguments as JSON or Python literal';

/** `TOOL_ARGS_UNPARSEABLE` reason when the input is neither a string nor a plain object (§7.4). */
export function argsWrongInputTypeReason(type: string): string {
  return `tool arguments must be a string or object, got ${type}`;
}

/** `TOOL_ARGS_UNPARSEABLE` reason when the parsed value is not a plain object (§7.4). */
export function argsNotObjectReason(type: 'array' | 'string' | 'number' | 'boolean' | 'null'): string {
  return `tool arguments must parse to an object, got ${type}`;
}
