import { Agentao, AgentaoError } from '@agentao/core';
import { AGENT_INTERNALS } from '@agentao/core/internal';
import { describe, expect, it } from 'vitest';
import { tempDir } from './__fixtures__/harness';
import { BackgroundTaskStore } from './background-task-store';
import { NOTICE_CAPACITY } from './subagent-messages';
import { backgroundNote, SubagentSession } from './subagent-session';

const stats = { turns: 2, toolCalls: 3, durationMs: 40 };

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

function session(now: () => number) {
  const agent = new Agentao({ workingDirectory: tempDir(), llm: { model: 'm', complete: () => Promise.reject(new Error('unused')) } });
  return { agent, session: new SubagentSession(agent, [], { background: true, backgroundConfirm: 'deny' }, now) };
}

describe('BackgroundTaskStore', () => {
  it('moves pending → running → terminal once, never reviving a cancelled task', () => {
    const finished: string[] = [];
    const time = clock();
    const store = new BackgroundTaskStore((task) => finished.push(`${task.agentId}:${task.status}`), time.now);
    const task = store.register('aaaa0001', 'worker', 'full task text');
    expect(task).toMatchObject({ status: 'pending', startedAt: null, finishedAt: null, createdAt: time.now(), task: 'full task text' });
    time.advance(5);
    expect(store.markRunning('aaaa0001')).toBe(true);
    expect(store.markRunning('aaaa0001')).toBe(false);
    expect(store.get('aaaa0001')?.startedAt).toBe(time.now());
    store.finish('aaaa0001', { status: 'completed', result: 'r', ...stats });
    store.finish('aaaa0001', { status: 'failed', error: 'late', ...stats });
    expect(store.get('aaaa0001')).toMatchObject({ status: 'completed', result: 'r', error: null, incompleteReason: null, ...stats });
    store.register('aaaa0002', 'worker', 't');
    store.cancel('aaaa0002');
    expect(store.markRunning('aaaa0002')).toBe(false);
    expect(store.get('aaaa0002')).toMatchObject({ status: 'cancelled', turns: 0, toolCalls: 0, durationMs: 0 });
    expect(finished).toEqual(['aaaa0001:completed', 'aaaa0002:cancelled']);
  });

  it('aborts a running task with the given reason and leaves it running until the worker settles', () => {
    const store = new BackgroundTaskStore(() => undefined);
    const task = store.register('bbbb0001', 'w', 't');
    store.markRunning('bbbb0001');
    store.cancel('bbbb0001', 'closed');
    expect(task.controller.signal.aborted).toBe(true);
    expect(task.controller.signal.reason).toBe('closed');
    expect(store.get('bbbb0001')?.status).toBe('running');
  });

  it('keeps incompleteReason only on failed tasks and rejects an invalid status', () => {
    const store = new BackgroundTaskStore(() => undefined);
    store.register('c1', 'w', 't');
    store.finish('c1', { status: 'failed', error: 'it produced no output', incompleteReason: 'no_output', result: 'partial', ...stats });
    expect(store.get('c1')).toMatchObject({ status: 'failed', incompleteReason: 'no_output', result: 'partial' });
    store.register('c2', 'w', 't');
    store.finish('c2', { status: 'completed', incompleteReason: 'no_output', ...stats });
    expect(store.get('c2')?.incompleteReason).toBeNull();
    store.register('c3', 'w', 't');
    let caught: unknown;
    try {
      store.finish('c3', { status: 'done' as never, ...stats });
    } catch (error) {
      caught = error;
    }
    expect(AgentaoError.isInstance(caught) && caught.code).toBe('INTERNAL');
  });
});

describe('background texts', () => {
  it('formats the notes of §9.4', () => {
    const store = new BackgroundTaskStore(() => undefined);
    const long = 'r'.repeat(301);
    store.register('d1', 'w', 't');
    store.finish('d1', { status: 'completed', result: long, ...stats });
    expect(backgroundNote(store.get('d1')!)).toBe(`Background agent 'w' (ID: d1) completed.\n${'r'.repeat(300)}…`);
    store.register('d2', 'w', 't');
    store.finish('d2', { status: 'failed', error: 'boom', ...stats });
    expect(backgroundNote(store.get('d2')!)).toBe("Background agent 'w' (ID: d2) failed: boom");
  });

  it('formats elapsed times: 1 decimal when finished, 0 decimals while running', () => {
    const time = clock();
    const { session: s } = session(time.now);
    s.store.register('e1', 'worker', 'x'.repeat(70));
    s.store.markRunning('e1');
    time.advance(12_345);
    expect(s.check('e1')).toBe("Agent 'worker' (e1) is still running (12s elapsed).");
    expect(s.check('')).toBe(`Background agents:\n  [e1] worker — running (12s running): ${'x'.repeat(60)}`);
    s.store.finish('e1', { status: 'failed', error: 'it produced no output', incompleteReason: 'no_output', ...stats });
    expect(s.check('e1')).toBe("Agent 'worker' (e1) did not finish (no_output): it produced no output");
    expect(s.check('')).toBe(`Background agents:\n  [e1] worker — failed (12.3s): ${'x'.repeat(60)}`);
    s.store.register('e2', 'worker', 'y');
    s.store.markRunning('e2');
    time.advance(1_000);
    s.store.finish('e2', { status: 'failed', error: 'approval service down', ...stats });
    expect(s.check('e2')).toBe("Agent 'worker' (e2) failed: approval service down");
  });

  it("bounds the parent's notice queue at 256, dropping the oldest", () => {
    const { agent, session: s } = session(Date.now);
    for (let i = 0; i < NOTICE_CAPACITY + 4; i += 1) {
      s.store.register(`n${i}`, 'w', 't');
      s.store.finish(`n${i}`, { status: 'failed', error: `e${i}`, ...stats });
    }
    const notices = agent[AGENT_INTERNALS].notices;
    expect(notices).toHaveLength(NOTICE_CAPACITY);
    expect(notices[0]).toBe("Background agent 'w' (ID: n4) failed: e4");
    expect(notices.at(-1)).toBe(`Background agent 'w' (ID: n${NOTICE_CAPACITY + 3}) failed: e${NOTICE_CAPACITY + 3}`);
  });
});
