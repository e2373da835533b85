import { type AgentEvent } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { renderSummary, RunStats } from './summary';

const e = (event: Record<string, unknown>): AgentEvent => ({ sessionId: 's', ...event }) as AgentEvent;

describe('RunStats', () => {
  it('tells overlapping batches from one-by-one calls and counts repairs, confirmations and time', () => {
    let clock = 0;
    const stats = new RunStats(() => clock);
    const feed = (event: Record<string, unknown>): void => stats.observe(e(event));
    feed({ type: 'turn_begin', userMessage: 'hi' });
    feed({ type: 'llm_call_completed', durationMs: 100 });
    feed({ type: 'tool_start', tool: 'a', callId: '1', args: {} });
    feed({ type: 'tool_start', tool: 'b', callId: '2', args: {} });
    expect(stats.isParallel('2')).toBe(true);
    clock = 30;
    feed({ type: 'tool_complete', tool: 'a', callId: '1', status: 'ok', durationMs: 30, error: null });
    feed({ type: 'tool_complete', tool: 'b', callId: '2', status: 'ok', durationMs: 30, error: null });
    feed({ type: 'llm_call_completed', durationMs: 50 });
    feed({ type: 'tool_confirmation', tool: 'c', callId: '3', args: {} });
    feed({ type: 'tool_start', tool: 'c', callId: '3', args: {} });
    feed({ type: 'tool_complete', tool: 'c', callId: '3', status: 'cancelled', durationMs: 0, error: 'cancelled by user' });
    feed({ type: 'tool_start', tool: 'd', callId: '4', args: {} });
    feed({ type: 'tool_complete', tool: 'd', callId: '4', status: 'ok', durationMs: 0, error: null });
    stats.noteWarning("Tool name 'X' repaired to 'x'");
    stats.noteWarning('something else');
    const summary = stats.summary();
    expect(summary).toEqual({
      turns: 1, toolCalls: 4, subagentToolCalls: 0, parallelBatches: 1, sequentialBatches: 1,
      repairs: 1, confirmations: 1, declined: 1, modelMs: 150, toolMs: 30,
    });
    expect(renderSummary(summary)).toMatch(/batches run in parallel\s+│ 1/);
  });

  it('keeps sub-agent calls apart from the parent batch that delegated them', () => {
    const stats = new RunStats(() => 0);
    stats.observe(e({ type: 'tool_start', tool: 'agent_analyst', callId: 'p', args: {} }));
    stats.observe(e({ type: 'tool_start', tool: '[analyst 1/8] sql_query', callId: 'c1', args: {} }));
    stats.observe(e({ type: 'tool_complete', tool: 'sql_query', callId: 'c1', status: 'ok', durationMs: 1, error: null }));
    stats.observe(e({ type: 'tool_complete', tool: 'agent_analyst', callId: 'p', status: 'ok', durationMs: 1, error: null }));
    expect(stats.summary()).toMatchObject({ toolCalls: 1, subagentToolCalls: 1, parallelBatches: 0, sequentialBatches: 2 });
  });
});
