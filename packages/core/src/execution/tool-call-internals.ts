import { type AgentInternals } from '../agent/agent-internals';
import { AgentaoError } from '../errors';
import { type ToolContext } from '../tool/tool';
import { type AskUserHints } from '../transport/transport';

/** Symbol under which a `ToolContext` carries the seams first-party tools use (not public API). */
export const TOOL_CONTEXT_INTERNALS: unique symbol = Symbol('agentao.toolContextInternals');

/** The hidden part of a `ToolContext`. */
export interface ToolCallInternals {
  readonly agentInternals: AgentInternals;
  /** Ends the turn after the current batch with `payload` as its final text (used by `complete_task`). */
  requestEndTurn(payload: string): void;
}

function internalsOf(ctx: ToolContext): ToolCallInternals {
  const found = (ctx as unknown as Partial<Record<typeof TOOL_CONTEXT_INTERNALS, ToolCallInternals>>)[TOOL_CONTEXT_INTERNALS];
  if (found === undefined) throw new AgentaoError('INTERNAL', 'this ToolContext was not created by an Agentao agent');
  return found;
}

/** The running agent's per-session key/value state (emptied by `clearHistory()`). */
export function sessionStateOf(ctx: ToolContext): Map<string, unknown> {
  return internalsOf(ctx).agentInternals.sessionState;
}

/** Asks the user through the running agent's route (its transport, or the parent's for a sub-agent), one question at a time. */
export function askUserVia(ctx: ToolContext, question: string, hints?: AskUserHints): Promise<string> {
  const internals = internalsOf(ctx).agentInternals;
  const ask = async (): Promise<string> => {
    if (internals.askUser !== undefined) return internals.askUser(question, hints);
    return internals.transport.askUser(question, hints);
  };
  const answer = internals.askQueue.then(ask, ask);
  internals.askQueue = answer.catch(() => undefined);
  return answer;
}

/** Asks the loop to end the turn after the current batch with `payload` as the final text. */
export function requestEndTurn(ctx: ToolContext, payload: string): void {
  internalsOf(ctx).requestEndTurn(payload);
}
