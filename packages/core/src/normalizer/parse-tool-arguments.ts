import { AgentaoError } from '../errors';

/** Options of `parseToolArguments`. */
export interface ParseToolArgumentsOptions {
  /** Try closing truncated brackets (only for history canonicalisation, never for execution). */
  allowBracketBalance?: boolean;
}

/** Parses model-sent tool arguments through the repair tiers; throws `TOOL_ARGS_UNPARSEABLE`. */
export function parseToolArguments(
  _raw: unknown,
  _options: ParseToolArgumentsOptions = {},
): { args: Record<string, unknown>; repairs: string[] } {
  throw new AgentaoError('TOOL_ARGS_UNPARSEABLE', 'being implemented');
}
