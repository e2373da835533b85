// Host injection, as quoted by docs/custom-tools.md; exercised by tool-surface.test.ts.
import { Agentao, defineTool, type LLMClient } from '@agentao/core';
import { builtinTools } from '@agentao/tools-builtin';

/** A small read-only tool written with `defineTool` (the functional form of a `Tool` subclass). */
export const orderStatus = defineTool({
  name: 'order_status',
  description: 'Look up the status of one order by id, e.g. "A-1001". Returns JSON {status:"ok", order_status} or {status:"error", message}.',
  parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
  isReadOnly: true,
  execute: ({ order_id }) => JSON.stringify({ status: 'ok', order_status: order_id === 'A-1001' ? 'delivered' : 'unknown' }),
});

/** Every way a host shapes the model's tool surface. */
export function shapeToolSurface(workingDirectory: string, llm: LLMClient): Agentao[] {
  // Add your own tools (a same-named extra tool deliberately replaces a built-in).
  const withExtras = new Agentao({ workingDirectory, llm, plugins: [builtinTools()], extraTools: [orderStatus] });

  // Hide a few built-ins that do not fit this product.
  const noShell = new Agentao({ workingDirectory, llm, plugins: [builtinTools()], disableTools: ['run_shell_command', 'web_fetch'] });

  // Keep only a small allowlist of built-ins; extraTools always stay.
  const narrow = new Agentao({ workingDirectory, llm, plugins: [builtinTools()], enabledTools: ['read_file'], extraTools: [orderStatus] });

  // Only your own tools.
  const ownOnly = new Agentao({ workingDirectory, llm, plugins: [builtinTools()], enabledTools: [], extraTools: [orderStatus] });

  // Between turns: add, replace, remove.
  withExtras.removeTool('web_fetch'); // true when it existed
  withExtras.addTool(orderStatus, { replace: true }); // without replace, a duplicate name throws
  return [withExtras, noShell, narrow, ownOnly];
}
