import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EchoTool, FakeLLM, FlaggedTool, recordingLogger } from '../__fixtures__/tools';
import { AgentaoError, type AgentaoErrorCode } from '../errors';
import { type Tool } from '../tool/tool';
import { Agentao } from './agentao';
import { type AgentaoOptions } from './agentao-options';
import { type AgentaoPlugin } from './plugin';

const tempDir = (): string => mkdtempSync(join(tmpdir(), 'agentao-agent-'));

function builtins(names: string[]): AgentaoPlugin {
  return { name: 'fake-builtins', builtinToolNames: names, builtinTools: () => names.map((name) => new EchoTool(name)) };
}

function make(options: Partial<AgentaoOptions> = {}): Agentao {
  return new Agentao({ workingDirectory: tempDir(), llm: new FakeLLM([]), ...options });
}

function expectCode(fn: () => unknown, code: AgentaoErrorCode, fragment: string): void {
  try {
    fn();
  } catch (error) {
    expect(AgentaoError.isInstance(error)).toBe(true);
    expect((error as AgentaoError).code).toBe(code);
    expect((error as Error).message).toContain(fragment);
    return;
  }
  expect.unreachable(`expected ${code}`);
}

describe('Agentao construction', () => {
  it('freezes workingDirectory as an absolute real path and accepts a missing one', () => {
    const dir = tempDir();
    const agent = new Agentao({ workingDirectory: dir, llm: new FakeLLM([]) });
    expect(agent.workingDirectory).toBe(realpathSync(dir));
    const later = new Agentao({ workingDirectory: join(dir, 'not-yet'), llm: new FakeLLM([]) });
    expect(later.workingDirectory).toBe(join(realpathSync(dir), 'not-yet'));
  });

  it('rejects a bad workingDirectory', () => {
    expectCode(() => new Agentao({ workingDirectory: '' }), 'CONFIG_INVALID', 'workingDirectory');
    const file = join(tempDir(), 'file.txt');
    writeFileSync(file, 'x');
    expectCode(() => new Agentao({ workingDirectory: file }), 'CONFIG_INVALID', 'not a directory');
  });

  it('validates maxIterations and plugins', () => {
    expectCode(() => make({ maxIterations: -1 }), 'CONFIG_INVALID', 'maxIterations');
    expectCode(() => make({ maxIterations: 1.5 }), 'CONFIG_INVALID', 'maxIterations');
    expectCode(() => make({ plugins: [builtins([]), builtins([])] }), 'CONFIG_INVALID', 'duplicate plugin name');
    const throwing: AgentaoPlugin = {
      name: 'broken',
      builtinTools: () => {
        throw new Error('nope');
      },
    };
    expectCode(() => make({ plugins: [throwing] }), 'CONFIG_INVALID', 'broken');
  });

  it('checks every extra tool: shape, reserved prefix, plan names, duplicates', () => {
    expectCode(() => make({ extraTools: [new EchoTool('')] }), 'TOOL_SCHEMA_INVALID', 'non-empty string');
    expectCode(() => make({ extraTools: [new EchoTool('bad name')] }), 'TOOL_SCHEMA_INVALID', '^[A-Za-z0-9_-]{1,64}$');
    expectCode(() => make({ extraTools: [new EchoTool('mcp_github_x')] }), 'TOOL_NAME_RESERVED', "reserved 'mcp_' prefix");
    expectCode(() => make({ extraTools: [new EchoTool('plan_save')] }), 'TOOL_NAME_RESERVED', 'reserved for plan mode');
    expectCode(() => make({ extraTools: [new EchoTool('a'), new EchoTool('a')] }), 'TOOL_NAME_DUPLICATE', 'duplicate tool name');
    const noExecute = Object.assign(Object.create(null), { name: 'x', description: 'd', parameters: { type: 'object' } });
    expectCode(() => make({ extraTools: [noExecute as Tool] }), 'TOOL_SCHEMA_INVALID', 'execute');
  });

  it('refuses a parameters schema that is not an object schema or does not compile, naming the tool', () => {
    class Bad extends EchoTool {
      override readonly parameters = { type: 'object', properties: { n: { type: 'no-such-type' } } };
    }
    expectCode(() => make({ extraTools: [new Bad('broken_schema')] }), 'TOOL_SCHEMA_INVALID', 'broken_schema');
    class NotObject extends EchoTool {
      override readonly parameters = { type: 'string' };
    }
    expectCode(() => make({ extraTools: [new NotObject('stringy')] }), 'TOOL_SCHEMA_INVALID', 'parameters');
  });

  it('disableTools and enabledTools are mutually exclusive, an empty disableTools is fine', () => {
    const plugin = builtins(['read_file', 'write_file']);
    expectCode(() => make({ plugins: [plugin], disableTools: ['read_file'], enabledTools: [] }), 'CONFIG_INVALID', 'mutually exclusive');
    expect(make({ plugins: [plugin], disableTools: [], enabledTools: ['read_file'] }).tools.names()).toEqual(['read_file']);
  });

  it('disableTools skips built-ins and refuses unknown names, sorted', () => {
    const plugin = builtins(['read_file', 'write_file']);
    expect(make({ plugins: [plugin], disableTools: ['write_file'] }).tools.names()).toEqual(['read_file']);
    expectCode(() => make({ plugins: [plugin], disableTools: ['zz', 'aa'] }), 'TOOL_UNKNOWN_NAME', "unknown built-in tool names 'aa', 'zz'");
  });

  it('an extra replaces a built-in silently with an info line; disable + extra of the same name logs nothing', () => {
    const { info, warn, logger } = recordingLogger();
    const extra = new EchoTool('read_file');
    const agent = make({ plugins: [builtins(['read_file'])], extraTools: [extra], logger });
    expect(agent.tools.get('read_file')).toBe(extra);
    expect(agent.tools.origin('read_file')).toBe('host');
    expect(info).toContain("Tool 'read_file' from extraTools overrides an already-registered tool");
    expect(warn).toEqual([]);
    const quiet = recordingLogger();
    make({ plugins: [builtins(['read_file'])], disableTools: ['read_file'], extraTools: [new EchoTool('read_file')], logger: quiet.logger });
    expect(quiet.info).toEqual([]);
  });

  it('registers built-in → agent → extra, then prunes by enabledTools keeping extras', () => {
    const plugin: AgentaoPlugin = {
      name: 'p',
      builtinToolNames: ['read_file', 'glob'],
      builtinTools: () => [new EchoTool('read_file'), new EchoTool('glob')],
      agentTools: () => [new EchoTool('agent_analyst')],
    };
    const all = make({ plugins: [plugin], extraTools: [new EchoTool('orders')] });
    expect(all.tools.names()).toEqual(['read_file', 'glob', 'agent_analyst', 'orders']);
    expect(all.tools.origin('agent_analyst')).toBe('agent');
    const pruned = make({ plugins: [plugin], extraTools: [new EchoTool('orders')], enabledTools: ['glob', 'agent_analyst'] });
    expect(pruned.tools.names()).toEqual(['glob', 'agent_analyst', 'orders']);
    const minimal = make({ plugins: [plugin], extraTools: [new EchoTool('orders')], enabledTools: [] });
    expect(minimal.tools.names()).toEqual(['orders']);
  });

  it('guards enabledTools against typos and reserved names', () => {
    const plugin = builtins(['read_file']);
    expectCode(() => make({ plugins: [plugin], enabledTools: ['read_fil'] }), 'TOOL_UNKNOWN_NAME', "unknown tool name 'read_fil'");
    expectCode(() => make({ plugins: [plugin], enabledTools: ['mcp_x'] }), 'TOOL_NAME_RESERVED', "reserved 'mcp_' prefix");
    expectCode(() => make({ enabledTools: ['x', 7 as unknown as string] }), 'CONFIG_INVALID', 'must be a string');
  });

  it('refuses a plugin tool that reuses a name of an earlier plugin', () => {
    expectCode(() => make({ plugins: [builtins(['a']), { name: 'q', agentTools: () => [new EchoTool('a')] }] }), 'TOOL_NAME_DUPLICATE', 'duplicate tool name');
  });

  it('binds working directory and capabilities on contract paths only', () => {
    const dir = tempDir();
    const filesystem = { marker: 'fs' } as never;
    const extra = new EchoTool('x');
    const agent = new Agentao({ workingDirectory: dir, llm: new FakeLLM([]), extraTools: [extra], filesystem });
    expect(extra.workingDirectory).toBe(realpathSync(dir));
    expect(extra.filesystem).toBe(filesystem);
    const raw = new EchoTool('raw');
    agent.tools.register(raw);
    expect(raw.workingDirectory).toBeNull();
  });
});

describe('addTool / removeTool', () => {
  it('adds with binding, throws on a clash without replace, replaces with it', () => {
    const { info, logger } = recordingLogger();
    const agent = make({ logger });
    const tool = new EchoTool('orders');
    agent.addTool(tool);
    expect(tool.workingDirectory).toBe(agent.workingDirectory);
    expectCode(() => agent.addTool(new EchoTool('orders')), 'TOOL_ALREADY_REGISTERED', 'already registered');
    const replacement = new EchoTool('orders');
    agent.addTool(replacement, { replace: true });
    expect(agent.tools.get('orders')).toBe(replacement);
    expect(info).toHaveLength(1);
    expectCode(() => agent.addTool(new EchoTool('mcp_a')), 'TOOL_NAME_RESERVED', 'mcp_');
  });

  it('removeTool returns false for unknown names and validates input', () => {
    const agent = make({ extraTools: [new EchoTool('orders')] });
    expect(agent.removeTool('orders')).toBe(true);
    expect(agent.removeTool('orders')).toBe(false);
    expectCode(() => agent.removeTool(3 as unknown as string), 'CONFIG_INVALID', 'must be a string');
    expectCode(() => agent.removeTool('plan_finalize'), 'TOOL_NAME_RESERVED', 'plan mode');
  });

  it('a tool added between turns is in the next request and a removed one is gone', async () => {
    const llm = new FakeLLM([{ content: 'one' }, { content: 'two' }]);
    const agent = make({ llm });
    await agent.chat('first');
    agent.addTool(new EchoTool('late'));
    await agent.chat('second');
    expect(llm.requests[0]?.tools).toEqual([]);
    expect(llm.requests[1]?.tools.map((tool) => tool.function.name)).toEqual(['late']);
  });
});

describe('isolation and state', () => {
  it('two agents with different directories share no registry, history or session', async () => {
    const a = make({ llm: new FakeLLM([{ content: 'A' }]), extraTools: [new FlaggedTool('t')] });
    const b = make({ llm: new FakeLLM([{ content: 'B' }]) });
    await a.chat('hi');
    expect(a.messages).toHaveLength(2);
    expect(b.messages).toHaveLength(0);
    expect(b.tools.has('t')).toBe(false);
    expect(a.sessionId).not.toBe(b.sessionId);
    expect(a.workingDirectory).not.toBe(b.workingDirectory);
  });

  it('setReadOnly emits readonly_mode_changed only on a flip; clearHistory keeps lastTurn', async () => {
    const events: string[] = [];
    const agent = make({
      llm: new FakeLLM([{ content: 'ok' }]),
      transport: {
        emit: (event) => events.push(event.type),
        confirmTool: () => true,
        askUser: () => '',
      },
    });
    agent.setReadOnly(true);
    agent.setReadOnly(true);
    agent.setReadOnly(false);
    expect(events).toEqual(['readonly_mode_changed', 'readonly_mode_changed']);
    await agent.chat('x');
    agent.clearHistory();
    expect(agent.messages).toEqual([]);
    expect(agent.lastTurn?.text).toBe('ok');
  });

  it('validates resumed messages and backfills orphans', () => {
    expectCode(() => make({ messages: [{ role: 'system', content: 'x' } as never] }), 'CONFIG_INVALID', 'system messages are not accepted');
    expectCode(() => make({ messages: [{ role: 'user', content: 'a' }, { role: 'bot' } as never] }), 'CONFIG_INVALID', 'messages[1]');
    const agent = make({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{}' } }] },
      ],
    });
    expect(agent.messages).toHaveLength(3);
    expect(agent.messages[2]).toMatchObject({ role: 'tool', tool_call_id: 'c1', name: 'x' });
  });
});

describe('duck-typed tools', () => {
  it('a plain object with the contract members works like a Tool', async () => {
    const plain = {
      name: 'plain',
      description: 'A plain object tool.',
      parameters: { type: 'object', properties: {} },
      isReadOnly: true,
      execute: () => 'plain result',
      workingDirectory: null,
      filesystem: null,
      shell: null,
    } as unknown as Tool;
    const llm = new FakeLLM([
      { toolCalls: [{ id: 'p1', type: 'function', function: { name: 'plain', arguments: '{}' } }], finishReason: 'tool_calls' },
      { content: 'done' },
    ]);
    const agent = make({ llm, extraTools: [plain] });
    await expect(agent.chat('go')).resolves.toBe('done');
    expect(llm.requests[0]?.tools[0]?.function.name).toBe('plain');
    expect(agent.messages[2]).toMatchObject({ role: 'tool', content: 'plain result' });
  });
});
