import { AgentaoError, errorMessage } from '../errors';
import { type ToolMessage } from '../messages';
import {
  MSG_BATCH_HALTED,
  MSG_EMPTY_NAME,
  MSG_EMPTY_NAME_STOP_SUFFIX,
  msgDoomArguments,
  msgDoomIdentical,
  msgInvalidArguments,
  msgInvalidSchema,
  msgToolNotFound,
  msgUnparseableArguments,
} from '../model-messages';
import { ARG_FAILURE_THRESHOLD, DOOM_LOOP_THRESHOLD, EMPTY_NAME_THRESHOLD } from '../normalizer/constants';
import { type NormalizedToolCall } from '../normalizer/normalize-tool-calls';
import { parseToolArguments } from '../normalizer/parse-tool-arguments';
import { repairToolName } from '../normalizer/repair-tool-name';
import { MAX_VALIDATION_LINES } from '../registry/argument-validator';
import { type TurnState } from '../loop/turn-state';
import { type Tool } from '../tool/tool';

/** A call that survived planning and will be executed, denied or declined. */
export interface Plan {
  readonly callId: string;
  /** The name as recorded in history (what events and the result message carry). */
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly tool: Tool;
}

/** What planning a batch produced. */
export interface PlannedBatch {
  plans: Plan[];
  /** Calls answered by the planner, in emission order. */
  early: ToolMessage[];
  doomTriggered: boolean;
}

const answer = (call: NormalizedToolCall, content: string): ToolMessage => ({
  role: 'tool',
  tool_call_id: call.wire.id,
  name: call.wire.function.name,
  content,
});

/** Plans every call of a reply in emission order, applying the loop guards (core.md §8.2). */
export function planCalls(state: TurnState, calls: readonly NormalizedToolCall[]): PlannedBatch {
  const { agent, guards, internals } = state;
  const plans: Plan[] = [];
  const early: ToolMessage[] = [];
  const answered = new Set<NormalizedToolCall>();
  const reply = (call: NormalizedToolCall, content: string): void => {
    early.push(answer(call, content));
    answered.add(call);
  };
  const failArguments = (call: NormalizedToolCall, name: string, message: string): boolean => {
    const failures = (guards.argumentFailures.get(name) ?? 0) + 1;
    guards.argumentFailures.set(name, failures);
    if (failures >= ARG_FAILURE_THRESHOLD) {
      reply(call, msgDoomArguments(name, failures));
      return true;
    }
    reply(call, message);
    return false;
  };
  let doomTriggered = false;
  for (const call of calls) {
    const name = call.wire.function.name;
    if (call.blank) {
      guards.emptyNames += 1;
      const trip = guards.emptyNames >= EMPTY_NAME_THRESHOLD;
      reply(call, trip ? MSG_EMPTY_NAME + MSG_EMPTY_NAME_STOP_SUFFIX : MSG_EMPTY_NAME);
      if (trip) {
        doomTriggered = true;
        break;
      }
      continue;
    }
    const identityKey = `${name}\u0000${call.rawArguments}`;
    const seen = (guards.identical.get(identityKey) ?? 0) + 1;
    guards.identical.set(identityKey, seen);
    if (seen >= DOOM_LOOP_THRESHOLD) {
      reply(call, msgDoomIdentical(name, seen));
      doomTriggered = true;
      break;
    }
    let args: Record<string, unknown>;
    try {
      const parsed = parseToolArguments(call.rawArguments);
      args = parsed.args;
      if (parsed.repairs.length > 0) internals.logger.warn(`Tool '${name}': arguments repaired via ${parsed.repairs.join('+')}`);
    } catch (error) {
      const reason = AgentaoError.isInstance(error) ? error.message : errorMessage(error);
      if (failArguments(call, name, msgUnparseableArguments(name, reason))) {
        doomTriggered = true;
        break;
      }
      continue;
    }
    const resolvedName = call.invalidName ? null : agent.tools.has(name) ? name : repairToolName(name, agent.tools.names());
    if (resolvedName === null) {
      reply(call, msgToolNotFound(name, agent.tools.names()));
      continue;
    }
    const tool = agent.tools.get(resolvedName);
    const validator = agent.tools.validatorFor(tool);
    if (validator instanceof AgentaoError) {
      reply(call, msgInvalidSchema(resolvedName, validator.message));
      continue;
    }
    const violations = validator(args);
    if (violations.length > 0) {
      const lines = violations.slice(0, MAX_VALIDATION_LINES).map((v) => `- ${v.path}: ${v.message} (${v.keyword})`);
      if (violations.length > MAX_VALIDATION_LINES) lines.push(`- … and ${violations.length - MAX_VALIDATION_LINES} more`);
      if (failArguments(call, name, msgInvalidArguments(name, lines))) {
        doomTriggered = true;
        break;
      }
      continue;
    }
    guards.argumentFailures.set(name, 0);
    plans.push({ callId: call.wire.id, name, args, tool });
  }
  if (doomTriggered) {
    // Nothing of a halted batch runs; every call gets exactly one answer.
    for (const plan of plans) early.push({ role: 'tool', tool_call_id: plan.callId, name: plan.name, content: MSG_BATCH_HALTED });
    const planned = new Set(plans.map((plan) => plan.callId));
    for (const call of calls) {
      if (!answered.has(call) && !planned.has(call.wire.id)) early.push(answer(call, MSG_BATCH_HALTED));
    }
    return { plans: [], early, doomTriggered };
  }
  return { plans, early, doomTriggered };
}
