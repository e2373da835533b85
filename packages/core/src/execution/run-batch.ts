import { LocalFileSystem } from '../capabilities/local-file-system';
import { type ToolMessage } from '../messages';
import { type NormalizedToolCall } from '../normalizer/normalize-tool-calls';
import { sanitizeSurrogates } from '../normalizer/sanitize-surrogates';
import { readToolFlag } from '../tool/read-tool-flag';
import { emitEvent, eventsUnobserved } from '../loop/emit-event';
import { type TurnState } from '../loop/turn-state';
import { type DecidedPlan, decidePlan, eventReason } from './decide-plan';
import { agentHandle, type CallOutcome, type ConfirmedRoute, executeCall } from './execute-call';
import { contentHash, formatResult, formatSmallResult, TOOL_OUTPUT_SAVE_THRESHOLD } from './format-result';
import { planCalls } from './plan-calls';

let sharedLocalFileSystem: LocalFileSystem | undefined;
// Stateless, so one instance can serve every agent that was given no filesystem.
const localFileSystem = (): LocalFileSystem => (sharedLocalFileSystem ??= new LocalFileSystem());

/** Most calls of one concurrent batch in flight at once. */
export const MAX_PARALLEL_TOOL_CALLS = 8;

/** What one batch produced for the loop. */
export interface BatchResult {
  doomTriggered: boolean;
  /** Exactly one answer per call of the reply, in emission order. */
  toolMessages: ToolMessage[];
  /** Set when a tool asked to end the turn (`complete_task`). */
  endTurn: string | null;
}

/** A foreground `agent_*` call can write files, so it forces one-by-one execution. */
function isForegroundAgentCall(plan: DecidedPlan): boolean {
  return plan.name.startsWith('agent_') && plan.args.run_in_background !== true;
}

/** True when the batch may run concurrently (core.md §8.6). */
export function runsConcurrently(state: TurnState, plans: readonly DecidedPlan[]): boolean {
  if (plans.length < 2) return false;
  if (!plans.every((plan) => readToolFlag(plan.tool, 'isReadOnly', state.internals.logger))) return false;
  return state.agent.readOnly || !plans.some(isForegroundAgentCall);
}

async function confirmRoute(state: TurnState, plan: DecidedPlan): Promise<ConfirmedRoute> {
  const { agent, internals } = state;
  emitEvent(agent, { type: 'tool_confirmation', tool: plan.name, args: plan.args, callId: plan.callId });
  let answer: 'approved' | 'declined' | 'declined-in-background';
  if (internals.confirm !== undefined) {
    answer = await internals.confirm(plan.name, plan.tool.description, plan.args);
  } else {
    answer = (await internals.transport.confirmTool(plan.name, plan.tool.description, plan.args)) === true ? 'approved' : 'declined';
  }
  if (answer === 'approved') return 'allow';
  emitEvent(agent, { type: 'turn_start' });
  return answer === 'declined-in-background' ? 'declined-in-background' : 'declined';
}

async function runPool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** One answer per call, in the order the model emitted the calls (ids are unique within a reply). */
function inCallOrder(calls: readonly NormalizedToolCall[], answers: ReadonlyMap<string, ToolMessage>): ToolMessage[] {
  return calls.map((call) => answers.get(call.wire.id)).filter((message): message is ToolMessage => message !== undefined);
}

/** Plans, decides, confirms, executes and formats one reply's calls (core.md §8.1). Rejects only when a host callback throws. */
export async function runBatch(state: TurnState, calls: readonly NormalizedToolCall[]): Promise<BatchResult> {
  const { agent, internals } = state;
  const planned = planCalls(state, calls);
  if (planned.doomTriggered || planned.plans.length === 0) {
    const answers = new Map(planned.early.map((message) => [message.tool_call_id, message]));
    return { doomTriggered: planned.doomTriggered, toolMessages: inCallOrder(calls, answers), endTurn: null };
  }
  const decided: DecidedPlan[] = [];
  for (const plan of planned.plans) {
    const pending = decidePlan(state, plan);
    // Without a policy the decision is synchronous; awaiting it anyway would cost a microtask per call.
    const decision = pending instanceof Promise ? await pending : pending;
    decided.push(decision);
    if (eventsUnobserved(agent)) continue;
    const mode = internals.policy?.mode;
    emitEvent(agent, {
      type: 'permission_decision',
      tool: decision.name,
      callId: decision.callId,
      decision: decision.route,
      reason: eventReason(decision.reason),
      mode: typeof mode === 'string' ? mode : null,
    });
  }
  const routes = new Map<DecidedPlan, ConfirmedRoute>();
  for (const plan of decided) routes.set(plan, plan.route === 'ask' ? await confirmRoute(state, plan) : plan.route);
  const handle = (state.agentHandle ??= agentHandle(state));
  const outcomes = new Map<DecidedPlan, CallOutcome>();
  const concurrent = runsConcurrently(state, decided);
  const run = async (plan: DecidedPlan): Promise<void> => {
    outcomes.set(plan, await executeCall(state, plan, routes.get(plan) ?? 'deny', handle, concurrent));
  };
  if (concurrent) await runPool(decided, MAX_PARALLEL_TOOL_CALLS, run);
  else for (const plan of decided) await run(plan);
  const filesystem = internals.filesystem ?? localFileSystem();
  const answers = new Map<string, ToolMessage>(planned.early.map((message) => [message.tool_call_id, message]));
  for (const plan of decided) {
    const outcome = outcomes.get(plan) as CallOutcome;
    const formatted =
      outcome.content.length <= TOOL_OUTPUT_SAVE_THRESHOLD
        ? formatSmallResult(outcome.content)
        : await formatResult(plan.name, outcome.content, agent.workingDirectory, filesystem, internals.logger);
    // The hash exists only for the event; nobody listening means nothing to hash for.
    if (!eventsUnobserved(agent)) {
      emitEvent(agent, {
        type: 'tool_result',
        tool: plan.name,
        callId: plan.callId,
        content: outcome.content,
        contentHash: contentHash(outcome.content),
        originalChars: formatted.originalChars,
        savedToDisk: formatted.savedToDisk,
        diskPath: formatted.diskPath,
        status: outcome.status,
      });
    }
    answers.set(plan.callId, sanitizeSurrogates({ role: 'tool', tool_call_id: plan.callId, name: plan.name, content: formatted.content }));
  }
  return { doomTriggered: false, toolMessages: inCallOrder(calls, answers), endTurn: state.endTurnPayload };
}
