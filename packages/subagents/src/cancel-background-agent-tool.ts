import { type JsonSchema, Tool } from '@agentao/core';
import { type SubagentSession } from './subagent-session';

/** `cancel_background_agent`: stops one of this session's background sub-agents (§10.2). */
export class CancelBackgroundAgentTool extends Tool {
  readonly name = 'cancel_background_agent';
  readonly description = [
    'Cancels a background sub-agent of this session by its agent ID.',
    'It works on pending agents (cancelled at once, before they start) and running agents (they get a cancellation signal and stop at the next safe point, then report cancelled).',
    'Completed, failed or cancelled agents cannot be cancelled; the answer says so.',
  ].join(' ');
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: { agent_id: { type: 'string', description: 'The agent ID returned when the agent was started.' } },
    required: ['agent_id'],
  };
  // It touches only the session's own background runs.
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  constructor(private readonly session: SubagentSession) {
    super();
  }

  execute(args: Record<string, unknown>): string {
    return this.session.cancel(typeof args.agent_id === 'string' ? args.agent_id.trim() : '');
  }
}
