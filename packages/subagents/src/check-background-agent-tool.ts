import { type JsonSchema, Tool } from '@agentao/core';
import { BACKGROUND_STATUSES, type BackgroundStatus } from './background-task-store';
import { type SubagentSession } from './subagent-session';

// Every status the store can hold, each with what the answer then contains; typed so a new status cannot be forgotten.
const STATUS_MEANINGS: Record<BackgroundStatus, string> = {
  pending: 'pending (queued, not yet started)',
  running: 'running (with the seconds elapsed)',
  completed: 'completed (the full result follows)',
  failed:
    'failed (the error follows, then any partial result; an agent that stopped without an answer is reported as "did not finish (<reason>)")',
  cancelled: 'cancelled',
};

/** `check_background_agent`: status and result of this session's background sub-agents (§10.1). */
export class CheckBackgroundAgentTool extends Tool {
  readonly name = 'check_background_agent';
  readonly description = [
    'Checks the sub-agents this session started with run_in_background.',
    "Pass agent_id='' to list every background agent with its status, or an agent ID to get that agent's status and, once it finished, its result.",
    `A status is one of: ${BACKGROUND_STATUSES.map((status) => STATUS_MEANINGS[status]).join(', ')}.`,
    'It only reads; it never waits for an agent to finish. Finished agents are also announced to you in a system reminder at your next step.',
  ].join(' ');
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: {
      agent_id: { type: 'string', description: "The agent ID returned when the agent was started; '' lists every background agent." },
    },
    required: ['agent_id'],
  };
  // It touches only the session's own task store.
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  constructor(private readonly session: SubagentSession) {
    super();
  }

  execute(args: Record<string, unknown>): string {
    return this.session.check(typeof args.agent_id === 'string' ? args.agent_id.trim() : '');
  }
}
