import { type Agentao, type ToolContext } from '@agentao/core';
import { reply, toolCall } from '@agentao/testing';
import { describe, expect, it } from 'vitest';
import { askTool } from './__fixtures__/ask-tool';
import { gateTool } from './__fixtures__/gate-tool';
import { parentAgent, RouterLLM, until } from './__fixtures__/harness';
import { riskyTool } from './__fixtures__/risky-tool';
import { subagents } from './index';

const WORKER = { name: 'worker', description: 'Works in the background.', instructions: 'ROLE:worker' };
const launch = (task: string, id?: string) => reply('', { toolCalls: [toolCall('agent_worker', { task, run_in_background: true }, id)] });
const complete = (result: string) => reply('', { toolCalls: [toolCall('complete_task', { result })] });
const NO_CTX = undefined as unknown as ToolContext;

const check = (agent: Agentao, id: string) => agent.tools.get('check_background_agent').execute({ agent_id: id }, NO_CTX) as string;
const cancel = (agent: Agentao, id: string) => agent.tools.get('cancel_background_agent').execute({ agent_id: id }, NO_CTX) as string;
const launchedId = (agent: Agentao): string => /\(ID: ([0-9a-f]{8})\)/.exec(String(agent.messages.find((m) => m.role === 'tool')?.content))?.[1] ?? 'missing';

describe('background runs', () => {
  it('launches at once, runs, completes, is polled, and announces itself before the next parent LLM call', async () => {
    const g = gateTool();
    const task = 'Survey every module of the repository and report which ones lack tests, with reasons.';
    const llm = new RouterLLM([launch(task, 'l1'), reply('launched'), reply('noted')], {
      worker: [reply('', { toolCalls: [toolCall('gate', {}, 'g1')] }), complete('three modules lack tests')],
    });
    const { agent, events } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [g.tool] });
    await expect(agent.chat('go')).resolves.toBe('launched');
    const id = launchedId(agent);
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(agent.messages.find((m) => m.role === 'tool')?.content).toBe(
      `Background agent 'worker' started (ID: ${id}). Task: ${task.slice(0, 80)}…. Use check_background_agent(agent_id='${id}') to get the result.`,
    );
    await until(g.started);
    expect(check(agent, id)).toMatch(new RegExp(`^Agent 'worker' \\(${id}\\) is still running \\(\\d+s elapsed\\)\\.$`));
    expect(check(agent, '')).toMatch(new RegExp(`^Background agents:\\n  \\[${id}\\] worker — running \\(\\d+s running\\): ${task.slice(0, 60)}$`));
    g.release();
    await until(() => check(agent, id).includes('completed'));
    expect(check(agent, id)).toMatch(new RegExp(`^Agent 'worker' \\(${id}\\) completed \\(\\d+\\.\\ds\\):\\n\\nthree modules lack tests\\n\\n\\[worker: 2 turns, 2 tool calls, \\d+ms\\]$`));
    expect(check(agent, '')).toMatch(/ — completed \(\d+\.\ds\): /);
    // Background runs emit nothing on the parent's transport.
    expect(events.some((e) => e.type === 'agent_start' || e.type === 'agent_end' || ('callId' in e && e.callId === 'g1'))).toBe(false);

    await agent.chat('anything new?');
    const lastRequest = llm.of('parent').at(-1);
    const reminder = lastRequest?.messages.at(-1);
    expect(reminder).toEqual({
      role: 'user',
      content: `<system-reminder>\nBackground agent update:\nBackground agent 'worker' (ID: ${id}) completed.\nthree modules lack tests\n\n[worker: 2 turns, 2 tool calls, ${/(\d+)ms\]$/.exec(check(agent, id))?.[1]}ms]\n</system-reminder>`,
    });
    await agent.close();
  });

  it('cancels a running agent: reported cancelled (not failed), with a note', async () => {
    const g = gateTool();
    const llm = new RouterLLM([launch('long job'), reply('launched'), reply('ok')], { worker: [reply('', { toolCalls: [toolCall('gate', {})] })] });
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [g.tool] });
    await agent.chat('go');
    const id = launchedId(agent);
    await until(g.started);
    expect(cancel(agent, id)).toBe(`Cancellation signal sent to agent 'worker' (${id}). It will stop at the next safe point.`);
    await until(() => !check(agent, id).includes('running'));
    expect(check(agent, id)).toBe(`Agent 'worker' (${id}) was cancelled.`);
    expect(check(agent, '')).toMatch(/ — cancelled \(\d+\.\ds\): long job$/);
    expect(cancel(agent, id)).toBe(`Agent 'worker' (${id}) is already cancelled — nothing to cancel.`);
    await agent.chat('status?');
    expect(llm.of('parent').at(-1)?.messages.at(-1)?.content).toBe(
      `<system-reminder>\nBackground agent update:\nBackground agent 'worker' (ID: ${id}) was cancelled.\n</system-reminder>`,
    );
  });

  it('cancels a pending agent before it starts, and answers unknown ids', async () => {
    const llm = new RouterLLM([]);
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })] });
    const text = (await agent.tools.get('agent_worker').execute({ task: 'never runs', run_in_background: true }, NO_CTX));
    const id = /ID: ([0-9a-f]{8})/.exec(text)?.[1] ?? '';
    expect(check(agent, id)).toBe(`Agent 'worker' (${id}) is queued, not yet started.`);
    expect(check(agent, '')).toBe(`Background agents:\n  [${id}] worker — pending (queued): never runs`);
    expect(cancel(agent, id)).toBe(`Agent 'worker' (${id}) cancelled before it started.`);
    expect(check(agent, '')).toBe(`Background agents:\n  [${id}] worker — cancelled (cancelled before start): never runs`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(llm.requests).toEqual([]);
    expect(check(agent, 'feedbeef')).toBe('No background agent found with ID: feedbeef');
    expect(cancel(agent, 'feedbeef')).toBe('No background agent found with ID: feedbeef');
    expect(check(parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })] }).agent, '')).toBe(
      'No background agents have been launched in this session.',
    );
  });

  it('stores an incomplete run as failed with its reason, partial result and note', async () => {
    const llm = new RouterLLM([launch('try'), reply('launched'), reply('ok')], {
      worker: [reply('half way', { toolCalls: [toolCall('complete_task', { result: '' })] })],
    });
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [{ ...WORKER, maxTurns: 1 }] })] });
    await agent.chat('go');
    const id = launchedId(agent);
    await until(() => check(agent, id).includes('did not finish'));
    expect(check(agent, id)).toMatch(
      new RegExp(
        `^Agent 'worker' \\(${id}\\) did not finish \\(max_iterations\\): it used its entire 1-turn budget without finishing\\n\\n\\[worker did not finish: it used its entire 1-turn budget without finishing\\]\\nPartial result:\\nhalf way\\n\\n\\[worker: `,
      ),
    );
    await agent.chat('and?');
    expect(llm.of('parent').at(-1)?.messages.at(-1)?.content).toBe(
      `<system-reminder>\nBackground agent update:\nBackground agent 'worker' (ID: ${id}) failed: it used its entire 1-turn budget without finishing\n</system-reminder>`,
    );
  });

  it("declines confirmations and questions in the background by default (M11b), without asking the parent's user", async () => {
    const risky = riskyTool();
    const asker = askTool('Proceed?');
    const llm = new RouterLLM([launch('risky work'), reply('launched')], {
      worker: [reply('', { toolCalls: [toolCall('risky', {}), toolCall('ask', {})] }), complete('partial, risky needs approval')],
    });
    const { agent, confirmations, questions } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [risky, asker] });
    await agent.chat('go');
    const id = launchedId(agent);
    await until(() => check(agent, id).includes('completed'));
    const results = llm.of('worker')[1]?.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(results).toEqual([
      "Tool execution declined: 'risky' needs the user's confirmation, but this sub-agent runs in the background and cannot ask. Do not retry this call; finish what you can without it and say in your result what still needs approval.",
      '[ask_user: not available in non-interactive mode]',
    ]);
    expect(confirmations).toEqual([]);
    expect(questions).toEqual([]);
  });

  it("asks the parent's user with backgroundConfirm: 'parent'", async () => {
    const risky = riskyTool();
    const llm = new RouterLLM([launch('risky work'), reply('launched')], {
      worker: [reply('', { toolCalls: [toolCall('risky', {})] }), complete('done it')],
    });
    const { agent, confirmations } = parentAgent({
      llm,
      plugins: [subagents({ definitions: [WORKER], backgroundConfirm: 'parent' })],
      extraTools: [risky],
    });
    await agent.chat('go');
    const id = launchedId(agent);
    await until(() => check(agent, id).includes('completed'));
    expect(confirmations).toEqual(['[worker] risky']);
    expect(llm.of('worker')[1]?.messages.at(-1)?.content).toBe('did the risky thing');
  });

  it('stores a rejected child turn as failed with the error message', async () => {
    const risky = riskyTool('x');
    const llm = new RouterLLM([launch('work'), reply('launched')], { worker: [reply('', { toolCalls: [toolCall('risky', {})] })] });
    const { agent } = parentAgent({
      llm,
      plugins: [subagents({ definitions: [WORKER], backgroundConfirm: 'parent' })],
      extraTools: [risky],
      confirm: () => {
        throw new Error('approval service down');
      },
    });
    await agent.chat('go');
    const id = launchedId(agent);
    await until(() => !/running|queued/.test(check(agent, id)));
    expect(check(agent, id)).toBe(`Agent 'worker' (${id}) failed: approval service down`);
  });

  it("survives the parent turn's cancellation, and is cancelled by the parent's close()", async () => {
    const g = gateTool();
    const llm = new RouterLLM([launch('job'), reply('launched', { delayMs: 60_000 })], { worker: [reply('', { toolCalls: [toolCall('gate', {})] })] });
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [g.tool] });
    const controller = new AbortController();
    const turn = agent.chat('go', { signal: controller.signal });
    await until(g.started);
    controller.abort('user-cancel');
    await expect(turn).resolves.toBe('[Cancelled: user-cancel]');
    const id = launchedId(agent);
    expect(check(agent, id)).toContain('is still running');
    await agent.close();
    expect(check(agent, id)).toBe(`Agent 'worker' (${id}) was cancelled.`);
  });
});
