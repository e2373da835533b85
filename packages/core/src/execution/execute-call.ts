import { performance } from 'node:perf_hooks';
import { errorMessage } from '../errors';
import { type AgentHandle, type ToolContext } from '../tool/tool';
import { cancellationReason } from '../loop/cancellation';
import { emitEvent } from '../loop/emit-event';
import { type TurnState } from '../loop/turn-state';
import {
  MSG_CANCELLED_WHILE_RUNNING,
  msgCancelledBeforeStart,
  msgDeclinedInBackground,
  msgPolicyDenied,
  msgReadOnlyRefused,
  msgToolFailed,
  msgToolReturnedNonString,
  msgUserDeclined,
} from '../model-messages';
import { type ToolCallStatus } from '../transport/events';
import { type DecidedPlan } from './decide-plan';
import { TOOL_CONTEXT_INTERNALS, type ToolCallInternals } from './tool-call-internals';

/** How long a cancelled tool gets to settle (run its `finally`) before the loop moves on. */
export const CANCEL_ACK_TIMEOUT_MS = 5_000;
/** Tool error messages in events are cut to this many characters. */
export const TOOL_ERROR_SUMMARY_CHARS = 200;

/** The confirmation answer of a plan routed `ask`. */
export type ConfirmedRoute = 'allow' | 'deny' | 'declined' | 'declined-in-background';

/** What one call produced. */
export interface CallOutcome {
  content: string;
  status: ToolCallStatus;
  error: string | null;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A read-only view of the agent for tools, with the live read-only state. */
export function agentHandle(state: TurnState): AgentHandle {
  const { agent, internals } = state;
  return Object.freeze({
    workingDirectory: agent.workingDirectory,
    get readOnly() {
      return agent.readOnly;
    },
    logger: internals.logger,
    sessionId: agent.sessionId,
  });
}

function finish(state: TurnState, plan: DecidedPlan, started: number, outcome: CallOutcome): CallOutcome {
  emitEvent(state.agent, {
    type: 'tool_complete',
    tool: plan.name,
    callId: plan.callId,
    status: outcome.status,
    durationMs: Math.round(performance.now() - started),
    error: outcome.error,
  });
  return outcome;
}

const waitForAbort = (signal: AbortSignal): { promise: Promise<void>; dispose(): void } => {
  let onAbort: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    onAbort = () => resolve();
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
};

/** Runs one planned call with its `tool_start` / `tool_output` / `tool_complete` events; never rejects (core.md §8.7, §8.8). */
export async function executeCall(
  state: TurnState,
  plan: DecidedPlan,
  route: ConfirmedRoute,
  handle: AgentHandle,
  concurrent = false,
): Promise<CallOutcome> {
  const { agent, internals, signal } = state;
  emitEvent(agent, { type: 'tool_start', tool: plan.name, args: plan.args, callId: plan.callId });
  const started = performance.now();
  if (route === 'deny') {
    const readOnly = plan.denyKind === 'read-only';
    return finish(state, plan, performance.now(), {
      content: readOnly ? msgReadOnlyRefused(plan.name) : msgPolicyDenied(plan.name),
      status: 'cancelled',
      error: readOnly ? 'denied by read-only mode' : 'denied by permission policy',
    });
  }
  if (route === 'declined' || route === 'declined-in-background') {
    const background = route === 'declined-in-background';
    return finish(state, plan, started, {
      content: background ? msgDeclinedInBackground(plan.name) : msgUserDeclined(plan.name),
      status: 'cancelled',
      error: background ? 'declined in background' : 'cancelled by user',
    });
  }
  // In a concurrent batch every call is started before any runs, so even synchronous tools overlap
  // in the event stream the way they overlap in the batch.
  if (concurrent) await Promise.resolve();
  if (signal.aborted) {
    const reason = cancellationReason(signal);
    return finish(state, plan, started, { content: msgCancelledBeforeStart(reason), status: 'cancelled', error: reason });
  }
  let settled = false;
  const callInternals: ToolCallInternals = {
    agentInternals: internals,
    requestEndTurn: (payload) => {
      state.endTurnPayload = payload;
    },
  };
  const ctx: ToolContext = {
    signal,
    toolCallId: plan.callId,
    agent: handle,
    onOutput: (chunk: string) => {
      if (settled) {
        internals.logger.debug(`Tool '${plan.name}': output after the call settled was dropped`);
        return;
      }
      if (typeof chunk === 'string' && chunk !== '') emitEvent(agent, { type: 'tool_output', tool: plan.name, chunk, callId: plan.callId });
    },
  };
  Object.defineProperty(ctx, TOOL_CONTEXT_INTERNALS, { value: callInternals });
  let returned: unknown;
  try {
    returned = plan.tool.execute(plan.args, ctx);
  } catch (error) {
    settled = true;
    return finish(state, plan, started, failure(plan.name, error));
  }
  // A synchronous result cannot be interrupted, so it skips the cancellation race (the common, cheap case).
  if (!isThenable(returned)) {
    settled = true;
    return finish(state, plan, started, classify(plan.name, returned));
  }
  const run = Promise.resolve(returned).then(
    (value: unknown) => ({ kind: 'value' as const, value }),
    (error: unknown) => ({ kind: 'error' as const, error }),
  );
  const abort = waitForAbort(signal);
  const first = await Promise.race([run, abort.promise.then(() => ({ kind: 'abort' as const }))]);
  abort.dispose();
  // Aborted while it ran: cancelled however the tool settles (a result racing the abort is discarded).
  if (first.kind === 'abort' || signal.aborted) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), CANCEL_ACK_TIMEOUT_MS);
    });
    const acknowledged = await Promise.race([run.then(() => 'settled' as const), timeout]);
    clearTimeout(timer);
    if (acknowledged === 'timeout') {
      internals.logger.warn(`Tool '${plan.name}': cancel ack timeout after ${CANCEL_ACK_TIMEOUT_MS} ms; moving on`);
    }
    settled = true;
    return finish(state, plan, started, { content: MSG_CANCELLED_WHILE_RUNNING, status: 'cancelled', error: cancellationReason(signal) });
  }
  settled = true;
  return finish(state, plan, started, first.kind === 'error' ? failure(plan.name, first.error) : classify(plan.name, first.value));
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as PromiseLike<unknown>).then === 'function';
}

/** The outcome of a tool that threw or rejected. */
function failure(name: string, error: unknown): CallOutcome {
  const message = errorMessage(error);
  return { content: msgToolFailed(name, message), status: 'error', error: message.slice(0, TOOL_ERROR_SUMMARY_CHARS) };
}

/** The outcome of a tool that returned `value`: a string is the result, anything else an error. */
function classify(name: string, value: unknown): CallOutcome {
  if (typeof value === 'string') return { content: value, status: 'ok', error: null };
  const type = typeName(value);
  return { content: msgToolReturnedNonString(name, type), status: 'error', error: `tool returned ${type}, expected a string` };
}
