import { AgentaoError } from '@agentao/core';
import { msgNoBackgroundAgent } from './subagent-messages';

/** Every status a background task can have (§9.3). */
export const BACKGROUND_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;

/** Status of a background task. */
export type BackgroundStatus = (typeof BACKGROUND_STATUSES)[number];

/** One background run as the store keeps it (§9.3). */
export interface BackgroundTask {
  readonly agentId: string;
  readonly agentName: string;
  /** The full task text. */
  readonly task: string;
  status: BackgroundStatus;
  result: string | null;
  error: string | null;
  /** Only with `failed` when the run ended without an answer (an `IncompleteReason`, `cancelled` or `unknown`). */
  incompleteReason: string | null;
  /** Epoch milliseconds. */
  readonly createdAt: number;
  startedAt: number | null;
  finishedAt: number | null;
  turns: number;
  toolCalls: number;
  durationMs: number;
  /** Private signal of the run; aborted by `cancel` (reason `user-cancel`) or `close()` (reason `closed`). */
  readonly controller: AbortController;
}

/** How a worker finished. */
export interface TaskFinish {
  status: 'completed' | 'failed' | 'cancelled';
  result?: string | null;
  error?: string | null;
  incompleteReason?: string | null;
  turns: number;
  toolCalls: number;
  durationMs: number;
}

const TERMINAL = new Set<BackgroundStatus>(['completed', 'failed', 'cancelled']);

/** Called once per task that reaches a terminal status. Must not throw. */
export type TaskFinishedListener = (task: Readonly<BackgroundTask>) => void;

/** In-memory store of one parent agent's background runs; not persisted (§9.3). */
export class BackgroundTaskStore {
  private readonly tasks = new Map<string, BackgroundTask>();

  constructor(
    private readonly onFinished: TaskFinishedListener,
    private readonly now: () => number = Date.now,
  ) {}

  /** Registers a task as `pending`. */
  register(agentId: string, agentName: string, task: string): BackgroundTask {
    const entry: BackgroundTask = {
      agentId,
      agentName,
      task,
      status: 'pending',
      result: null,
      error: null,
      incompleteReason: null,
      createdAt: this.now(),
      startedAt: null,
      finishedAt: null,
      turns: 0,
      toolCalls: 0,
      durationMs: 0,
      controller: new AbortController(),
    };
    this.tasks.set(agentId, entry);
    return entry;
  }

  /** The task, or `undefined`. */
  get(agentId: string): Readonly<BackgroundTask> | undefined {
    return this.tasks.get(agentId);
  }

  /** Every task in launch order. */
  list(): readonly Readonly<BackgroundTask>[] {
    return [...this.tasks.values()];
  }

  /** `pending` → `running`; false (nothing changes) for any other state, so a cancelled task is never revived. */
  markRunning(agentId: string): boolean {
    const task = this.tasks.get(agentId);
    if (task?.status !== 'pending') return false;
    setStatus(task, 'running');
    task.startedAt = this.now();
    return true;
  }

  /** Sets the terminal status and statistics; ignored for an already finished task. */
  finish(agentId: string, finish: TaskFinish): void {
    const task = this.tasks.get(agentId);
    if (task === undefined || TERMINAL.has(task.status)) return;
    setStatus(task, finish.status);
    task.result = finish.result ?? null;
    task.error = finish.error ?? null;
    task.incompleteReason = finish.status === 'failed' ? (finish.incompleteReason ?? null) : null;
    task.turns = finish.turns;
    task.toolCalls = finish.toolCalls;
    task.durationMs = finish.durationMs;
    task.finishedAt = this.now();
    this.onFinished(task);
  }

  /** Cancels a task (§9.5) and returns the text for the model; `reason` is the abort reason of a running one. */
  cancel(agentId: string, reason: 'user-cancel' | 'closed' = 'user-cancel'): string {
    const task = this.tasks.get(agentId);
    if (task === undefined) return msgNoBackgroundAgent(agentId);
    const label = `Agent '${task.agentName}' (${task.agentId})`;
    if (TERMINAL.has(task.status)) return `${label} is already ${task.status} — nothing to cancel.`;
    if (task.status === 'pending') {
      this.finish(agentId, { status: 'cancelled', turns: 0, toolCalls: 0, durationMs: 0 });
      return `${label} cancelled before it started.`;
    }
    task.controller.abort(reason);
    return `Cancellation signal sent to agent '${task.agentName}' (${task.agentId}). It will stop at the next safe point.`;
  }
}

function setStatus(task: BackgroundTask, status: BackgroundStatus): void {
  if (!(BACKGROUND_STATUSES as readonly string[]).includes(status)) {
    throw new AgentaoError('INTERNAL', `background task ${task.agentId}: invalid status ${String(status)}`);
  }
  task.status = status;
}
