import { type TurnOutcome } from '@agentao/core';

/** What one child turn produced, as the result formatter needs it. */
export interface ChildRun {
  /** The child turn's text (the `complete_task` payload when it ended through it). */
  readonly text: string;
  readonly outcome: TurnOutcome | null;
  /** True when the turn ended through `complete_task`. */
  readonly completedThroughTool: boolean;
  /** Assistant messages in the child's history. */
  readonly turns: number;
  /** Tool messages in the child's history. */
  readonly toolCalls: number;
  readonly durationMs: number;
}

/** Why a child run counts as incomplete (§7 step 5). */
export interface ChildFailure {
  readonly reason: string;
  readonly detail: string;
}

/** Detail text per incomplete reason (§7 step 5), normative. */
export const INCOMPLETE_DETAILS: Readonly<Record<string, string>> = Object.freeze({
  no_output: 'it produced no output',
  reasoning_only: 'it produced only reasoning, with no answer',
  length_truncated: "its answer was cut off by the model's output-length limit",
  doom_loop: 'it was halted after repeating the same tool call',
  llm_error: 'the LLM API call failed',
});

/** Detail of a cancelled child (§7 step 5). */
export const CANCELLED_DETAIL = 'it was cancelled';

/** Detail when nothing else applies (§7 step 5). */
export const UNKNOWN_DETAIL = 'it did not produce a complete answer';

/** Texts the harness writes itself; never labelled "Partial result" (§7 step 7). */
export const HARNESS_NOTICES: readonly string[] = Object.freeze(['[No response]', '[No text response]', 'Maximum tool call iterations reached.']);

/** `null` for success, else the first matching `{ reason, detail }` of the classification table (§7 step 5). */
export function classifyChildRun(run: ChildRun, maxTurns: number): ChildFailure | null {
  const outcome = run.outcome;
  if (run.completedThroughTool) return null;
  if (outcome?.isAnswer === true) return null;
  const reason = outcome?.incompleteReason ?? null;
  if (reason === 'max_iterations') return { reason, detail: `it used its entire ${maxTurns}-turn budget without finishing` };
  if (reason !== null) return { reason, detail: INCOMPLETE_DETAILS[reason] ?? `it stopped early (${reason})` };
  if (outcome?.status === 'cancelled') return { reason: 'cancelled', detail: CANCELLED_DETAIL };
  return { reason: 'unknown', detail: UNKNOWN_DETAIL };
}

/** True for text the child wrote itself, false for a harness notice (§7 step 7). */
export function isGenuineOutput(text: string): boolean {
  if (text.trim() === '' || HARNESS_NOTICES.includes(text)) return false;
  return !text.startsWith('[LLM API error:') && !text.startsWith('[Cancelled:');
}

/** `[<name>: <turns> turns, <toolCalls> tool calls, <durationMs>ms]` (§7 step 7). */
export function resultFooter(name: string, run: ChildRun): string {
  return `[${name}: ${run.turns} turns, ${run.toolCalls} tool calls, ${run.durationMs}ms]`;
}

/** The text an `agent_<name>` call returns (§7 step 7); background runs store the same text. */
export function formatChildResult(name: string, run: ChildRun, failure: ChildFailure | null): string {
  const footer = resultFooter(name, run);
  if (failure === null) return `${run.text}\n\n${footer}`;
  const partial = isGenuineOutput(run.text) ? `\nPartial result:\n${run.text}` : '';
  return `[${name} did not finish: ${failure.detail}]${partial}\n\n${footer}`;
}
