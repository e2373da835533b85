import { performance } from 'node:perf_hooks';
import { Agentao, type AskUserHints, type Transport } from '@agentao/core';
import { AGENT_INTERNALS, type AgentInternals, emitEvent } from '@agentao/core/internal';
import { type ResolvedAgentDefinition } from './agent-definition';
import { CompleteTaskTool } from './complete-task-tool';
import { type ChildRun } from './format-child-result';
import { ASK_USER_NOT_AVAILABLE } from './subagent-messages';

/** How a child's confirmations, questions and events are routed (§5.4). */
export type ChildRouting = 'foreground' | 'background-deny' | 'background-parent';

/** A spawned child, ready to run one turn. */
export interface ChildHandle {
  readonly agent: Agentao;
  readonly completeTask: CompleteTaskTool;
  readonly definition: ResolvedAgentDefinition;
}

/** The outcome of one child turn, with the error when the turn rejected. */
export interface ChildTurnResult extends ChildRun {
  readonly rejected: boolean;
  readonly thrown: unknown;
}

type EventInput = Parameters<typeof emitEvent>[1];

// The child's own transport is never asked: confirmations, questions and events go through the
// routing hooks below. It exists so the budget answer is fixed: children never extend their budget.
const CHILD_TRANSPORT: Transport = Object.freeze({
  emit: () => undefined,
  confirmTool: () => false,
  askUser: () => ASK_USER_NOT_AVAILABLE,
  onMaxIterations: () => ({ action: 'stop' as const }),
});

/** Asks through the parent's transport, serialised with the parent's own questions. */
function askParent(parent: AgentInternals, question: string, hints?: AskUserHints): Promise<string> {
  const ask = async (): Promise<string> => parent.transport.askUser(question, hints);
  const answer = parent.askQueue.then(ask, ask);
  parent.askQueue = answer.catch(() => undefined);
  return answer;
}

/** Re-emits the selected child events on the parent (§11): parent ids, labelled tool names, child call ids. */
function forwardingSink(parent: Agentao, definition: ResolvedAgentDefinition): (event: Record<string, unknown>) => void {
  const agent = definition.name;
  let llmCalls = 0;
  return (event) => {
    const { sessionId: _sessionId, turnId: _turnId, ...input } = event;
    const tool = typeof input.tool === 'string' ? input.tool : '?';
    switch (input.type) {
      case 'llm_call_started':
        llmCalls += 1;
        return;
      case 'turn_start':
      case 'tool_output':
      case 'tool_complete':
        emitEvent(parent, input as EventInput);
        return;
      case 'permission_decision':
      case 'tool_confirmation':
        emitEvent(parent, { ...input, tool: `[${agent}] ${tool}` } as EventInput);
        return;
      case 'tool_start':
        emitEvent(parent, { ...input, tool: `[${agent} ${llmCalls}/${definition.maxTurns}] ${tool}` } as EventInput);
        return;
      default:
        // turn_begin, turn_end, llm_*, thinking, tool_result and readonly_mode_changed stay inside the child.
        return;
    }
  };
}

/**
 * Builds a child agent for one spawn (§4, §5): the parent's LLM client, working directory,
 * capabilities, logger and permission policy object; the tool set snapshotted from the parent's
 * live registry now; `complete_task`; and the routing hooks of `routing`.
 */
export function spawnChild(parent: Agentao, definition: ResolvedAgentDefinition, routing: ChildRouting): ChildHandle {
  const parentInternals = parent[AGENT_INTERNALS];
  const logger = parentInternals.logger;
  const snapshot = parent.tools.snapshotForSubagent(definition.tools, logger);
  const child = new Agentao({
    workingDirectory: parent.workingDirectory,
    llm: parentInternals.llm,
    transport: CHILD_TRANSPORT,
    ...(parentInternals.policy !== null ? { permissionEngine: parentInternals.policy } : {}),
    readOnly: parent.readOnly,
    maxIterations: definition.maxTurns,
    logger,
    ...(definition.instructions !== null ? { instructions: definition.instructions } : {}),
    ...(parentInternals.filesystem !== null ? { filesystem: parentInternals.filesystem } : {}),
    ...(parentInternals.shell !== null ? { shell: parentInternals.shell } : {}),
  });
  // Raw registration: built-ins stay the parent's shared instances and copies keep the parent's binding.
  for (const name of snapshot.names()) child.tools.register(snapshot.get(name), { origin: snapshot.origin(name) ?? 'host', replace: true });
  const completeTask = new CompleteTaskTool();
  child.tools.register(completeTask, { origin: 'agent', replace: true });
  const internals = child[AGENT_INTERNALS];
  if (definition.model !== undefined) internals.modelOverride = definition.model;
  if (definition.temperature !== undefined) internals.temperatureOverride = definition.temperature;
  const label = (name: string): string => `[${definition.name}] ${name}`;
  const confirmWithParent = async (name: string, description: string, args: Record<string, unknown>) =>
    (await parentInternals.transport.confirmTool(label(name), description, args)) === true ? ('approved' as const) : ('declined' as const);
  if (routing === 'background-deny') {
    internals.confirm = async () => 'declined-in-background';
    internals.askUser = async () => ASK_USER_NOT_AVAILABLE;
  } else {
    internals.confirm = confirmWithParent;
    internals.askUser = (question, hints) => askParent(parentInternals, question, hints);
  }
  internals.eventSink = routing === 'foreground' ? forwardingSink(parent, definition) : () => undefined;
  return { agent: child, completeTask, definition };
}

/** Runs the child's one turn; never rejects (a rejection is reported in the result). */
export async function runChildTurn(handle: ChildHandle, message: string, signal: AbortSignal): Promise<ChildTurnResult> {
  const started = performance.now();
  let text = '';
  let rejected = false;
  let thrown: unknown = undefined;
  try {
    text = await handle.agent.chat(message, { signal });
  } catch (error) {
    rejected = true;
    thrown = error;
  }
  const history = handle.agent.messages;
  const outcome = handle.agent.lastTurn;
  return {
    text,
    outcome,
    completedThroughTool: handle.completeTask.completedWith !== null && outcome?.status === 'ok' && outcome.incompleteReason === null,
    turns: history.filter((message) => message.role === 'assistant').length,
    toolCalls: history.filter((message) => message.role === 'tool').length,
    durationMs: Math.round(performance.now() - started),
    rejected,
    thrown,
  };
}
