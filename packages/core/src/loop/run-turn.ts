import { randomUUID } from 'node:crypto';
import { type Agentao } from '../agent/agentao';
import { AGENT_INTERNALS } from '../agent/agent-internals';
import { type ChatOptions, type TurnOutcome } from '../agent/agentao-options';
import { assertMaxIterations } from '../agent/validate-options';
import { AgentaoError } from '../errors';
import { msgCancelled } from '../model-messages';
import { backfillOrphanedToolCalls } from '../normalizer/backfill-orphaned-tool-calls';
import { cancellationReason } from './cancellation';
import { emitEvent } from './emit-event';
import { runIterations } from './run-iterations';
import { TurnState } from './turn-state';

function linkSignal(controller: AbortController, outer: AbortSignal | undefined): () => void {
  if (outer === undefined) return () => undefined;
  if (outer.aborted) {
    controller.abort(outer.reason);
    return () => undefined;
  }
  const forward = (): void => controller.abort(outer.reason);
  outer.addEventListener('abort', forward, { once: true });
  return () => outer.removeEventListener('abort', forward);
}

/** Runs one turn of `agent` (core.md §5.2): busy guard, events, loop, exit mapping, `lastTurn`. */
export async function runTurn(agent: Agentao, userMessage: string, options: ChatOptions = {}): Promise<string> {
  const internals = agent[AGENT_INTERNALS];
  if (internals.activeTurn !== null) throw new AgentaoError('AGENT_BUSY', 'chat(): the agent is busy with another turn');
  if (typeof userMessage !== 'string') throw new AgentaoError('CONFIG_INVALID', `chat(): userMessage must be a string, got ${typeof userMessage}`);
  const maxIterations = options.maxIterations ?? internals.maxIterations;
  assertMaxIterations(maxIterations);
  const controller = new AbortController();
  let release: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const turnId = randomUUID();
  internals.activeTurn = { turnId, controller, done };
  const unlink = linkSignal(controller, options.signal);
  const state = new TurnState(agent, turnId, controller.signal, maxIterations);
  let text = '';
  let status: TurnOutcome['status'] = 'ok';
  let error: string | null = null;
  let thrown: unknown = undefined;
  let rejected = false;
  try {
    emitEvent(agent, { type: 'turn_begin', userMessage });
    text = await runIterations(state, userMessage);
  } catch (failure) {
    backfillOrphanedToolCalls(internals.history);
    if (controller.signal.aborted) {
      const reason = cancellationReason(controller.signal);
      text = msgCancelled(reason);
      internals.history.push({ role: 'assistant', content: text });
      status = 'cancelled';
      error = reason;
    } else {
      status = 'error';
      error = String(failure);
      thrown = failure;
      rejected = true;
    }
  }
  if (status === 'ok' && controller.signal.aborted) {
    status = 'cancelled';
    error = cancellationReason(controller.signal);
  }
  const incompleteReason = status === 'ok' ? state.incompleteReason : null;
  const finishReasonMissing = status === 'cancelled' ? false : state.finishReasonMissing;
  const outcome: TurnOutcome = Object.freeze({
    text,
    status,
    incompleteReason,
    toolCount: state.toolCount,
    error,
    finishReasonMissing,
    isAnswer: status === 'ok' && incompleteReason === null,
  });
  internals.lastTurn = outcome;
  emitEvent(agent, { type: 'turn_end', finalText: text, status, error, toolCount: state.toolCount, incompleteReason, finishReasonMissing });
  unlink();
  internals.activeTurn = null;
  release();
  if (rejected) throw thrown;
  return text;
}
