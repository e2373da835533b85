import { type TurnOutcome } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { type ChildRun, classifyChildRun, formatChildResult, isGenuineOutput } from './format-child-result';

function run(outcome: Partial<TurnOutcome> | null, text = 'work so far', completedThroughTool = false): ChildRun {
  const full: TurnOutcome | null =
    outcome === null
      ? null
      : ({ text, status: 'ok' as const, incompleteReason: null, toolCount: 0, error: null, finishReasonMissing: false, isAnswer: false, ...outcome });
  return { text, outcome: full, completedThroughTool, turns: 2, toolCalls: 1, durationMs: 17 };
}

describe('child result classification (§7)', () => {
  it('maps every row of the table', () => {
    const cases: [ChildRun, string | null, string | null][] = [
      [run({ status: 'ok', incompleteReason: 'max_iterations' }, 'x', true), null, null],
      [run({ isAnswer: true }), null, null],
      [run({ incompleteReason: 'max_iterations' }), 'max_iterations', 'it used its entire 9-turn budget without finishing'],
      [run({ incompleteReason: 'no_output' }), 'no_output', 'it produced no output'],
      [run({ incompleteReason: 'reasoning_only' }), 'reasoning_only', 'it produced only reasoning, with no answer'],
      [run({ incompleteReason: 'length_truncated' }), 'length_truncated', "its answer was cut off by the model's output-length limit"],
      [run({ incompleteReason: 'doom_loop' }), 'doom_loop', 'it was halted after repeating the same tool call'],
      [run({ incompleteReason: 'llm_error' }), 'llm_error', 'the LLM API call failed'],
      [run({ incompleteReason: 'context_overflow' as never }), 'context_overflow', 'it stopped early (context_overflow)'],
      [run({ status: 'cancelled' }), 'cancelled', 'it was cancelled'],
      [run({ status: 'error' }), 'unknown', 'it did not produce a complete answer'],
      [run(null), 'unknown', 'it did not produce a complete answer'],
    ];
    for (const [input, reason, detail] of cases) {
      const failure = classifyChildRun(input, 9);
      expect(failure === null ? [null, null] : [failure.reason, failure.detail]).toEqual([reason, detail]);
    }
  });

  it('labels only genuine child output as a partial result', () => {
    for (const notice of ['', '  ', '[No response]', '[No text response]', 'Maximum tool call iterations reached.', '[LLM API error: 500]', '[Cancelled: closed]']) {
      expect(isGenuineOutput(notice)).toBe(false);
    }
    expect(isGenuineOutput('Found 3 files')).toBe(true);
    const failure = { reason: 'no_output', detail: 'it produced no output' };
    expect(formatChildResult('w', run({}, '[No response]'), failure)).toBe('[w did not finish: it produced no output]\n\n[w: 2 turns, 1 tool calls, 17ms]');
    expect(formatChildResult('w', run({}, 'half'), failure)).toBe('[w did not finish: it produced no output]\nPartial result:\nhalf\n\n[w: 2 turns, 1 tool calls, 17ms]');
    expect(formatChildResult('w', run({}, 'all done'), null)).toBe('all done\n\n[w: 2 turns, 1 tool calls, 17ms]');
  });
});
