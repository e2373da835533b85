/** Messages and limits quoted by subagents.md; normative, so they live here verbatim. */

/** Default iteration budget of a sub-agent (§2.2). */
export const DEFAULT_MAX_TURNS = 15;

/** How many recent parent messages feed the parent-context block (§6). */
export const PARENT_CONTEXT_MESSAGES = 10;

/** Characters of a `tool` message kept in the parent-context block (§6). */
export const PARENT_CONTEXT_TOOL_CHARS = 300;

/** Characters of a `user` / `assistant` message kept in the parent-context block (§6). */
export const PARENT_CONTEXT_TEXT_CHARS = 400;

/** Characters of the task shown in `agent_start` and in the launch text (§7, §9.1). */
export const TASK_PREVIEW_CHARS = 80;

/** Characters of the result quoted in a completion note (§9.4). */
export const NOTE_RESULT_CHARS = 300;

/** Characters of the task shown per line of the background list (§10.1). */
export const LIST_TASK_CHARS = 60;

/** Capacity of the per-agent notification FIFO; the oldest note is dropped when full (§9.4). */
export const NOTICE_CAPACITY = 256;

/** Longest tool name OpenAI accepts (§3.1). */
export const MAX_TOOL_NAME_CHARS = 64;

/** What `ask_user` answers inside a background sub-agent that may not reach the parent (§5.4). */
export const ASK_USER_NOT_AVAILABLE = '[ask_user: not available in non-interactive mode]';

/** Thrown by `agent_<name>` when `run_in_background` is true but background runs are off (§3.5). */
export const MSG_BACKGROUND_DISABLED = 'background runs are disabled for this agent';

/** Answer of `complete_task` to a blank result (§8). */
export const MSG_COMPLETE_TASK_EMPTY = 'Error: result is empty. Pass the complete final result.';

/** `check_background_agent` with no tasks (§10.1). */
export const MSG_NO_BACKGROUND_AGENTS = 'No background agents have been launched in this session.';

/** Marks a cut text (§9.1, §9.4). */
export const ELLIPSIS = '…';

/** `text` cut to `limit` characters, with `…` when it was longer. */
export function preview(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}${ELLIPSIS}` : text;
}

/** The sentence generated after an agent's description (§3.2). */
export function msgDelegates(name: string, maxTurns: number): string {
  return `Delegates the task to the '${name}' sub-agent, which works with its own tools for at most ${maxTurns} turns and returns its final result.`;
}

/** Appended to an agent tool's description when background runs are enabled (§3.2). */
export const MSG_BACKGROUND_SENTENCE =
  ' Set run_in_background to true to start it without waiting; the call then returns an agent ID to poll with check_background_agent.';

/** Returned by a background launch (§9.1). */
export function msgBackgroundStarted(name: string, id: string, task: string): string {
  return `Background agent '${name}' started (ID: ${id}). Task: ${preview(task, TASK_PREVIEW_CHARS)}. Use check_background_agent(agent_id='${id}') to get the result.`;
}

/** Unknown id, for check and cancel (§9.5, §10.1). */
export function msgNoBackgroundAgent(id: string): string {
  return `No background agent found with ID: ${id}`;
}
