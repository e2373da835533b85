import { defineTool, type Tool } from '@agentao/core';

/** A copied host tool `risky` that needs the user's confirmation and returns `result` when it runs. */
export function riskyTool(result = 'did the risky thing'): Tool {
  // Several background tests need the same confirmation-gated tool; only its result text varies.
  return defineTool({
    name: 'risky',
    description: 'needs approval',
    parameters: { type: 'object', properties: {} },
    copiesToSubagents: true,
    requiresConfirmation: true,
    execute: () => result,
  });
}
