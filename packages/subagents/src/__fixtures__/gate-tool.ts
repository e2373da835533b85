import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';

/** A copied read-only host tool that blocks until released or cancelled, and says when it started. */
export function gateTool(name = 'gate', description = 'waits'): { tool: Tool; release: () => void; started: () => boolean } {
  // Cancellation tests need a child parked inside a tool call; polling `started` keeps them free of timers.
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = false;
  class Gate extends Tool {
    readonly name = name;
    readonly description = description;
    readonly parameters: JsonSchema = { type: 'object', properties: {} };
    override readonly copiesToSubagents = true;
    override readonly isReadOnly = true;
    execute(_args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
      started = true;
      return new Promise((resolve) => {
        void released.then(() => resolve('released'));
        ctx.signal.addEventListener('abort', () => resolve('aborted'), { once: true });
      });
    }
  }
  return { tool: new Gate(), release, started: () => started };
}
