import { errorMessage } from '../errors';
import { type PermissionDetail } from '../permission-policy';
import { readToolFlag } from '../tool/read-tool-flag';
import { type TurnState } from '../loop/turn-state';
import { type Plan } from './plan-calls';

/** Permission reasons in events are cut to this many characters. */
export const PERMISSION_REASON_MAX_CHARS = 240;

/** A plan with its routing. */
export interface DecidedPlan extends Plan {
  route: 'allow' | 'deny' | 'ask';
  reason: string | null;
  /** Why a `deny` route denies. */
  denyKind: 'read-only' | 'policy' | null;
}

const ROUTES = new Set(['allow', 'deny', 'ask']);

// Built field by field: an object spread of the plan cost more than the rest of routing together
// (it was the hottest line of a 100-step turn in the profile).
function decided(plan: Plan, route: DecidedPlan['route'], reason: string | null, denyKind: DecidedPlan['denyKind']): DecidedPlan {
  return { callId: plan.callId, name: plan.name, args: plan.args, tool: plan.tool, route, reason, denyKind };
}

/** Whitespace collapsed and cut to the event limit; `null` when empty. */
export function eventReason(reason: string | null | undefined): string | null {
  if (typeof reason !== 'string') return null;
  const collapsed = reason.replace(/\s+/g, ' ').trim();
  if (collapsed === '') return null;
  return collapsed.length > PERMISSION_REASON_MAX_CHARS ? `${collapsed.slice(0, PERMISSION_REASON_MAX_CHARS - 3)}...` : collapsed;
}

/** Routes one plan: read-only mode, then the policy, then the tool's own confirmation flag (core.md §8.3). Fails closed. */
export function decidePlan(state: TurnState, plan: Plan): DecidedPlan | Promise<DecidedPlan> {
  const { internals, agent } = state;
  if (agent.readOnly && !readToolFlag(plan.tool, 'isReadOnly', internals.logger)) {
    return decided(plan, 'deny', 'mode-preset:read-only', 'read-only');
  }
  if (internals.policy === null) return route(state, plan, null);
  const policy = internals.policy;
  const denyOnError = (error: unknown): DecidedPlan => {
    internals.logger.warn(`Tool '${plan.name}': permission policy failed, denying: ${errorMessage(error)}`);
    return decided(plan, 'deny', `policy-error: ${errorMessage(error)}`, 'policy');
  };
  try {
    const answer = policy.decide({ toolName: plan.name, args: plan.args, tool: plan.tool });
    if (typeof (answer as PromiseLike<unknown> | null)?.then === 'function') {
      return Promise.resolve(answer).then((detail) => route(state, plan, detail), denyOnError);
    }
    return route(state, plan, answer as PermissionDetail | null);
  } catch (error) {
    return denyOnError(error);
  }
}

/** The routing once the policy (if any) has answered. */
function route(state: TurnState, plan: Plan, detail: PermissionDetail | null | undefined): DecidedPlan {
  const { internals } = state;
  if (detail !== null && detail !== undefined && !ROUTES.has(detail.decision)) {
    internals.logger.warn(`Tool '${plan.name}': permission policy returned unknown decision ${String(detail.decision)}; treated as ask`);
  }
  const reason = detail?.reason ?? null;
  if (detail?.decision === 'allow') return decided(plan, 'allow', reason, null);
  if (detail?.decision === 'deny') return decided(plan, 'deny', reason, 'policy');
  if (readToolFlag(plan.tool, 'requiresConfirmation', internals.logger)) {
    return decided(plan, 'ask', reason ?? 'no rule matched; tool requires confirmation', null);
  }
  return decided(plan, 'allow', reason ?? 'no rule matched; tool does not require confirmation', null);
}
