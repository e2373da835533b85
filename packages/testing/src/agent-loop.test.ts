import { Agentao, AgentaoError, defineTool, SdkTransport } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { assertStrictHistory, eventTypes, probeTool, scriptedAgent, tempDir } from './__fixtures__/agent-harness';
import { ScriptedLLM } from './scripted-llm';
import { reply } from './reply';
import { toolCall } from './tool-call';

describe('chat loop: turns and history', () => {
  it('runs a three-step tool loop and records OpenAI-shaped history', async () => {
    const lookup = probeTool('lookup');
    const { agent, llm } = scriptedAgent(
      [
        reply('', { toolCalls: [toolCall('lookup', { q: 'a' }, 'c1')] }),
        reply('checking more', { toolCalls: [toolCall('lookup', { q: 'b' }, 'c2')] }),
        reply('All done.'),
      ],
      { extraTools: [lookup] },
    );
    await expect(agent.chat('find things')).resolves.toBe('All done.');
    expect(lookup.calls).toEqual([{ q: 'a' }, { q: 'b' }]);
    expect(agent.lastTurn).toMatchObject({ status: 'ok', incompleteReason: null, toolCount: 2, isAnswer: true, error: null });
    const history = agent.messages;
    assertStrictHistory(history);
    expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(history[0]?.content).toMatch(/^<system-reminder>\nCurrent Date\/Time: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(\w+day\)\n<\/system-reminder>\nfind things$/);
    expect(history[2]).toEqual({ role: 'tool', tool_call_id: 'c1', name: 'lookup', content: 'ok {"q":"a"}' });
    // Every request: system prompt first, the same tool schema snapshot.
    expect(llm.calls).toHaveLength(3);
    for (const call of llm.calls) {
      expect(call.messages[0]?.role).toBe('system');
      expect(call.tools.map((t) => t.function.name)).toEqual(['lookup']);
    }
    expect(llm.calls[0]?.messages[0]?.content).toContain(`Current Working Directory: ${agent.workingDirectory}`);
    expect(llm.calls[0]?.messages[0]?.content).toBe(llm.calls[2]?.messages[0]?.content);
  });

  it('puts host instructions and plugin sections in a cache-stable system prompt', async () => {
    const { agent, llm } = scriptedAgent([reply('a'), reply('b')], {
      instructions: 'Always answer in French.',
      plugins: [{ name: 'p', systemPromptSection: () => '## Available Agents\n- analyst' }],
    });
    await agent.chat('one');
    await agent.chat('two');
    const prompt = llm.calls[0]?.messages[0]?.content as string;
    expect(prompt).toContain('Always answer in French.');
    expect(prompt.indexOf('French')).toBeLessThan(prompt.indexOf('Available Agents'));
    expect(prompt).not.toMatch(/\d{4}-\d\d-\d\d/);
    expect(llm.calls[1]?.messages[0]?.content).toBe(prompt);
  });

  it('emits the documented event order for a turn with one tool round', async () => {
    const { agent, events } = scriptedAgent(
      [reply('let me look', { toolCalls: [toolCall('lookup', { q: 'x' })], reasoning: 'thinking hard' }), reply('done')],
      { extraTools: [probeTool('lookup')] },
    );
    await agent.chat('go');
    expect(eventTypes(events)).toEqual([
      'turn_begin',
      'turn_start',
      'llm_call_started',
      'llm_call_completed',
      'thinking',
      'thinking',
      'permission_decision',
      'tool_start',
      'tool_complete',
      'tool_result',
      'turn_start',
      'llm_call_started',
      'llm_call_completed',
      'turn_end',
    ]);
    const turnIds = new Set(events.map((e) => e.turnId));
    expect(turnIds.size).toBe(1);
    expect(events.every((e) => e.sessionId === agent.sessionId)).toBe(true);
    expect(events.find((e) => e.type === 'thinking')).toMatchObject({ text: 'thinking hard' });
    expect(events.filter((e) => e.type === 'llm_text').map((e) => (e as { chunk: string }).chunk)).toEqual(['let me look', 'done']);
    const started = events.find((e) => e.type === 'llm_call_started');
    expect(started).toMatchObject({ attempt: 1, model: 'scripted-llm', messageCount: 2, toolCount: 1 });
    expect((started as { toolsHash: string }).toolsHash).toMatch(/^[0-9a-f]{16}$/);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', finalText: 'done', status: 'ok', toolCount: 1, incompleteReason: null });
  });

  it('a throwing listener or onEvent never breaks a turn', async () => {
    const transport = new SdkTransport({
      onEvent: () => {
        throw new Error('display bug');
      },
    });
    transport.subscribe(() => {
      throw new Error('listener bug');
    });
    const seen: string[] = [];
    transport.subscribe((event) => seen.push(event.type));
    const agent = new Agentao({ workingDirectory: tempDir(), llm: new ScriptedLLM([reply('fine')]), transport });
    await expect(agent.chat('hi')).resolves.toBe('fine');
    expect(seen[0]).toBe('turn_begin');
    expect(seen.at(-1)).toBe('turn_end');
  });
});

describe('chat loop: incomplete reasons', () => {
  it.each([
    ['no_output', reply(''), '[No response]'],
    ['reasoning_only', reply('', { reasoning: 'hmm' }), '[No text response]'],
    ['length_truncated', reply('partial answ', { finishReason: 'length' }), 'partial answ'],
    ['length_truncated', reply('  ', { finishReason: 'MAX_TOKENS ' }), '[No response]'],
  ])('%s', async (reason, step, text) => {
    const { agent } = scriptedAgent([step]);
    await expect(agent.chat('q')).resolves.toBe(text);
    expect(agent.lastTurn).toMatchObject({ status: 'ok', incompleteReason: reason, isAnswer: false });
  });

  it('a real answer starting with [No response] is still an answer', async () => {
    const { agent } = scriptedAgent([reply('[No response] is what I got')]);
    await agent.chat('q');
    expect(agent.lastTurn?.isAnswer).toBe(true);
  });

  it('llm_error: the error becomes the final text and chat() resolves', async () => {
    const { agent } = scriptedAgent([reply('', { error: new Error('503 upstream overloaded') })]);
    await expect(agent.chat('q')).resolves.toBe('[LLM API error: 503 upstream overloaded]');
    expect(agent.lastTurn).toMatchObject({ status: 'ok', incompleteReason: 'llm_error', isAnswer: false });
    expect(agent.messages.at(-1)).toEqual({ role: 'assistant', content: '[LLM API error: 503 upstream overloaded]' });
  });

  it('length-truncated tool calls are never executed; three in a row abort', async () => {
    const tool = probeTool('lookup');
    const truncated = (n: number) => reply('', { toolCalls: [toolCall('lookup', `{"q": "${n}`)], finishReason: 'length' });
    const { agent } = scriptedAgent([truncated(1), truncated(2), truncated(3)], { extraTools: [tool] });
    await expect(agent.chat('q')).resolves.toBe('Tool calls were repeatedly cut off at the output-token limit and could not be completed.');
    expect(tool.calls).toEqual([]);
    expect(agent.lastTurn).toMatchObject({ incompleteReason: 'length_truncated', toolCount: 3 });
    assertStrictHistory(agent.messages);
    const answers = agent.messages.filter((m) => m.role === 'tool');
    expect(answers).toHaveLength(3);
    expect(answers[0]?.content).toContain('Tool call not executed: the assistant message was cut off');
  });

  it('a truncated reply followed by a good one resets the counter', async () => {
    const tool = probeTool('lookup');
    const { agent } = scriptedAgent(
      [
        reply('', { toolCalls: [toolCall('lookup', '{"q":')], finishReason: 'length' }),
        reply('', { toolCalls: [toolCall('lookup', { q: 'full' })] }),
        reply('', { toolCalls: [toolCall('lookup', '{"q":')], finishReason: 'length' }),
        reply('answer'),
      ],
      { extraTools: [tool] },
    );
    await expect(agent.chat('q')).resolves.toBe('answer');
    expect(tool.calls).toEqual([{ q: 'full' }]);
  });

  it('doom_loop: the third identical call trips the guard', async () => {
    const tool = probeTool('lookup');
    const same = () => reply('', { toolCalls: [toolCall('lookup', { q: 'same' })] });
    const { agent } = scriptedAgent([same(), same(), same()], { extraTools: [tool] });
    await expect(agent.chat('q')).resolves.toBe('Tool execution halted by doom-loop detection.');
    expect(tool.calls).toHaveLength(2);
    expect(agent.lastTurn?.incompleteReason).toBe('doom_loop');
    expect(agent.messages.at(-2)?.content).toBe(
      "[Doom-loop detected] Tool 'lookup' was called 3 times with identical arguments. Execution stopped; try a different approach or tool.",
    );
    assertStrictHistory(agent.messages);
  });

  it('max_iterations: stop by default, with the last reply text when it had one', async () => {
    const step = (n: number) => reply(`step ${n}`, { toolCalls: [toolCall('lookup', { n })] });
    const { agent } = scriptedAgent([step(1), step(2)], { extraTools: [probeTool('lookup')], maxIterations: 2 });
    await expect(agent.chat('q')).resolves.toBe('step 2');
    expect(agent.lastTurn).toMatchObject({ incompleteReason: 'max_iterations', status: 'ok' });
    assertStrictHistory(agent.messages);
  });

  it('maxIterations 0 ends at once without asking the host', async () => {
    let asked = false;
    const { agent, llm } = scriptedAgent([], {
      callbacks: {
        onMaxIterations: () => {
          asked = true;
          return { action: 'continue' };
        },
      },
    });
    await expect(agent.chat('q', { maxIterations: 0 })).resolves.toBe('Maximum tool call iterations reached.');
    expect(asked).toBe(false);
    expect(llm.calls).toHaveLength(0);
  });
});

describe('chat loop: onMaxIterations', () => {
  const step = (n: number) => reply('', { toolCalls: [toolCall('lookup', { n })] });

  it('continue grants a fresh budget; the pending calls are reported', async () => {
    const pendings: unknown[] = [];
    const answers = [{ action: 'continue' as const }, { action: 'stop' as const }];
    const { agent, llm } = scriptedAgent([step(1), step(2), step(3), reply('never')], {
      extraTools: [probeTool('lookup')],
      maxIterations: 1,
      callbacks: {
        onMaxIterations: (count, pending) => {
          pendings.push({ count, pending });
          return answers.shift() ?? { action: 'stop' };
        },
      },
    });
    await expect(agent.chat('q')).resolves.toBe('Maximum tool call iterations reached.');
    expect(llm.calls).toHaveLength(2);
    expect(pendings).toEqual([
      { count: 1, pending: [{ name: 'lookup', args: '{"n":1}' }] },
      { count: 1, pending: [{ name: 'lookup', args: '{"n":2}' }] },
    ]);
  });

  it('new_instruction appends a user message and continues', async () => {
    const { agent, llm } = scriptedAgent([step(1), reply('wrapped up')], {
      extraTools: [probeTool('lookup')],
      maxIterations: 1,
      callbacks: { onMaxIterations: () => ({ action: 'new_instruction', message: 'Summarise now.' }) },
    });
    await expect(agent.chat('q')).resolves.toBe('wrapped up');
    expect(llm.calls[1]?.messages.at(-1)).toEqual({ role: 'user', content: 'Summarise now.' });
    expect(agent.lastTurn?.isAnswer).toBe(true);
  });

  it('a throwing onMaxIterations rejects chat() with a consistent history', async () => {
    const { agent } = scriptedAgent([step(1)], {
      extraTools: [probeTool('lookup')],
      maxIterations: 1,
      callbacks: {
        onMaxIterations: () => {
          throw new Error('host broke');
        },
      },
    });
    await expect(agent.chat('q')).rejects.toThrow('host broke');
    expect(agent.lastTurn).toMatchObject({ status: 'error', incompleteReason: null });
    assertStrictHistory(agent.messages);
  });
});

describe('chat loop: misuse, cancellation and failures', () => {
  it('a concurrent chat() is refused with AGENT_BUSY without touching history or events', async () => {
    const { agent, events } = scriptedAgent([reply('slow', { delayMs: 100 })]);
    const first = agent.chat('one');
    const before = events.length;
    await expect(agent.chat('two')).rejects.toMatchObject({ code: 'AGENT_BUSY' });
    expect(events.length).toBe(before);
    await expect(first).resolves.toBe('slow');
    expect(agent.messages).toHaveLength(2);
    expect(() => agent.clearHistory()).not.toThrow();
  });

  it('rejects a non-string message and a bad maxIterations with CONFIG_INVALID', async () => {
    const { agent } = scriptedAgent([]);
    await expect(agent.chat(42 as unknown as string)).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    await expect(agent.chat('x', { maxIterations: -2 })).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(agent.messages).toEqual([]);
  });

  it('cancelling while a tool runs answers every call, aborts ctx.signal and reports cancelled', async () => {
    const controller = new AbortController();
    let sawAbort = false;
    const slow = defineTool({
      name: 'slow',
      description: 'Waits until cancelled.',
      parameters: { type: 'object', properties: {} },
      isReadOnly: true,
      execute: (_args, ctx) =>
        new Promise<string>((resolve) => {
          ctx.signal.addEventListener('abort', () => {
            sawAbort = true;
            resolve('stopped');
          });
          setTimeout(() => controller.abort('user pressed stop'), 20);
        }),
    });
    const { agent, events } = scriptedAgent([reply('', { toolCalls: [toolCall('slow', {}), toolCall('slow', { q: 'x' })] })], {
      extraTools: [slow],
    });
    await expect(agent.chat('go', { signal: controller.signal })).resolves.toBe('[Cancelled: user pressed stop]');
    expect(sawAbort).toBe(true);
    expect(agent.lastTurn).toMatchObject({ status: 'cancelled', error: 'user pressed stop', incompleteReason: null, finishReasonMissing: false });
    assertStrictHistory(agent.messages);
    const answers = agent.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(answers).toEqual(['Tool execution cancelled.', 'Tool execution cancelled.']);
    expect(events.filter((e) => e.type === 'tool_complete').map((e) => (e as { status: string }).status)).toEqual(['cancelled', 'cancelled']);
    expect(events.at(-1)).toMatchObject({ type: 'turn_end', status: 'cancelled' });
  });

  it('a tool that ignores cancellation is waited for at most 5 s, then answered and logged', async () => {
    const controller = new AbortController();
    const stubborn = defineTool({
      name: 'stubborn',
      description: 'Never settles.',
      parameters: { type: 'object' },
      isReadOnly: true,
      execute: () => {
        setTimeout(() => controller.abort('stop'), 10);
        return new Promise<string>(() => undefined);
      },
    });
    const { agent, logger, events } = scriptedAgent([reply('', { toolCalls: [toolCall('stubborn', {})] })], { extraTools: [stubborn] });
    await expect(agent.chat('go', { signal: controller.signal })).resolves.toBe('[Cancelled: stop]');
    expect(logger.lines.some((line) => line.level === 'warn' && line.message.includes('cancel ack timeout'))).toBe(true);
    expect(events.filter((e) => e.type === 'tool_complete')).toHaveLength(1);
    expect(agent.messages.find((m) => m.role === 'tool')?.content).toBe('Tool execution cancelled.');
  }, 60_000);

  it('cancelling during the LLM call ends the turn cancelled; an already-aborted signal never calls the model', async () => {
    const controller = new AbortController();
    const { agent } = scriptedAgent([reply('late', { delayMs: 5_000 })]);
    setTimeout(() => controller.abort(), 20);
    await expect(agent.chat('go', { signal: controller.signal })).resolves.toBe('[Cancelled: user-cancel]');
    const { agent: other, llm } = scriptedAgent([reply('x')]);
    await expect(other.chat('go', { signal: AbortSignal.abort(new Error('host shutdown')) })).resolves.toBe('[Cancelled: host shutdown]');
    expect(llm.calls).toHaveLength(0);
  });

  it('close() aborts a running turn with reason closed', async () => {
    const { agent } = scriptedAgent([reply('late', { delayMs: 5_000 })]);
    const turn = agent.chat('go');
    await new Promise((r) => setTimeout(r, 20));
    await agent.close();
    await expect(turn).resolves.toBe('[Cancelled: closed]');
    await agent.close();
  });

  it('a tool that throws, rejects or returns a non-string is answered and the loop goes on', async () => {
    const thrower = probeTool('thrower', () => {
      throw new TypeError('backend exploded');
    });
    const rejecter = defineTool({
      name: 'rejecter',
      description: 'Rejects.',
      parameters: { type: 'object' },
      isReadOnly: true,
      execute: async () => Promise.reject(new Error('async failure')),
    });
    const objecty = probeTool('objecty', () => ({ not: 'a string' }));
    const nully = probeTool('nully', () => null);
    const { agent, events } = scriptedAgent(
      [reply('', { toolCalls: [toolCall('thrower', {}), toolCall('rejecter', {}), toolCall('objecty', {}), toolCall('nully', {})] }), reply('recovered')],
      { extraTools: [thrower, rejecter, objecty, nully] },
    );
    await expect(agent.chat('go')).resolves.toBe('recovered');
    expect(agent.messages.filter((m) => m.role === 'tool').map((m) => m.content)).toEqual([
      'Error executing thrower: backend exploded',
      'Error executing rejecter: async failure',
      'Error executing objecty: tool returned object, expected a string',
      'Error executing nully: tool returned null, expected a string',
    ]);
    expect(events.filter((e) => e.type === 'tool_complete').every((e) => (e as { status: string }).status === 'error')).toBe(true);
  });

  it('finishReasonMissing is sticky per turn and never changes isAnswer', async () => {
    const { agent } = scriptedAgent([reply('', { toolCalls: [toolCall('lookup', {})], finishReason: null }), reply('ok')], {
      extraTools: [probeTool('lookup')],
    });
    await agent.chat('q');
    expect(agent.lastTurn).toMatchObject({ finishReasonMissing: true, isAnswer: true });
  });

  it('without llm options the agent reads the environment and names the missing variable at the first chat()', async () => {
    const saved = { model: process.env.AGENTAO_MODEL, key: process.env.OPENAI_API_KEY };
    delete process.env.AGENTAO_MODEL;
    delete process.env.OPENAI_API_KEY;
    try {
      const agent = new Agentao({ workingDirectory: tempDir() });
      await expect(agent.chat('q')).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining('AGENTAO_MODEL') });
      process.env.AGENTAO_MODEL = 'gpt-test';
      const keyless = new Agentao({ workingDirectory: tempDir() });
      await expect(keyless.chat('q')).rejects.toMatchObject({ code: 'CONFIG_INVALID', message: expect.stringContaining('OPENAI_API_KEY') });
    } finally {
      if (saved.model === undefined) delete process.env.AGENTAO_MODEL;
      else process.env.AGENTAO_MODEL = saved.model;
      if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
    }
  });

  it('a CONFIG_INVALID from the model client rejects chat() (misconfiguration is the host’s to see)', async () => {
    const { agent } = scriptedAgent([]);
    await expect(agent.chat('q')).rejects.toSatisfy((error) => AgentaoError.isInstance(error) && error.code === 'CONFIG_INVALID');
  });
});
