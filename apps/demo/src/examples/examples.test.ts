import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agentao, copyTool, type ToolContext } from '@agentao/core';
import { ScriptedLLM, checkToolContract, reply, toolCall } from '@agentao/testing';
import { subagents } from '@agentao/subagents';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PriceListTool } from './shared-tool';
import { orderStatus, shapeToolSurface } from './tool-surface';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'demo-examples-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const names = (agent: Agentao): string[] => agent.tools.list().map((t) => t.name).sort();

describe('tool-surface example', () => {
  it('adds, hides, narrows and swaps tools as the guide says', async () => {
    const [withExtras, noShell, narrow, ownOnly] = shapeToolSurface(dir, new ScriptedLLM([]));
    expect(names(withExtras!)).toContain('order_status');
    expect(names(withExtras!)).not.toContain('web_fetch');
    expect(names(noShell!)).not.toContain('run_shell_command');
    expect(names(noShell!)).toContain('read_file');
    expect(names(narrow!)).toEqual(['order_status', 'read_file']);
    expect(names(ownOnly!)).toEqual(['order_status']);
    expect(orderStatus.execute({ order_id: 'A-1001' }, {} as ToolContext)).toBe('{"status":"ok","order_status":"delivered"}');
    expect((await checkToolContract(orderStatus)).problems).toEqual([]);
  });
});

describe('shared-tool example', () => {
  it('reaches a sub-agent as its own copy', async () => {
    const prices = new Map([['KT-1', 49.9]]);
    const tool = new PriceListTool(prices);
    const llm = new ScriptedLLM([
      reply('', { toolCalls: [toolCall('agent_pricer', { task: 'Price of KT-1?' })] }),
      reply('', { toolCalls: [toolCall('price_list', { sku: 'KT-1' })] }),
      reply('', { toolCalls: [toolCall('complete_task', { result: 'KT-1 costs 49.90 EUR.' })] }),
      reply('KT-1 costs 49.90 EUR.'),
    ]);
    const agent = new Agentao({
      workingDirectory: dir,
      llm,
      extraTools: [tool],
      plugins: [subagents({ definitions: [{ name: 'pricer', description: 'Looks up prices.', tools: ['price_list'] }], background: false })],
    });
    expect(await agent.chat('How much is the kettle?')).toBe('KT-1 costs 49.90 EUR.');
    // The child saw price_list in its schema and got a real answer from its copy.
    const childTools = llm.calls[1]!.tools.map((t) => t.function.name);
    expect(childTools).toContain('price_list');
    expect(llm.calls[2]!.messages.at(-1)).toMatchObject({ role: 'tool', content: '{"status":"ok","sku":"KT-1","price_eur":49.9}' });
    expect(tool[copyTool]()).not.toBe(tool);
    await agent.close();
  });
});
