import { reply, type ScriptedReply, toolCall } from '@agentao/testing';

/** Name of the no-op tool the step scenarios call once per reply. */
export const NOOP_TOOL = 'noop';
/** Prefix of the eight read-only sleeping tools of the parallel scenario (`probe_0` … `probe_7`). */
export const PROBE_TOOL_PREFIX = 'probe_';
/** Final text every scripted conversation ends with. */
export const FINAL_TEXT = 'All steps done.';
/** Answer to the untimed warm-up request that opens every script. */
export const WARM_UP_TEXT = 'Ready.';

/** A precomputed conversation the mock server answers one request at a time. */
export type ScriptSpec =
  | { kind: 'steps'; steps: number }
  | { kind: 'parallel'; calls: number; sleepMs: number };

/**
 * The replies of one conversation, after one warm-up answer (the client's untimed first request, which
 * opens the connection and, for our client, loads the SDK): `steps` replies that each call the no-op tool once (distinct
 * arguments, so the doom-loop guard never fires), or one reply with `calls` probe calls; then a
 * final text reply. Call ids are fixed so every copy of a script is byte-identical.
 */
export function buildScript(spec: ScriptSpec): ScriptedReply[] {
  const replies: ScriptedReply[] = [reply(WARM_UP_TEXT)];
  if (spec.kind === 'steps') {
    for (let step = 0; step < spec.steps; step++) {
      replies.push({ toolCalls: [toolCall(NOOP_TOOL, { step }, `call_step_${step}`)] });
    }
  } else {
    const calls = Array.from({ length: spec.calls }, (_, index) =>
      toolCall(`${PROBE_TOOL_PREFIX}${index}`, { ms: spec.sleepMs }, `call_probe_${index}`),
    );
    replies.push({ toolCalls: calls });
  }
  replies.push(reply(FINAL_TEXT));
  return replies;
}

/** How many model requests one run of `spec` makes, the warm-up included. */
export function requestCount(spec: ScriptSpec): number {
  return 1 + (spec.kind === 'steps' ? spec.steps + 1 : 2);
}
