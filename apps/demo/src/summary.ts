import { type AgentEvent } from '@agentao/core';
import Table from 'cli-table3';

/** Substring of the core normalizer's warnings that marks a repair (tool name or arguments). */
export const REPAIR_MARKER = 'repaired';

interface Batch {
  calls: number;
  maxInFlight: number;
}

/** Numbers of one run, derived only from the agent's events and logger. */
export interface RunSummary {
  turns: number;
  toolCalls: number;
  subagentToolCalls: number;
  parallelBatches: number;
  sequentialBatches: number;
  repairs: number;
  confirmations: number;
  declined: number;
  modelMs: number;
  toolMs: number;
}

/**
 * Collects run statistics from events (`observe`) and warning lines (`noteWarning`). A batch is
 * the calls of one model reply; it ran in parallel when one of its `tool_start`s came while another
 * call of the same batch was still running.
 */
export class RunStats {
  private turns = 0;
  private modelMs = 0;
  private toolMs = 0;
  private repairs = 0;
  private confirmations = 0;
  private declined = 0;
  private parentCalls = 0;
  private childCalls = 0;
  private replyIndex = 0;
  private readonly batches = new Map<string, Batch>();
  private readonly running = new Map<string, string>();
  private readonly childCallIds = new Set<string>();
  private toolsBusySince: number | null = null;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Whether a call of the batch currently running has started while another was in flight. */
  isParallel(callId: string): boolean {
    const key = this.running.get(callId);
    return key !== undefined && (this.batches.get(key)?.maxInFlight ?? 0) > 1;
  }

  /** Feeds one event; call it for every event, in order. */
  observe(event: AgentEvent): void {
    switch (event.type) {
      case 'turn_begin':
        this.turns += 1;
        return;
      case 'llm_call_completed':
        this.modelMs += event.durationMs;
        this.replyIndex += 1;
        return;
      case 'tool_confirmation':
        this.confirmations += 1;
        return;
      case 'tool_start':
        this.start(event.tool, event.callId);
        return;
      case 'tool_complete':
        this.complete(event.callId, event.error);
        return;
      default:
        return;
    }
  }

  private start(tool: string, callId: string): void {
    // Sub-agent calls are forwarded labelled "[analyst 1/8] sql_query"; the label's number is the child's reply.
    const child = /^\[([^\]]+)\] /.exec(tool);
    if (child) {
      this.childCalls += 1;
      this.childCallIds.add(callId);
    } else {
      this.parentCalls += 1;
      if (this.running.size === 0 || [...this.running.keys()].every((id) => this.childCallIds.has(id))) this.toolsBusySince ??= this.now();
    }
    const key = child ? `child:${child[1]}` : `parent:${this.replyIndex}`;
    const batch = this.batches.get(key) ?? { calls: 0, maxInFlight: 0 };
    batch.calls += 1;
    this.running.set(callId, key);
    const inFlight = [...this.running.values()].filter((k) => k === key).length;
    batch.maxInFlight = Math.max(batch.maxInFlight, inFlight);
    this.batches.set(key, batch);
  }

  private complete(callId: string, error: string | null): void {
    if (error === 'cancelled by user') this.declined += 1;
    this.running.delete(callId);
    const parentStillRunning = [...this.running.keys()].some((id) => !this.childCallIds.has(id));
    if (!this.childCallIds.has(callId) && !parentStillRunning && this.toolsBusySince !== null) {
      this.toolMs += this.now() - this.toolsBusySince;
      this.toolsBusySince = null;
    }
  }

  /** Feeds one warning line of the agent's logger. */
  noteWarning(message: string): void {
    if (message.includes(REPAIR_MARKER)) this.repairs += 1;
  }

  /** The numbers so far. */
  summary(): RunSummary {
    const batches = [...this.batches.values()];
    return {
      turns: this.turns,
      toolCalls: this.parentCalls,
      subagentToolCalls: this.childCalls,
      parallelBatches: batches.filter((b) => b.maxInFlight > 1).length,
      sequentialBatches: batches.filter((b) => b.maxInFlight <= 1).length,
      repairs: this.repairs,
      confirmations: this.confirmations,
      declined: this.declined,
      modelMs: Math.round(this.modelMs),
      toolMs: Math.round(this.toolMs),
    };
  }
}

/** The end-of-run table, plain text (colour comes from the caller's terminal only). */
export function renderSummary(summary: RunSummary): string {
  const table = new Table({ head: ['run summary', ''], style: { head: [], border: [], compact: true } });
  table.push(
    ['turns', String(summary.turns)],
    ['tool calls', `${summary.toolCalls} (+${summary.subagentToolCalls} by the sub-agent)`],
    ['batches run in parallel', String(summary.parallelBatches)],
    ['batches run one by one', String(summary.sequentialBatches)],
    ['repairs by the normalizer', String(summary.repairs)],
    ['confirmations', `${summary.confirmations} (${summary.declined} declined)`],
    ['time in model', `${summary.modelMs} ms`],
    ['time in tools', `${summary.toolMs} ms (sub-agent included)`],
  );
  return table.toString();
}
