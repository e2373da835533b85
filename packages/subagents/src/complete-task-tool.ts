import { type JsonSchema, Tool, type ToolContext } from '@agentao/core';
import { requestEndTurn } from '@agentao/core/internal';
import { MSG_COMPLETE_TASK_EMPTY } from './subagent-messages';

/** Name of the tool a sub-agent calls to hand back its result. */
export const COMPLETE_TASK_TOOL_NAME = 'complete_task';

/** Registered only in children (§8): ends the child's turn with `result` as the delegating agent's answer. */
export class CompleteTaskTool extends Tool {
  readonly name = COMPLETE_TASK_TOOL_NAME;
  readonly description =
    "Call this when the task is done. Pass the whole final result as 'result': the sub-agent stops right after this call, and 'result' is exactly what the delegating agent receives — nothing else the sub-agent wrote is returned. A blank result is refused and the run goes on.";
  readonly parameters: JsonSchema = {
    type: 'object',
    properties: {
      result: { type: 'string', description: 'The complete final result for the delegating agent.' },
    },
    required: ['result'],
  };
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;
  /** The last accepted payload of this spawn; `null` until the child completes through this tool. */
  completedWith: string | null = null;

  execute(args: Record<string, unknown>, ctx: ToolContext): string {
    const result = typeof args.result === 'string' ? args.result : '';
    if (result.trim() === '') return MSG_COMPLETE_TASK_EMPTY;
    requestEndTurn(ctx, result);
    this.completedWith = result;
    return result;
  }
}
