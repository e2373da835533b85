import { AgentaoError, type JsonSchema, Tool, type ToolContext } from '@agentao/core';
import { type ResolvedAgentDefinition } from './agent-definition';
import { agentToolName } from './agent-tool-name';
import { MSG_BACKGROUND_DISABLED, MSG_BACKGROUND_SENTENCE, msgDelegates, PARENT_CONTEXT_MESSAGES } from './subagent-messages';
import { type SubagentSession } from './subagent-session';

/** `agent_<name>`: delegates a task to one sub-agent definition, in the foreground or the background (§3). */
export class AgentTool extends Tool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  // Read-only so it may run in read-only mode; the child inherits that mode (§5.3).
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;
  override readonly copiesToSubagents = false;

  constructor(
    private readonly session: SubagentSession,
    /** The definition this tool delegates to. */
    readonly definition: ResolvedAgentDefinition,
  ) {
    super();
    const background = session.settings.background;
    this.name = agentToolName(definition.name);
    const sentence = msgDelegates(definition.name, definition.maxTurns) + (background ? MSG_BACKGROUND_SENTENCE : '');
    this.description = definition.description.trim() === '' ? sentence : `${definition.description} ${sentence}`;
    const properties: Record<string, JsonSchema> = {
      task: {
        type: 'string',
        description: `The task to delegate, with all the context the sub-agent needs: besides this task it sees only a shortened copy of the last ${PARENT_CONTEXT_MESSAGES} messages of this conversation.`,
      },
    };
    if (background) {
      properties.run_in_background = {
        type: 'boolean',
        default: false,
        description:
          'When true, start the sub-agent without waiting: the call returns an agent ID at once, to poll with check_background_agent; when false, wait for its result (default false).',
      };
    }
    this.parameters = { type: 'object', properties, required: ['task'] };
  }

  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const task = typeof args.task === 'string' ? args.task : String(args.task);
    if (args.run_in_background === true) {
      if (!this.session.settings.background) throw new AgentaoError('CONFIG_INVALID', MSG_BACKGROUND_DISABLED);
      return this.session.launch(this.definition, task);
    }
    return this.session.runForeground(this.definition, task, ctx.signal);
  }
}
