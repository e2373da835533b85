import { createHash } from 'node:crypto';
import { Agentao, type AgentEvent, NullTransport } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { probeTool, tempDir } from './__fixtures__/agent-harness';
import { reply } from './reply';
import { ScriptedLLM } from './scripted-llm';
import { toolCall } from './tool-call';

// The loop skips building events (and the result hash only they carry) when the default transport
// has no subscribers. These tests pin that nobody who does listen ever loses an event.

const script = (): ScriptedLLM => new ScriptedLLM([reply('', { toolCalls: [toolCall('lookup', { n: 1 }, 'call_a')] }), reply('done')]);
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const types = (events: readonly AgentEvent[]): string[] => events.map((event) => event.type);

describe('event delivery on the default transport', () => {
  it('a subscriber of a NullTransport receives every event, with the result hash and the permission reason', async () => {
    const transport = new NullTransport();
    const agent = new Agentao({ workingDirectory: tempDir(), llm: script(), extraTools: [probeTool('lookup')], transport });
    const events: AgentEvent[] = [];
    transport.subscribe((event) => events.push(event));
    await agent.chat('go');
    expect(types(events)).toEqual(expect.arrayContaining(['turn_start', 'llm_call_started', 'permission_decision', 'tool_start', 'tool_complete', 'tool_result', 'turn_end']));
    const result = events.find((event) => event.type === 'tool_result');
    expect(result).toMatchObject({ callId: 'call_a', content: 'ok {"n":1}', contentHash: sha256('ok {"n":1}') });
    expect(events.find((event) => event.type === 'permission_decision')).toMatchObject({ decision: 'allow', reason: 'no rule matched; tool does not require confirmation' });
  });

  it('a NullTransport subclass that overrides emit still sees every event', async () => {
    const seen: AgentEvent[] = [];
    class LoggingTransport extends NullTransport {
      override emit(event: AgentEvent): void {
        seen.push(event);
      }
    }
    const agent = new Agentao({ workingDirectory: tempDir(), llm: script(), extraTools: [probeTool('lookup')], transport: new LoggingTransport() });
    await agent.chat('go');
    expect(seen.find((event) => event.type === 'tool_result')).toMatchObject({ contentHash: sha256('ok {"n":1}') });
    expect(types(seen)).toContain('permission_decision');
  });

  it('a subscriber added during a tool call receives that call’s result event', async () => {
    const events: AgentEvent[] = [];
    const transport = new NullTransport();
    const tool = probeTool('lookup', () => {
      transport.subscribe((event) => events.push(event));
      return 'late listener';
    });
    const agent = new Agentao({ workingDirectory: tempDir(), llm: script(), extraTools: [tool], transport });
    await agent.chat('go');
    expect(types(events)[0]).toBe('tool_complete');
    expect(events.find((event) => event.type === 'tool_result')).toMatchObject({ content: 'late listener', contentHash: sha256('late listener') });
    expect(types(events).at(-1)).toBe('turn_end');
  });

  it('an unobserved turn records the same history as an observed one', async () => {
    const quiet = new Agentao({ workingDirectory: tempDir(), llm: script(), extraTools: [probeTool('lookup')] });
    const transport = new NullTransport();
    transport.subscribe(() => undefined);
    const watched = new Agentao({ workingDirectory: tempDir(), llm: script(), extraTools: [probeTool('lookup')], transport });
    await quiet.chat('go');
    await watched.chat('go');
    const strip = (agent: Agentao): unknown[] => agent.messages.map((message) => (message.role === 'user' ? 'user' : message));
    expect(strip(quiet)).toEqual(strip(watched));
    expect(quiet.lastTurn).toMatchObject({ status: 'ok', isAnswer: true });
  });
});
