import { defineTool, type JsonSchema, type Tool, type ToolContext } from '@agentao/core';
import { reply, toolCall } from '@agentao/testing';
import { describe, expect, it } from 'vitest';
import { askTool } from './__fixtures__/ask-tool';
import { gateTool } from './__fixtures__/gate-tool';
import { contentText, eventsOf, parentAgent, RouterLLM, until } from './__fixtures__/harness';
import { subagents } from './index';

const WORKER = { name: 'worker', description: 'Does careful work.', instructions: 'ROLE:worker' };
const spawn = (task: string, id?: string) => reply('', { toolCalls: [toolCall('agent_worker', { task }, id)] });
const complete = (result: string, id?: string) => reply('', { toolCalls: [toolCall('complete_task', { result }, id)] });
const FOOTER = /\n\n\[worker: \d+ turns, \d+ tool calls, \d+ms\]$/;

/** A copied host tool that streams a chunk and echoes its input. */
function echoTool(options: { readOnly?: boolean; confirm?: boolean } = {}): Tool {
  return defineTool({
    name: 'echo',
    description: 'echoes',
    parameters: { type: 'object', properties: { text: { type: 'string' } } },
    copiesToSubagents: true,
    isReadOnly: options.readOnly ?? true,
    requiresConfirmation: options.confirm ?? false,
    execute(args: { text?: unknown }, ctx: ToolContext) {
      ctx.onOutput(`chunk:${String(args.text)}`);
      return `echo:${String(args.text)}`;
    },
  });
}

function lastParentToolResult(agent: { messages: readonly { role: string; content: unknown }[] }): string {
  return String(agent.messages.filter((m) => m.role === 'tool').at(-1)?.content);
}

describe('agent_<name> tools', () => {
  it('names tools agent_<sanitised name>, capped at 64 characters, dropping a later clash with a warning', async () => {
    const long = 'x'.repeat(80);
    const llm = new RouterLLM([]);
    const { agent, logger } = parentAgent({
      llm,
      plugins: [
        subagents({
          definitions: [
            { name: 'codebase-investigator', description: 'a' },
            { name: 'codebase.investigator', description: 'b' },
            { name: long, description: 'c' },
          ],
          background: false,
        }),
      ],
    });
    expect(agent.tools.names()).toEqual(['agent_codebase_investigator', `agent_${'x'.repeat(58)}`]);
    expect(logger.warnings().join('\n')).toMatch(/codebase\.investigator.*agent_codebase_investigator/);
    await agent.close();
  });

  it('builds a true description and the schema; run_in_background only with background runs', async () => {
    const { agent } = parentAgent({ llm: new RouterLLM([]), plugins: [subagents({ definitions: [{ ...WORKER, maxTurns: 4 }] })] });
    const tool = agent.tools.get('agent_worker');
    expect(tool.description).toBe(
      "Does careful work. Delegates the task to the 'worker' sub-agent, which works with its own tools for at most 4 turns and returns its final result. Set run_in_background to true to start it without waiting; the call then returns an agent ID to poll with check_background_agent.",
    );
    const parameters = tool.parameters as { properties: Record<string, JsonSchema>; required: string[] };
    expect(Object.keys(parameters.properties)).toEqual(['task', 'run_in_background']);
    expect(parameters.properties.run_in_background).toMatchObject({ type: 'boolean', default: false });
    expect(parameters.required).toEqual(['task']);
    expect([tool.isReadOnly, tool.requiresConfirmation, tool.copiesToSubagents]).toEqual([true, false, false]);

    const off = parentAgent({ llm: new RouterLLM([]), plugins: [subagents({ definitions: [{ name: 'w', description: '' }], background: false })] });
    const plain = off.agent.tools.get('agent_w');
    expect(plain.description).toBe("Delegates the task to the 'w' sub-agent, which works with its own tools for at most 15 turns and returns its final result.");
    expect(Object.keys((plain.parameters as { properties: object }).properties)).toEqual(['task']);
    expect(off.agent.tools.names()).toEqual(['agent_w']);
    await agent.close();
  });

  it('registers nothing and adds no prompt section without definitions', async () => {
    const llm = new RouterLLM([reply('hi')]);
    const { agent } = parentAgent({ llm, plugins: [subagents()] });
    expect(agent.tools.names()).toEqual([]);
    await agent.chat('hello');
    expect(llm.requests[0]?.system).not.toContain('Available Agents');
  });

  it('lists the agents in the parent prompt, and never in a child (no nesting)', async () => {
    const llm = new RouterLLM([spawn('nest?'), reply('done')], {
      worker: [reply('', { toolCalls: [toolCall('agent_worker', { task: 'deeper' }, 'n1')] }), complete('flat')],
    });
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER, { name: 'other', description: 'Other one.' }] })] });
    await agent.chat('go');
    expect(llm.requests[0]?.system).toContain(
      '## Available Agents\n\nYou can delegate a task to one of these sub-agents by calling its tool:\n- worker: Does careful work. (use tool: agent_worker)\n- other: Other one. (use tool: agent_other)',
    );
    const child = llm.of('worker');
    expect(child[0]?.system).not.toContain('Available Agents');
    expect(child[0]?.system).toContain('ROLE:worker');
    expect(child[0]?.system).toContain(`Current Working Directory: ${agent.workingDirectory}`);
    expect(child[0]?.toolNames).toEqual(['complete_task']);
    expect(contentText(child[1]?.messages.at(-1)?.content)).toMatch(/agent_worker.*not found/i);
  });

  it('does not advertise an agent whose tool was removed', async () => {
    const llm = new RouterLLM([reply('a')]);
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })] });
    agent.removeTool('agent_worker');
    await agent.chat('x');
    expect(llm.requests[0]?.system).not.toContain('Available Agents');
  });
});

describe('foreground runs', () => {
  it('returns the complete_task payload with the footer and forwards labelled child events with real call ids', async () => {
    const llm = new RouterLLM([spawn('say hi', 'p1'), reply('parent done')], {
      worker: [
        reply('', { toolCalls: [toolCall('echo', { text: 'a' }, 'c1'), toolCall('echo', { text: 'b' }, 'c2')] }),
        reply('', { toolCalls: [toolCall('echo', { text: 'c' }, 'c3')] }),
        complete('the final answer', 'c4'),
      ],
    });
    // Not read-only, so the child runs its batch one by one and the event order is deterministic.
    const { agent, events } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [echoTool({ readOnly: false })] });
    await agent.chat('go');
    const result = lastParentToolResult(agent);
    expect(result).toMatch(/^the final answer\n\n\[worker: 3 turns, 4 tool calls, \d+ms\]$/);
    // Terminal: no LLM call after the complete_task batch.
    expect(llm.of('worker')).toHaveLength(3);

    const turnId = events.find((e) => e.type === 'turn_begin')?.turnId;
    const window = events.slice(
      events.findIndex((e) => e.type === 'agent_start'),
      events.findIndex((e) => e.type === 'agent_end') + 1,
    );
    for (const event of window) expect([event.sessionId, event.turnId]).toEqual([agent.sessionId, turnId]);
    expect(window.map((e) => e.type)).toEqual([
      'agent_start',
      'turn_start',
      'permission_decision',
      'permission_decision',
      'tool_start',
      'tool_output',
      'tool_complete',
      'tool_start',
      'tool_output',
      'tool_complete',
      'turn_start',
      'permission_decision',
      'tool_start',
      'tool_output',
      'tool_complete',
      'turn_start',
      'permission_decision',
      'tool_start',
      'tool_complete',
      'agent_end',
    ]);
    expect(window[0]).toMatchObject({ agent: 'worker', task: 'say hi', maxTurns: 15 });
    expect(eventsOf(window, 'permission_decision').map((e) => [e.tool, e.callId])).toEqual([
      ['[worker] echo', 'c1'],
      ['[worker] echo', 'c2'],
      ['[worker] echo', 'c3'],
      ['[worker] complete_task', 'c4'],
    ]);
    expect(eventsOf(window, 'tool_start').map((e) => [e.tool, e.callId])).toEqual([
      ['[worker 1/15] echo', 'c1'],
      ['[worker 1/15] echo', 'c2'],
      ['[worker 2/15] echo', 'c3'],
      ['[worker 3/15] complete_task', 'c4'],
    ]);
    expect(eventsOf(window, 'tool_output').map((e) => [e.tool, e.chunk, e.callId])).toEqual([
      ['echo', 'chunk:a', 'c1'],
      ['echo', 'chunk:b', 'c2'],
      ['echo', 'chunk:c', 'c3'],
    ]);
    expect(eventsOf(window, 'tool_complete').map((e) => [e.tool, e.callId, e.status])).toEqual([
      ['echo', 'c1', 'ok'],
      ['echo', 'c2', 'ok'],
      ['echo', 'c3', 'ok'],
      ['complete_task', 'c4', 'ok'],
    ]);
    expect(window.at(-1)).toMatchObject({ type: 'agent_end', agent: 'worker', state: 'completed', turns: 3, toolCalls: 4, error: null });
    // Child-internal events stay inside the child.
    expect(events.filter((e) => e.type === 'llm_call_started')).toHaveLength(2);
    expect(events.filter((e) => e.type === 'turn_begin')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'tool_result').map((e) => e.callId)).toEqual(['p1']);
  });

  it('refuses a blank complete_task and keeps the run going', async () => {
    const llm = new RouterLLM([spawn('t'), reply('done')], { worker: [complete('   '), complete('real result')] });
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })] });
    await agent.chat('go');
    expect(contentText(llm.of('worker')[1]?.messages.at(-1)?.content)).toBe('Error: result is empty. Pass the complete final result.');
    expect(lastParentToolResult(agent)).toMatch(/^real result\n\n/);
  });

  it('counts a plain text answer as success', async () => {
    const llm = new RouterLLM([spawn('t'), reply('done')], { worker: [reply('plain answer')] });
    const { agent, events } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })] });
    await agent.chat('go');
    expect(lastParentToolResult(agent)).toMatch(/^plain answer\n\n\[worker: 1 turns, 0 tool calls, \d+ms\]$/);
    expect(eventsOf(events, 'agent_end')[0]).toMatchObject({ state: 'completed', error: null });
  });

  it('reports a used-up budget with the partial result, and harness notices without one', async () => {
    const llm = new RouterLLM([spawn('t'), spawn('u'), spawn('v'), reply('done')], {
      worker: [
        reply('still going', { toolCalls: [toolCall('echo', { text: '1' })] }),
        reply('', { toolCalls: [toolCall('echo', { text: '2' })] }),
        reply('', { error: new Error('upstream 503') }),
      ],
    });
    const { agent, events } = parentAgent({ llm, plugins: [subagents({ definitions: [{ ...WORKER, maxTurns: 1 }] })], extraTools: [echoTool()] });
    await agent.chat('go');
    const results = agent.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(results[0]).toMatch(/^\[worker did not finish: it used its entire 1-turn budget without finishing\]\nPartial result:\nstill going\n\n\[worker: /);
    expect(results[1]).toMatch(/^\[worker did not finish: it used its entire 1-turn budget without finishing\]\n\n\[worker: /);
    expect(results[2]).toMatch(/^\[worker did not finish: the LLM API call failed\]\n\n\[worker: 1 turns, 0 tool calls, \d+ms\]$/);
    expect(eventsOf(events, 'agent_end').map((e) => [e.state, e.error])).toEqual([
      ['failed', 'it used its entire 1-turn budget without finishing'],
      ['failed', 'it used its entire 1-turn budget without finishing'],
      ['failed', 'the LLM API call failed'],
    ]);
  });

  it('reports an empty reply as no_output without a partial result', async () => {
    const llm = new RouterLLM([spawn('t'), reply('done')], { worker: [reply('')] });
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })] });
    await agent.chat('go');
    expect(lastParentToolResult(agent)).toMatch(/^\[worker did not finish: it produced no output\]\n\n\[worker: 1 turns, 0 tool calls, \d+ms\]$/);
  });

  it('gives the child the recent parent conversation, its task, the parent LLM object and the definition overrides', async () => {
    const llm = new RouterLLM(
      [reply('', { toolCalls: [toolCall('echo', { text: 'x' })] }), reply('', { toolCalls: [toolCall('agent_worker', { task: 'summarise it' })] }), reply('done')],
      { worker: [complete('summary')] },
    );
    const { agent } = parentAgent({
      llm,
      plugins: [subagents({ definitions: [{ ...WORKER, model: 'vendor/model-x', temperature: 0.3 }] })],
      extraTools: [echoTool()],
    });
    await agent.chat('please look');
    const first = llm.of('worker')[0];
    const userMessage = contentText(first?.messages[1]?.content);
    expect(userMessage).toMatch(/\[Parent conversation context \(last 4 messages\)\]\n\[user\]: <system-reminder>[^]*please look\n\[assistant called: echo\]\n\[tool\/echo\]: echo:x\n\[assistant called: agent_worker\]\n\n\[Your Task\]\nsummarise it$/);
    expect([first?.model, first?.temperature]).toEqual(['vendor/model-x', 0.3]);
    expect(llm.of('parent').every((r) => r.model === undefined && r.temperature === undefined)).toBe(true);
  });

  it('passes read-only mode on to the child', async () => {
    const llm = new RouterLLM([spawn('write'), reply('done')], {
      worker: [reply('', { toolCalls: [toolCall('echo', { text: 'w' }, 'w1')] }), complete('could not write')],
    });
    const { agent, events } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [echoTool({ readOnly: false })], readOnly: true });
    await agent.chat('go');
    expect(contentText(llm.of('worker')[1]?.messages.at(-1)?.content)).toMatch(/\[Readonly mode\] Tool 'echo' is blocked/);
    expect(eventsOf(events, 'tool_complete').find((e) => e.callId === 'w1')).toMatchObject({ status: 'cancelled', error: 'denied by read-only mode' });
  });

  it("routes a child's confirmation and questions to the parent's transport with the agent label", async () => {
    const asker = askTool('Which colour?');
    const llm = new RouterLLM([spawn('t'), reply('done')], {
      worker: [reply('', { toolCalls: [toolCall('echo', { text: 'x' }, 'e1'), toolCall('ask', {}, 'a1')] }), complete('ok')],
    });
    const { agent, confirmations, questions, events } = parentAgent({
      llm,
      plugins: [subagents({ definitions: [WORKER] })],
      extraTools: [echoTool({ confirm: true }), asker],
      confirm: () => false,
      ask: () => 'blue',
    });
    await agent.chat('go');
    expect(confirmations).toEqual(['[worker] echo']);
    expect(questions).toEqual(['Which colour?']);
    const childTools = llm.of('worker')[1]?.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(childTools?.[0]).toMatch(/declined to execute echo/);
    expect(childTools?.[1]).toBe('blue');
    expect(eventsOf(events, 'tool_confirmation')[0]).toMatchObject({ tool: '[worker] echo', callId: 'e1' });
  });

  it('rethrows when a host callback fails inside the child: agent_end failed, the parent loop goes on', async () => {
    const llm = new RouterLLM([spawn('t'), reply('parent survived')], { worker: [reply('', { toolCalls: [toolCall('echo', { text: 'x' })] })] });
    const { agent, events } = parentAgent({
      llm,
      plugins: [subagents({ definitions: [WORKER] })],
      extraTools: [echoTool({ confirm: true })],
      confirm: () => {
        throw new Error('confirm UI crashed');
      },
    });
    await expect(agent.chat('go')).resolves.toBe('parent survived');
    expect(lastParentToolResult(agent)).toBe('Error executing agent_worker: confirm UI crashed');
    expect(eventsOf(events, 'agent_end')[0]).toMatchObject({ state: 'failed', error: 'confirm UI crashed' });
  });

  it('shares the parent call signal: cancelling the parent turn cancels the child, reported cancelled', async () => {
    const waits = gateTool('wait', 'waits until cancelled');
    const llm = new RouterLLM([spawn('long', 'p1')], { worker: [reply('', { toolCalls: [toolCall('wait', {}, 'w1')] })] });
    const { agent, events } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER] })], extraTools: [waits.tool] });
    const controller = new AbortController();
    const turn = agent.chat('go', { signal: controller.signal });
    await until(waits.started);
    controller.abort('user-cancel');
    await expect(turn).resolves.toBe('[Cancelled: user-cancel]');
    expect(agent.lastTurn?.status).toBe('cancelled');
    expect(eventsOf(events, 'agent_end')[0]).toMatchObject({ state: 'cancelled', error: 'it was cancelled' });
    expect(eventsOf(events, 'tool_complete').find((e) => e.callId === 'p1')).toMatchObject({ status: 'cancelled' });
    expect(eventsOf(events, 'tool_complete').find((e) => e.callId === 'w1')).toMatchObject({ status: 'cancelled', tool: 'wait' });
  });

  it('answers run_in_background on an agent without background runs with a clear error', async () => {
    const llm = new RouterLLM([reply('', { toolCalls: [toolCall('agent_worker', { task: 't', run_in_background: true })] }), reply('done')]);
    const { agent } = parentAgent({ llm, plugins: [subagents({ definitions: [WORKER], background: false })] });
    await agent.chat('go');
    expect(lastParentToolResult(agent)).toBe('Error executing agent_worker: background runs are disabled for this agent');
  });

  it('serves several agents from one plugin instance with separate state', async () => {
    const plugin = subagents({ definitions: [WORKER] });
    const a = parentAgent({ llm: new RouterLLM([spawn('a'), reply('A')], { worker: [complete('from a')] }), plugins: [plugin] });
    const b = parentAgent({ llm: new RouterLLM([spawn('b'), reply('B')], { worker: [complete('from b')] }), plugins: [plugin] });
    await a.agent.chat('x');
    await b.agent.chat('y');
    expect(lastParentToolResult(a.agent)).toMatch(/^from a/);
    expect(lastParentToolResult(b.agent)).toMatch(FOOTER);
    expect(lastParentToolResult(b.agent)).toMatch(/^from b/);
  });
});
