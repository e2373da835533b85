import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

import { Agentao, type LLMClient, readToolFlag, type ToolMessage } from '@agentao/core';
import { AGENT_INTERNALS } from '@agentao/core/internal';
import { UrlPolicy } from '@agentao/permissions';
import { describe, expect, it } from 'vitest';

import { scriptedModel } from './__fixtures__/scripted-model';
import { useTempWorkspace } from './__fixtures__/use-temp-workspace';
import { BUILTIN_TOOL_NAMES, builtinTools } from './builtin-tools';
import { TODO_STATE_KEY } from './tools/todo-write';
import { type WebFetchTool } from './tools/web-fetch';

/** A model that answers each request with the next scripted reply (tool calls given as [name, args]). */
function scripted(steps: [string, Record<string, unknown>][][]): LLMClient {
  return scriptedModel(steps.map((calls, step) => calls.map(([name, args], i) => ({ id: `call_${step}_${i}`, name, args }))));
}

const idle = (): LLMClient => scripted([]);

let base = '';
useTempWorkspace((workspace) => {
  base = workspace.dir;
}, { prefix: 'agentao-builtins-' });

describe('builtinTools()', () => {
  it('registers exactly BUILTIN_TOOL_NAMES, in order, as built-ins', () => {
    const plugin = builtinTools();
    expect(plugin.name).toBe('builtin-tools');
    expect(plugin.builtinToolNames).toEqual(BUILTIN_TOOL_NAMES);
    const host = { agent: undefined as never, workingDirectory: base, logger: undefined as never };
    expect(plugin.builtinTools?.(host).map((t) => t.name)).toEqual([...BUILTIN_TOOL_NAMES]);
    const agent = new Agentao({ workingDirectory: base, llm: idle(), plugins: [plugin] });
    expect(agent.tools.list().map((t) => t.name).sort()).toEqual([...BUILTIN_TOOL_NAMES].sort());
    for (const name of BUILTIN_TOOL_NAMES) expect(agent.tools.origin(name)).toBe('builtin');
  });

  it('creates fresh instances for every agent, bound to that agent', async () => {
    const plugin = builtinTools();
    await mkdir(join(base, 'a'));
    await mkdir(join(base, 'b'));
    const a = new Agentao({ workingDirectory: join(base, 'a'), llm: idle(), plugins: [plugin] });
    const b = new Agentao({ workingDirectory: join(base, 'b'), llm: idle(), plugins: [plugin] });
    for (const name of BUILTIN_TOOL_NAMES) {
      expect(a.tools.get(name)).not.toBe(b.tools.get(name));
      expect(a.tools.get(name).workingDirectory).toBe(join(base, 'a'));
      expect(b.tools.get(name).workingDirectory).toBe(join(base, 'b'));
    }
  });

  it('honours disableTools', () => {
    const agent = new Agentao({ workingDirectory: base, llm: idle(), plugins: [builtinTools()], disableTools: ['run_shell_command', 'web_fetch'] });
    expect(agent.tools.has('run_shell_command')).toBe(false);
    expect(agent.tools.has('web_fetch')).toBe(false);
    expect(agent.tools.list()).toHaveLength(BUILTIN_TOOL_NAMES.length - 2);
  });

  it('declares the flags of the spec table', () => {
    const agent = new Agentao({ workingDirectory: base, llm: idle(), plugins: [builtinTools()] });
    const flags = Object.fromEntries(
      BUILTIN_TOOL_NAMES.map((name) => {
        const tool = agent.tools.get(name);
        return [name, [readToolFlag(tool, 'isReadOnly'), readToolFlag(tool, 'requiresConfirmation'), readToolFlag(tool, 'copiesToSubagents')]];
      }),
    );
    expect(flags).toEqual({
      read_file: [true, false, false],
      write_file: [false, true, false],
      replace: [false, true, false],
      list_directory: [true, false, false],
      glob: [true, false, false],
      search_file_content: [true, false, false],
      run_shell_command: [false, true, false],
      web_fetch: [true, true, false],
      ask_user: [true, false, false],
      todo_write: [true, false, false],
    });
  });

  it('gives web_fetch the host URL policy, else one read from the environment', () => {
    const policy = new UrlPolicy({ allowNetworks: ['127.0.0.1'] });
    const given = new Agentao({ workingDirectory: base, llm: idle(), plugins: [builtinTools({ webFetch: { urlPolicy: policy } })] });
    expect((given.tools.get('web_fetch') as WebFetchTool).urlPolicy).toBe(policy);

    const saved = process.env.AGENTAO_WEB_FETCH_ALLOW_CIDRS;
    process.env.AGENTAO_WEB_FETCH_ALLOW_CIDRS = '10.1.0.0/16';
    try {
      const fromEnv = new Agentao({ workingDirectory: base, llm: idle(), plugins: [builtinTools()] });
      expect(fromEnv.tools.get('web_fetch').description).toContain('SSRF allowlist active: 10.1.0.0/16.');
    } finally {
      if (saved === undefined) delete process.env.AGENTAO_WEB_FETCH_ALLOW_CIDRS;
      else process.env.AGENTAO_WEB_FETCH_ALLOW_CIDRS = saved;
    }
  });
});

describe.runIf(process.platform !== 'win32')('two agents side by side', () => {
  it('never see each other’s directory or todo list, even running concurrently', async () => {
    const plugin = builtinTools();
    const dirs = [join(base, 'alpha'), join(base, 'beta')];
    for (const dir of dirs) await mkdir(dir);
    const agents = dirs.map(
      (dir, i) =>
        new Agentao({
          workingDirectory: dir,
          plugins: [plugin],
          llm: scripted([
            [['todo_write', { todos: [{ content: `task of agent ${i}`, status: 'in_progress' }] }]],
            [['run_shell_command', { command: 'sleep 0.3; pwd' }]],
            [['todo_write', { todos: [{ content: `task of agent ${i}`, status: 'completed' }, { content: `next ${i}`, status: 'pending' }] }]],
            [['run_shell_command', { command: 'pwd; ls' }]],
          ]),
        }),
    );
    await mkdir(join(dirs[0]!, 'only-in-alpha'));
    await mkdir(join(dirs[1]!, 'only-in-beta'));

    await Promise.all(agents.map((agent) => agent.chat('work')));

    const results = agents.map((agent) => agent.messages.filter((m): m is ToolMessage => m.role === 'tool').map((m) => m.content));
    expect(results[0]).toEqual([
      'Todo list updated: 1 task(s) (0 completed, 1 in progress, 0 pending)\n[>] task of agent 0',
      `STDOUT:\n${dirs[0]}\n`,
      'Todo list updated: 2 task(s) (1 completed, 0 in progress, 1 pending)\n[x] task of agent 0\n[ ] next 0',
      `STDOUT:\n${dirs[0]}\nonly-in-alpha\n`,
    ]);
    expect(results[1]).toEqual([
      'Todo list updated: 1 task(s) (0 completed, 1 in progress, 0 pending)\n[>] task of agent 1',
      `STDOUT:\n${dirs[1]}\n`,
      'Todo list updated: 2 task(s) (1 completed, 0 in progress, 1 pending)\n[x] task of agent 1\n[ ] next 1',
      `STDOUT:\n${dirs[1]}\nonly-in-beta\n`,
    ]);
    expect(agents[0]![AGENT_INTERNALS].sessionState.get(TODO_STATE_KEY)).toEqual([
      { content: 'task of agent 0', status: 'completed' },
      { content: 'next 0', status: 'pending' },
    ]);
    expect(agents[1]![AGENT_INTERNALS].sessionState.get(TODO_STATE_KEY)).toEqual([
      { content: 'task of agent 1', status: 'completed' },
      { content: 'next 1', status: 'pending' },
    ]);
  });
});
