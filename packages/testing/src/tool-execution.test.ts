import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type AgentEvent, defineTool, type PermissionPolicy, type Tool } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { assertStrictHistory, probeTool, scriptedAgent, wellFormed } from './__fixtures__/agent-harness';
import { reply } from './reply';
import { toolCall } from './tool-call';

const toolAnswers = (messages: readonly { role: string; content: unknown }[]): unknown[] =>
  messages.filter((m) => m.role === 'tool').map((m) => m.content);

const ofType = <T extends AgentEvent['type']>(events: AgentEvent[], type: T): Extract<AgentEvent, { type: T }>[] =>
  events.filter((e): e is Extract<AgentEvent, { type: T }> => e.type === type);

/** A tool that counts how many of its calls are in flight at once. */
function sleeper(name: string, flags: { isReadOnly?: boolean }, meter: { now: number; max: number; order: string[] }, ms = 50): Tool {
  return defineTool({
    name,
    description: `Sleeps ${ms} ms.`,
    parameters: { type: 'object', properties: { n: { type: 'integer' }, run_in_background: { type: 'boolean' } } },
    ...flags,
    execute: async (args) => {
      meter.now += 1;
      meter.max = Math.max(meter.max, meter.now);
      meter.order.push(`start ${String(args.n)}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      meter.order.push(`end ${String(args.n)}`);
      meter.now -= 1;
      return `slept ${String(args.n)}`;
    },
  });
}

describe('batching', () => {
  it('runs a batch of 8 read-only tools concurrently and records results in call order', async () => {
    const meter = { now: 0, max: 0, order: [] as string[] };
    const calls = Array.from({ length: 8 }, (_, n) => toolCall('nap', { n }));
    const { agent } = scriptedAgent([reply('', { toolCalls: calls }), reply('done')], { extraTools: [sleeper('nap', { isReadOnly: true }, meter)] });
    const started = performance.now();
    await agent.chat('go');
    const elapsed = performance.now() - started;
    expect(meter.max).toBe(8);
    // One by one would take at least 8 × 50 ms.
    expect(elapsed).toBeLessThan(400);
    expect(toolAnswers(agent.messages)).toEqual(Array.from({ length: 8 }, (_, n) => `slept ${n}`));
  });

  it('starts every call of a concurrent batch before any completes, even synchronous tools', async () => {
    const calls = Array.from({ length: 3 }, (_, n) => toolCall('lookup', { n }));
    const { agent, events } = scriptedAgent([reply('', { toolCalls: calls }), reply('done')], { extraTools: [probeTool('lookup')] });
    await agent.chat('go');
    const order = events.filter((e) => e.type === 'tool_start' || e.type === 'tool_complete').map((e) => e.type);
    expect(order).toEqual(['tool_start', 'tool_start', 'tool_start', 'tool_complete', 'tool_complete', 'tool_complete']);
  });

  it('caps concurrency at 8 calls in flight', async () => {
    const meter = { now: 0, max: 0, order: [] as string[] };
    const calls = Array.from({ length: 12 }, (_, n) => toolCall('nap', { n }));
    const { agent } = scriptedAgent([reply('', { toolCalls: calls }), reply('done')], { extraTools: [sleeper('nap', { isReadOnly: true }, meter, 20)] });
    await agent.chat('go');
    expect(meter.max).toBe(8);
  });

  it('one non-read-only tool makes the whole batch run strictly one after another, in reply order', async () => {
    const meter = { now: 0, max: 0, order: [] as string[] };
    const { agent } = scriptedAgent(
      [reply('', { toolCalls: [toolCall('nap', { n: 1 }), toolCall('write', { n: 2 }), toolCall('nap', { n: 3 })] }), reply('done')],
      { extraTools: [sleeper('nap', { isReadOnly: true }, meter, 10), sleeper('write', {}, meter, 10)] },
    );
    await agent.chat('go');
    expect(meter.max).toBe(1);
    expect(meter.order).toEqual(['start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });

  it('a foreground agent_* call serialises its batch; a background launch does not', async () => {
    const meter = { now: 0, max: 0, order: [] as string[] };
    const tools = [sleeper('nap', { isReadOnly: true }, meter, 20), sleeper('agent_helper', { isReadOnly: true }, meter, 20)];
    const foreground = scriptedAgent([reply('', { toolCalls: [toolCall('nap', { n: 1 }), toolCall('agent_helper', { n: 2 })] }), reply('done')], {
      extraTools: tools,
    });
    await foreground.agent.chat('go');
    expect(meter.max).toBe(1);
    meter.max = 0;
    const background = scriptedAgent(
      [reply('', { toolCalls: [toolCall('nap', { n: 1 }), toolCall('agent_helper', { n: 2, run_in_background: true })] }), reply('done')],
      { extraTools: tools },
    );
    await background.agent.chat('go');
    expect(meter.max).toBe(2);
    meter.max = 0;
    const readOnly = scriptedAgent([reply('', { toolCalls: [toolCall('nap', { n: 1 }), toolCall('agent_helper', { n: 2 })] }), reply('done')], {
      extraTools: tools,
      readOnly: true,
    });
    await readOnly.agent.chat('go');
    expect(meter.max).toBe(2);
  });
});

describe('decision: read-only mode, policy, confirmation', () => {
  const writer = () => probeTool('write_orders', () => 'written', { requiresConfirmation: true });

  it('read-only mode refuses every tool whose isReadOnly is not true', async () => {
    const write = writer();
    const read = probeTool('read_orders');
    const { agent, events } = scriptedAgent([reply('', { toolCalls: [toolCall('write_orders', {}), toolCall('read_orders', {})] }), reply('ok')], {
      extraTools: [write, read],
      readOnly: true,
    });
    await agent.chat('go');
    expect(write.calls).toEqual([]);
    expect(read.calls).toHaveLength(1);
    expect(toolAnswers(agent.messages)[0]).toBe("[Readonly mode] Tool 'write_orders' is blocked — only read-only tools are permitted in readonly mode.");
    expect(ofType(events, 'permission_decision')[0]).toMatchObject({ decision: 'deny', reason: 'mode-preset:read-only' });
    expect(ofType(events, 'tool_complete')[0]).toMatchObject({ status: 'cancelled', error: 'denied by read-only mode', durationMs: 0 });
  });

  it('a policy in mode read-only also turns read-only mode on', async () => {
    const write = writer();
    const policy: PermissionPolicy = { mode: 'read-only', decide: () => null };
    const { agent } = scriptedAgent([reply('', { toolCalls: [toolCall('write_orders', {})] }), reply('ok')], {
      extraTools: [write],
      permissionEngine: policy,
    });
    expect(agent.readOnly).toBe(true);
    await agent.chat('go');
    expect(write.calls).toEqual([]);
  });

  it('asks before a requiresConfirmation tool; a "no" is answered and the loop goes on', async () => {
    const write = writer();
    const asked: unknown[] = [];
    const { agent, events } = scriptedAgent([reply('', { toolCalls: [toolCall('write_orders', { n: 1 })] }), reply('understood')], {
      extraTools: [write],
      callbacks: {
        confirmTool: (name, description, args) => {
          asked.push({ name, description, args });
          return false;
        },
      },
    });
    await expect(agent.chat('go')).resolves.toBe('understood');
    expect(asked).toEqual([{ name: 'write_orders', description: 'Probe tool write_orders.', args: { n: 1 } }]);
    expect(write.calls).toEqual([]);
    expect(toolAnswers(agent.messages)[0]).toContain('Tool execution cancelled by user. The user declined to execute write_orders.');
    const types = events.map((e) => e.type);
    expect(types.slice(types.indexOf('permission_decision'), types.indexOf('tool_complete') + 1)).toEqual([
      'permission_decision',
      'tool_confirmation',
      'turn_start',
      'tool_start',
      'tool_complete',
    ]);
  });

  it('only exactly true approves', async () => {
    const write = writer();
    const { agent } = scriptedAgent([reply('', { toolCalls: [toolCall('write_orders', {})] }), reply('ok')], {
      extraTools: [write],
      callbacks: { confirmTool: () => 'yes' as unknown as boolean },
    });
    await agent.chat('go');
    expect(write.calls).toEqual([]);
  });

  it('a throwing confirmTool rejects chat() and leaves every call answered', async () => {
    const { agent } = scriptedAgent([reply('', { toolCalls: [toolCall('write_orders', {}), toolCall('write_orders', { n: 2 })] })], {
      extraTools: [writer()],
      callbacks: {
        confirmTool: () => {
          throw new Error('UI crashed');
        },
      },
    });
    await expect(agent.chat('go')).rejects.toThrow('UI crashed');
    expect(agent.lastTurn?.status).toBe('error');
    assertStrictHistory(agent.messages);
  });

  it('policy allow skips the confirmation, deny refuses, a throwing policy fails closed', async () => {
    const write = writer();
    let confirmations = 0;
    const decisions = ['allow', 'deny', 'throw'];
    const policy: PermissionPolicy = {
      decide: () => {
        const next = decisions.shift();
        if (next === 'throw') throw new Error('rules file unreadable');
        return { decision: next as 'allow' | 'deny', reason: `user-rule: ${next}` };
      },
    };
    const { agent, events } = scriptedAgent(
      [reply('', { toolCalls: [toolCall('write_orders', { n: 1 }), toolCall('write_orders', { n: 2 }), toolCall('write_orders', { n: 3 })] }), reply('ok')],
      { extraTools: [write], permissionEngine: policy, callbacks: { confirmTool: () => ((confirmations += 1), true) } },
    );
    await agent.chat('go');
    expect(confirmations).toBe(0);
    expect(write.calls).toEqual([{ n: 1 }]);
    const answers = toolAnswers(agent.messages);
    expect(answers[1]).toBe(
      "Tool execution denied: 'write_orders' is not permitted by the current permission rules. Do not retry this call, rephrase its arguments, or use a different tool to achieve the same outcome.",
    );
    expect(ofType(events, 'permission_decision').map((e) => [e.decision, e.reason])).toEqual([
      ['allow', 'user-rule: allow'],
      ['deny', 'user-rule: deny'],
      ['deny', 'policy-error: rules file unreadable'],
    ]);
  });

  it('a policy "ask" on a tool without requiresConfirmation runs it without a prompt (documented)', async () => {
    const read = probeTool('read_orders');
    let prompted = false;
    const { agent } = scriptedAgent([reply('', { toolCalls: [toolCall('read_orders', {})] }), reply('ok')], {
      extraTools: [read],
      permissionEngine: { decide: () => ({ decision: 'ask', reason: 'user-rule: ask' }) },
      callbacks: { confirmTool: () => ((prompted = true), true) },
    });
    await agent.chat('go');
    expect(prompted).toBe(false);
    expect(read.calls).toHaveLength(1);
  });
});

describe('planning: names and arguments', () => {
  it('validates arguments with the schema: defaults applied, scalars coerced, violations answered', async () => {
    const seen: unknown[] = [];
    const orders = defineTool({
      name: 'get_orders',
      description: 'Lists orders.',
      parameters: {
        type: 'object',
        properties: { customer_id: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 } },
        required: ['customer_id'],
        additionalProperties: false,
      },
      isReadOnly: true,
      execute: (args) => (seen.push(args), 'ok'),
    });
    const { agent, events } = scriptedAgent(
      [
        reply('', {
          toolCalls: [
            toolCall('get_orders', { customer_id: 'c-1' }),
            toolCall('get_orders', { customer_id: 'c-2', limit: '5' }),
            toolCall('get_orders', { limit: 99999, extra: true }),
          ],
        }),
        reply('ok'),
      ],
      { extraTools: [orders] },
    );
    await agent.chat('go');
    expect(seen).toEqual([
      { customer_id: 'c-1', limit: 10 },
      { customer_id: 'c-2', limit: 5 },
    ]);
    const invalid = toolAnswers(agent.messages)[2] as string;
    expect(invalid).toMatch(/^Error: invalid arguments for 'get_orders':\n/);
    expect(invalid).toContain("- (root): must have required property 'customer_id' (required)");
    expect(invalid).toContain("- (root): must NOT have additional properties 'extra' (additionalProperties)");
    expect(invalid).toContain('- /limit: must be <= 50 (maximum)');
    expect(invalid.endsWith('Fix the arguments and call the tool again.')).toBe(true);
    expect(ofType(events, 'tool_start').map((e) => e.args)).toEqual(seen);
  });

  it('repairs near-miss names by exact normalisation only, and answers the rest with the tool list', async () => {
    const terminal = probeTool('run_terminal');
    const { agent, logger } = scriptedAgent(
      [
        reply('', {
          toolCalls: [toolCall('RunTerminalTool', { q: 'a' }), toolCall('run-terminal', { q: 'b' }), toolCall('terminall', { q: 'c' }), toolCall('  ', { q: 'd' })],
        }),
        reply('ok'),
      ],
      { extraTools: [terminal] },
    );
    await agent.chat('go');
    expect(terminal.calls).toEqual([{ q: 'a' }, { q: 'b' }]);
    const assistant = agent.messages[1] as { tool_calls: { function: { name: string } }[] };
    expect(assistant.tool_calls.map((c) => c.function.name)).toEqual(['run_terminal', 'run_terminal', 'terminall', 'unknown']);
    const answers = toolAnswers(agent.messages);
    // Every call is answered in the order the model emitted it.
    expect(answers[2]).toBe("Tool 'terminall' not found. Available tools: run_terminal");
    expect(answers[3]).toMatch(/^Error: the tool name was empty\./);
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toContain("Tool name 'RunTerminalTool' repaired to 'run_terminal'");
    assertStrictHistory(agent.messages);
    // Repairs are never mentioned to the model.
    expect(JSON.stringify(agent.messages)).not.toMatch(/repair/i);
  });

  it('repairs broken JSON arguments and records them canonically; truncated JSON never runs', async () => {
    const tool = probeTool('lookup');
    const { agent } = scriptedAgent(
      [
        reply('', {
          toolCalls: [
            toolCall('lookup', "{'q': 'py', 'n': 1,}", 'a'),
            toolCall('lookup', '```json\n{"q": "fenced"}\n```', 'b'),
            toolCall('lookup', '{"q": "cut"', 'c'),
            toolCall('lookup', '{"q":  "kept",  "n": 2}', 'd'),
          ],
        }),
        reply('ok'),
      ],
      { extraTools: [tool] },
    );
    await agent.chat('go');
    expect(tool.calls).toEqual([{ q: 'py', n: 1 }, { q: 'fenced' }, { q: 'kept', n: 2 }]);
    const recorded = (agent.messages[1] as { tool_calls: { function: { arguments: string } }[] }).tool_calls.map((c) => c.function.arguments);
    expect(recorded).toEqual(['{"q":"py","n":1}', '{"q":"fenced"}', '{"q":"cut"}', '{"q":  "kept",  "n": 2}']);
    expect(toolAnswers(agent.messages)[2]).toMatch(/^Error: could not parse arguments for 'lookup': .*\. Please retry with valid JSON\.$/);
  });

  it('three unusable-argument calls of one tool trip the parse-failure guard', async () => {
    const tool = probeTool('lookup');
    const { agent } = scriptedAgent(
      [reply('', { toolCalls: [toolCall('lookup', '{bad 1'), toolCall('lookup', '{bad 2'), toolCall('lookup', '{bad 3'), toolCall('lookup', {})] })],
      { extraTools: [tool] },
    );
    await expect(agent.chat('go')).resolves.toBe('Tool execution halted by doom-loop detection.');
    expect(tool.calls).toEqual([]);
    const answers = toolAnswers(agent.messages);
    expect(answers[2]).toBe(
      "[Parse-failure doom-loop] Tool 'lookup' received unusable arguments 3 times in a row. Stopping to prevent a loop; try a different approach or tool.",
    );
    expect(answers[3]).toBe('Tool not executed (halted by doom-loop detection).');
    assertStrictHistory(agent.messages);
  });

  it('duplicate and blank ids are re-minted so every call is answered once', async () => {
    const tool = probeTool('lookup');
    const { agent } = scriptedAgent([reply('', { toolCalls: [toolCall('lookup', { n: 1 }, 'same'), toolCall('lookup', { n: 2 }, 'same'), toolCall('lookup', { n: 3 }, '')] }), reply('ok')], {
      extraTools: [tool],
    });
    await agent.chat('go');
    assertStrictHistory(agent.messages);
    expect(tool.calls).toHaveLength(3);
  });
});

describe('results', () => {
  it('spills results over 40,000 characters under the working directory, never splitting a surrogate pair', async () => {
    const huge = 'a'.repeat(7_999) + '😀' + 'b'.repeat(50_000) + ' sk-proj-abcdefghijklmnopqrstuvwxyz0123';
    const { agent, events } = scriptedAgent([reply('', { toolCalls: [toolCall('dump', {})] }), reply('ok')], {
      extraTools: [probeTool('dump', () => huge)],
    });
    await agent.chat('go');
    const excerpt = toolAnswers(agent.messages)[0] as string;
    expect(wellFormed(excerpt)).toBe(true);
    expect(excerpt).toMatch(/^\[Output truncated: 58,040 chars total, showing first 7,999 and last 32,000 chars\.\nFull output saved to: (.+) {2}\(use read_file to access\) Credential-shaped strings are redacted/);
    const result = ofType(events, 'tool_result')[0];
    expect(result?.content).toBe(huge);
    expect(result?.savedToDisk).toBe(true);
    expect(result?.diskPath?.startsWith(`${agent.workingDirectory}/.agentao/tool-outputs/dump_`)).toBe(true);
    const saved = readFileSync(result?.diskPath as string, 'utf8');
    expect(saved).toContain('[REDACTED:openai_api_key]');
    expect(saved.length).toBeLessThan(huge.length);
    expect(result?.contentHash).toBe(createHash('sha256').update(huge, 'utf8').digest('hex'));
  });

  it('streams tool output through ctx.onOutput as tool_output events', async () => {
    const streamer = defineTool({
      name: 'streamer',
      description: 'Streams.',
      parameters: { type: 'object' },
      isReadOnly: true,
      execute: (_args, ctx) => {
        ctx.onOutput('line 1\n');
        ctx.onOutput('line 2\n');
        return 'done';
      },
    });
    const { agent, events } = scriptedAgent([reply('', { toolCalls: [toolCall('streamer', {}, 's1')] }), reply('ok')], { extraTools: [streamer] });
    await agent.chat('go');
    expect(ofType(events, 'tool_output').map((e) => [e.chunk, e.callId, e.tool])).toEqual([
      ['line 1\n', 's1', 'streamer'],
      ['line 2\n', 's1', 'streamer'],
    ]);
  });
});
