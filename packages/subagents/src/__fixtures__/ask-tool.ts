import { defineTool, type Tool } from '@agentao/core';
import { askUserVia } from '@agentao/core/internal';

/** A copied read-only host tool `ask` that puts `question` to the user and returns the answer. */
export function askTool(question: string): Tool {
  // Foreground and background tests both check where a child's question goes; they share this tool.
  return defineTool({
    name: 'ask',
    description: 'asks',
    parameters: { type: 'object', properties: {} },
    copiesToSubagents: true,
    isReadOnly: true,
    execute: (_args, ctx) => askUserVia(ctx, question),
  });
}
