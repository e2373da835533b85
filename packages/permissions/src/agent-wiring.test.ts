import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agentao, type AgentEvent, defineTool, SdkTransport } from '@agentao/core';
import { reply, ScriptedLLM, toolCall } from '@agentao/testing';
import { describe, expect, it } from 'vitest';
import { PermissionEngine } from './permission-engine';

function shellProbe(): { tool: ReturnType<typeof defineTool>; ran: string[] } {
  const ran: string[] = [];
  const tool = defineTool({
    name: 'run_shell_command',
    description: 'Runs a command (test double that records instead of running).',
    parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
    requiresConfirmation: true,
    execute: (args) => (ran.push(String(args.command)), 'ran'),
  });
  return { tool, ran };
}

describe('PermissionEngine wired into an agent', () => {
  it('decides every call, refuses the hardline in full-access, and reports each decision', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentao-perm-'));
    const engine = new PermissionEngine({ projectRoot: dir, userRoot: null, mode: 'full-access' });
    const { tool, ran } = shellProbe();
    const events: AgentEvent[] = [];
    const agent = new Agentao({
      workingDirectory: dir,
      llm: new ScriptedLLM([
        reply('', { toolCalls: [toolCall('run_shell_command', { command: 'sudo rm -rf /' }), toolCall('run_shell_command', { command: 'ls -la' })] }),
        reply('done'),
      ]),
      extraTools: [tool],
      permissionEngine: engine,
      transport: new SdkTransport({ onEvent: (event) => void events.push(event), confirmTool: () => false }),
    });
    await agent.chat('clean up');
    expect(ran).toEqual(['ls -la']);
    const decisions = events.filter((e) => e.type === 'permission_decision');
    expect(decisions.map((e) => [e.decision, e.mode])).toEqual([
      ['deny', 'full-access'],
      ['allow', 'full-access'],
    ]);
    expect((decisions[0] as { reason: string }).reason).toMatch(/^hardline:/);
  });

  it('a run-scope deny added at run time takes effect on the next call; mode read-only refuses writers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agentao-perm-'));
    const engine = new PermissionEngine({ projectRoot: dir, userRoot: null, mode: 'full-access' });
    const { tool, ran } = shellProbe();
    const agent = new Agentao({
      workingDirectory: dir,
      llm: new ScriptedLLM([
        reply('', { toolCalls: [toolCall('run_shell_command', { command: 'echo one' })] }),
        reply('ok'),
        reply('', { toolCalls: [toolCall('run_shell_command', { command: 'echo two' })] }),
        reply('ok'),
        reply('', { toolCalls: [toolCall('run_shell_command', { command: 'echo three' })] }),
        reply('ok'),
      ]),
      extraTools: [tool],
      permissionEngine: engine,
    });
    await agent.chat('first');
    engine.addRunRules({ deny: [{ tool: 'run_shell_command', action: 'deny' }], source: 'tenant-42' });
    await agent.chat('second');
    engine.clearRunRules();
    engine.setMode('read-only');
    expect(agent.readOnly).toBe(true);
    await agent.chat('third');
    expect(ran).toEqual(['echo one']);
    const answers = agent.messages.filter((m) => m.role === 'tool').map((m) => m.content);
    expect(answers[1]).toContain("Tool execution denied: 'run_shell_command' is not permitted");
    expect(answers[2]).toContain('[Readonly mode]');
  });
});
