import { type AgentEvent } from '@agentao/core';
import ora, { type Ora } from 'ora';
import pc from 'picocolors';

/** Longest argument or result preview printed on one line. */
export const PREVIEW_CHARS = 160;

/** Where the renderer writes: stdout for the transcript, stderr for the spinner. */
export interface RenderTarget {
  write(text: string): unknown;
}

/** Options of an `EventRenderer`. */
export interface EventRendererOptions {
  /** Animate a spinner (on stderr) while the model thinks; only sensible on a terminal. */
  spinner: boolean;
  /** Tells whether a call started while another call of its batch was running. */
  isParallel(callId: string): boolean;
}

function preview(value: unknown): string {
  const text = (typeof value === 'string' ? value : JSON.stringify(value)).replace(/\s+/g, ' ');
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** Turns agent events into a readable, streamed transcript (one job: presentation). */
export class EventRenderer {
  private streaming = false;
  private readonly spinner: Ora | null;
  private readonly childCalls = new Map<string, string>();

  constructor(
    private readonly out: RenderTarget,
    private readonly options: EventRendererOptions,
  ) {
    this.spinner = options.spinner ? ora({ stream: process.stderr, text: 'thinking…', discardStdin: false }) : null;
  }

  /** Prints one line outside the model's streamed text. */
  line(text: string): void {
    this.endStream();
    this.spinner?.stop();
    this.out.write(`${text}\n`);
  }

  /** Stops the spinner (before a prompt takes the terminal). */
  pause(): void {
    this.spinner?.stop();
    this.endStream();
  }

  /** A warning of the agent's logger; the normalizer's repairs arrive here. */
  warning(message: string): void {
    this.line(pc.magenta(`  ⚙ ${message}`));
  }

  /** Renders one event. */
  render(event: AgentEvent): void {
    switch (event.type) {
      case 'llm_call_started':
        this.endStream();
        this.spinner?.start();
        return;
      case 'llm_text':
        this.spinner?.stop();
        if (!this.streaming) {
          this.out.write(pc.bold(pc.green('agent: ')));
          this.streaming = true;
        }
        this.out.write(event.chunk);
        return;
      case 'llm_call_completed':
        this.spinner?.stop();
        if (event.status === 'error') this.line(pc.red(`  model call failed: ${event.error ?? 'unknown error'}`));
        return;
      case 'permission_decision':
        if (event.decision === 'deny') this.line(pc.red(`  ⛔ ${event.tool} denied by the permission engine: ${event.reason ?? ''}`));
        return;
      case 'tool_start':
        this.toolStart(event.tool, event.callId, event.args);
        return;
      case 'tool_complete': {
        const name = this.childCalls.get(event.callId) ?? event.tool;
        const indent = this.childCalls.has(event.callId) ? '      ' : '  ';
        if (event.status === 'ok') this.line(pc.dim(`${indent}✓ ${name} ${event.durationMs} ms`));
        else this.line(pc.yellow(`${indent}✗ ${name} ${event.status}: ${event.error ?? ''}`));
        return;
      }
      case 'tool_result':
        this.line(pc.dim(`    ← ${preview(event.content)}`));
        return;
      case 'agent_start':
        this.line(pc.blue(`  ⇢ delegating to sub-agent '${event.agent}': ${event.task}`));
        return;
      case 'agent_end':
        this.line(pc.blue(`  ⇠ sub-agent '${event.agent}' ${event.state}: ${event.turns} turns, ${event.toolCalls} tool calls`));
        return;
      case 'turn_end':
        this.spinner?.stop();
        this.endStream();
        if (event.status !== 'ok') this.line(pc.yellow(`  turn ${event.status}${event.error ? `: ${event.error}` : ''}`));
        return;
      default:
        return;
    }
  }

  private toolStart(tool: string, callId: string, args: Record<string, unknown>): void {
    const child = tool.startsWith('[');
    if (child) this.childCalls.set(callId, tool);
    const marker = this.options.isParallel(callId) ? pc.cyan(' [parallel]') : '';
    this.line(`${child ? '      ' : '  '}${pc.cyan('→')} ${tool} ${pc.dim(preview(args))}${marker}`);
  }

  private endStream(): void {
    if (this.streaming) {
      this.out.write('\n');
      this.streaming = false;
    }
  }
}
