import { randomUUID } from 'node:crypto';
import { type Agentao } from '@agentao/core';
import { AGENT_INTERNALS, emitEvent } from '@agentao/core/internal';
import { type ResolvedAgentDefinition } from './agent-definition';
import { type BackgroundTask, BackgroundTaskStore } from './background-task-store';
import { errorMessage } from './error-message';
import { classifyChildRun, formatChildResult } from './format-child-result';
import { childUserMessage } from './parent-context';
import { type ChildRouting, type ChildTurnResult, runChildTurn, spawnChild } from './spawn-child';
import {
  LIST_TASK_CHARS,
  MSG_NO_BACKGROUND_AGENTS,
  msgBackgroundStarted,
  msgNoBackgroundAgent,
  NOTE_RESULT_CHARS,
  NOTICE_CAPACITY,
  preview,
  TASK_PREVIEW_CHARS,
} from './subagent-messages';

/** Per-parent settings of the plugin. */
export interface SessionSettings {
  readonly background: boolean;
  readonly backgroundConfirm: 'deny' | 'parent';
}

const seconds = (ms: number, digits: number): string => (Math.max(0, ms) / 1000).toFixed(digits);

/** The note pushed to the parent when a background task finishes (§9.4). */
export function backgroundNote(task: Readonly<BackgroundTask>): string {
  const label = `Background agent '${task.agentName}' (ID: ${task.agentId})`;
  if (task.status === 'completed') return `${label} completed.\n${preview(task.result ?? '', NOTE_RESULT_CHARS)}`;
  if (task.status === 'failed') return `${label} failed: ${task.error ?? 'unknown error'}`;
  return `${label} was cancelled.`;
}

/**
 * One parent agent's sub-agent state: its definitions, the background store and the running
 * workers. Foreground runs share the parent call's signal; background runs own a private one.
 */
export class SubagentSession {
  /** The background runs of this parent. */
  readonly store: BackgroundTaskStore;
  private readonly workers = new Set<Promise<void>>();

  constructor(
    readonly parent: Agentao,
    readonly definitions: readonly ResolvedAgentDefinition[],
    readonly settings: SessionSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.store = new BackgroundTaskStore((task) => this.notify(backgroundNote(task)), now);
  }

  /** Runs a foreground child (§7) and returns the formatted result; rejects when the child turn rejected. */
  async runForeground(definition: ResolvedAgentDefinition, task: string, signal: AbortSignal): Promise<string> {
    const parent = this.parent;
    emitEvent(parent, { type: 'agent_start', agent: definition.name, task: task.slice(0, TASK_PREVIEW_CHARS), maxTurns: definition.maxTurns });
    let run: ChildTurnResult;
    try {
      const message = childUserMessage(parent[AGENT_INTERNALS].history, task);
      run = await runChildTurn(spawnChild(parent, definition, 'foreground'), message, signal);
    } catch (error) {
      this.emitEnd(definition, 'failed', { turns: 0, toolCalls: 0, durationMs: 0 }, errorMessage(error));
      throw error;
    }
    if (run.rejected) {
      this.emitEnd(definition, 'failed', run, errorMessage(run.thrown));
      throw run.thrown;
    }
    const failure = classifyChildRun(run, definition.maxTurns);
    const state = failure === null ? 'completed' : run.outcome?.status === 'cancelled' ? 'cancelled' : 'failed';
    this.emitEnd(definition, state, run, failure?.detail ?? null);
    return formatChildResult(definition.name, run, failure);
  }

  /** Launches a background child (§9.1): tool set built now, worker started without awaiting; returns the launch text. */
  launch(definition: ResolvedAgentDefinition, task: string): string {
    const routing: ChildRouting = this.settings.backgroundConfirm === 'parent' ? 'background-parent' : 'background-deny';
    const handle = spawnChild(this.parent, definition, routing);
    const message = childUserMessage(this.parent[AGENT_INTERNALS].history, task);
    let agentId = randomUUID().slice(0, 8);
    while (this.store.get(agentId) !== undefined) agentId = randomUUID().slice(0, 8);
    const entry = this.store.register(agentId, definition.name, task);
    // Deferred to the next macrotask so the launch returns first and the task is observably pending.
    const worker = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      if (!this.store.markRunning(agentId)) return;
      const run = await runChildTurn(handle, message, entry.controller.signal);
      this.store.finish(agentId, this.finishOf(definition, run));
    });
    const tracked = worker.catch((error: unknown) => {
      // Only a bug in this package can get here; the task must still reach a terminal state.
      this.parent[AGENT_INTERNALS].logger.error(`background agent ${agentId} crashed: ${errorMessage(error)}`);
      this.store.finish(agentId, { status: 'failed', error: errorMessage(error), turns: 0, toolCalls: 0, durationMs: 0 });
    });
    this.workers.add(tracked);
    void tracked.finally(() => this.workers.delete(tracked));
    return msgBackgroundStarted(definition.name, agentId, task);
  }

  /** The `check_background_agent` text (§10.1); `''` lists every task. */
  check(agentId: string): string {
    if (agentId === '') return this.listText();
    const task = this.store.get(agentId);
    if (task === undefined) return msgNoBackgroundAgent(agentId);
    const label = `Agent '${task.agentName}' (${task.agentId})`;
    switch (task.status) {
      case 'pending':
        return `${label} is queued, not yet started.`;
      case 'running':
        return `${label} is still running (${seconds(this.now() - (task.startedAt ?? this.now()), 0)}s elapsed).`;
      case 'completed':
        return `${label} completed (${seconds(this.runMs(task), 1)}s):\n\n${task.result ?? ''}`;
      case 'cancelled':
        return `${label} was cancelled.`;
      case 'failed': {
        const head =
          task.incompleteReason !== null
            ? `${label} did not finish (${task.incompleteReason}): ${task.error ?? ''}`
            : `${label} failed: ${task.error ?? ''}`;
        return task.result !== null ? `${head}\n\n${task.result}` : head;
      }
    }
  }

  /** The `cancel_background_agent` text (§9.5). */
  cancel(agentId: string): string {
    return this.store.cancel(agentId, 'user-cancel');
  }

  /** Aborts every pending or running task (reason `closed`) and waits for the workers to settle. */
  async close(): Promise<void> {
    for (const task of this.store.list()) {
      if (task.status === 'pending' || task.status === 'running') this.store.cancel(task.agentId, 'closed');
    }
    await Promise.allSettled([...this.workers]);
  }

  private finishOf(definition: ResolvedAgentDefinition, run: ChildTurnResult): Parameters<BackgroundTaskStore['finish']>[1] {
    const stats = { turns: run.turns, toolCalls: run.toolCalls, durationMs: run.durationMs };
    if (run.rejected) return { status: 'failed', error: errorMessage(run.thrown), ...stats };
    const failure = classifyChildRun(run, definition.maxTurns);
    if (failure === null) return { status: 'completed', result: formatChildResult(definition.name, run, null), ...stats };
    // A cancelled child is an interruption, never a failure (§12).
    if (run.outcome?.status === 'cancelled') return { status: 'cancelled', ...stats };
    return {
      status: 'failed',
      result: formatChildResult(definition.name, run, failure),
      error: failure.detail,
      incompleteReason: failure.reason,
      ...stats,
    };
  }

  private runMs(task: Readonly<BackgroundTask>): number {
    return task.startedAt === null || task.finishedAt === null ? task.durationMs : task.finishedAt - task.startedAt;
  }

  private listText(): string {
    const tasks = this.store.list();
    if (tasks.length === 0) return MSG_NO_BACKGROUND_AGENTS;
    const lines = tasks.map((task) => `  [${task.agentId}] ${task.agentName} — ${task.status} (${this.elapsed(task)}): ${task.task.slice(0, LIST_TASK_CHARS)}`);
    return ['Background agents:', ...lines].join('\n');
  }

  private elapsed(task: Readonly<BackgroundTask>): string {
    if (task.status === 'pending') return 'queued';
    if (task.status === 'running') return `${seconds(this.now() - (task.startedAt ?? this.now()), 0)}s running`;
    if (task.startedAt === null) return 'cancelled before start';
    return `${seconds(this.runMs(task), 1)}s`;
  }

  private notify(note: string): void {
    const notices = this.parent[AGENT_INTERNALS].notices;
    // Bounded FIFO: the oldest note gives way so a flood of finishing tasks cannot grow the queue without limit.
    while (notices.length >= NOTICE_CAPACITY) notices.shift();
    notices.push(note);
  }

  private emitEnd(
    definition: ResolvedAgentDefinition,
    state: 'completed' | 'cancelled' | 'failed',
    stats: { turns: number; toolCalls: number; durationMs: number },
    error: string | null,
  ): void {
    emitEvent(this.parent, {
      type: 'agent_end',
      agent: definition.name,
      state,
      turns: stats.turns,
      toolCalls: stats.toolCalls,
      durationMs: stats.durationMs,
      error,
    });
  }
}
