import { describe, expect, it } from 'vitest';
import { EchoTool, FlaggedTool, recordingLogger } from '../__fixtures__/tools';
import { AgentaoError } from '../errors';
import { copyTool, type Tool } from '../tool/tool';
import { ToolRegistry } from './tool-registry';

describe('ToolRegistry', () => {
  it('warns and overwrites on a raw clash, keeping the position', () => {
    const { warn, logger } = recordingLogger();
    const registry = new ToolRegistry(logger);
    registry.register(new EchoTool('b'));
    registry.register(new EchoTool('a'));
    const replacement = new EchoTool('b');
    registry.register(replacement);
    expect(warn).toEqual(["Tool 'b' is already registered; overwriting"]);
    expect(registry.names()).toEqual(['b', 'a']);
    expect(registry.get('b')).toBe(replacement);
    registry.register(new EchoTool('b'), { replace: true });
    expect(warn).toHaveLength(1);
  });

  it('throws TOOL_NOT_FOUND with the sorted list of tools', () => {
    const registry = new ToolRegistry();
    expect(() => registry.get('x')).toThrow("Tool 'x' not found. Available tools: <none>");
    registry.register(new EchoTool('zeta'));
    registry.register(new EchoTool('Alpha'));
    registry.register(new EchoTool('alpha'));
    try {
      registry.get('nope');
      expect.unreachable();
    } catch (error) {
      expect(AgentaoError.isInstance(error) && error.code).toBe('TOOL_NOT_FOUND');
      expect((error as Error).message).toBe("Tool 'nope' not found. Available tools: Alpha, alpha, zeta");
    }
  });

  it('exports schemas sorted ordinally, plan-mode names only in plan mode', () => {
    const registry = new ToolRegistry();
    for (const name of ['b_tool', 'B_tool', 'a', 'plan_save', '_x']) registry.register(new EchoTool(name));
    expect(registry.toOpenAIFormat().map((tool) => tool.function.name)).toEqual(['B_tool', '_x', 'a', 'b_tool']);
    expect(registry.toOpenAIFormat({ planMode: true }).map((tool) => tool.function.name)).toContain('plan_save');
  });

  it('unregister reports whether something was removed', () => {
    const registry = new ToolRegistry();
    registry.register(new EchoTool('a'));
    expect(registry.unregister('a')).toBe(true);
    expect(registry.unregister('a')).toBe(false);
  });
});

describe('snapshotForSubagent', () => {
  function parentWith(entries: [Tool, 'builtin' | 'host' | 'agent' | 'mcp'][]): ToolRegistry {
    const registry = new ToolRegistry();
    for (const [tool, origin] of entries) registry.register(tool, { origin });
    return registry;
  }

  it('shares built-ins, drops agent tools, and drops undeclared host tools with their name', () => {
    const builtin = new EchoTool('list_directory');
    const hostReadFile = new FlaggedTool('read_file');
    const parent = parentWith([
      [builtin, 'builtin'],
      [hostReadFile, 'host'],
      [new EchoTool('agent_helper'), 'agent'],
    ]);
    const child = parent.snapshotForSubagent(null);
    expect(child.get('list_directory')).toBe(builtin);
    expect(child.has('read_file')).toBe(false);
    expect(child.has('agent_helper')).toBe(false);
  });

  it('a host tool named read_file hides the built-in read_file from the snapshot', () => {
    const parent = new ToolRegistry();
    parent.register(new EchoTool('read_file'), { origin: 'builtin' });
    parent.register(new FlaggedTool('read_file'), { origin: 'host', replace: true });
    expect(parent.snapshotForSubagent(null).has('read_file')).toBe(false);
  });

  it('copies a declared host tool: a different object per snapshot, prototype and binding kept', () => {
    const original = new FlaggedTool('deploy', { copiesToSubagents: true });
    original.workingDirectory = '/srv/a';
    const parent = parentWith([[original, 'host']]);
    const first = parent.snapshotForSubagent(null).get('deploy');
    const second = parent.snapshotForSubagent(null).get('deploy');
    expect(first).not.toBe(original);
    expect(second).not.toBe(first);
    expect(first).toBeInstanceOf(FlaggedTool);
    expect(first.workingDirectory).toBe('/srv/a');
    (first as { workingDirectory: string | null }).workingDirectory = '/elsewhere';
    expect(original.workingDirectory).toBe('/srv/a');
  });

  it('a flag written as a method makes the tool absent and logs a warning', () => {
    const { warn, logger } = recordingLogger();
    const tool = new EchoTool('methodical');
    Object.defineProperty(tool, 'copiesToSubagents', { value: () => true });
    expect(parentWith([[tool, 'host']]).snapshotForSubagent(null, logger).has('methodical')).toBe(false);
    expect(warn.join('\n')).toContain('must be a getter or a boolean field');
  });

  it.each([
    ['returns this', function (this: Tool) { return this; }, 'original instance'],
    ['throws', () => { throw new TypeError('no copy'); }, 'TypeError: no copy'],
    ['renames', () => new FlaggedTool('other', { copiesToSubagents: true }), "named 'other'"],
    ['returns a non-tool', () => ({}), 'not a tool'],
  ])('a copy hook that %s makes the tool absent with a warning', (_label, hook, reason) => {
    const { warn, logger } = recordingLogger();
    const tool = new FlaggedTool('svc', { copiesToSubagents: true });
    Object.defineProperty(tool, copyTool, { value: hook });
    const child = parentWith([[tool, 'host']]).snapshotForSubagent(null, logger);
    expect(child.has('svc')).toBe(false);
    expect(warn.join('\n')).toContain(reason);
  });

  it('honours a copy hook that returns a proper copy', () => {
    const tool = new FlaggedTool('svc', { copiesToSubagents: true });
    const deep = new FlaggedTool('svc', { copiesToSubagents: true });
    Object.defineProperty(tool, copyTool, { value: () => deep });
    expect(parentWith([[tool, 'host']]).snapshotForSubagent(null).get('svc')).toBe(deep);
  });

  it('the allowlist always wins, even over a declared tool', () => {
    const parent = parentWith([
      [new FlaggedTool('sql_query', { copiesToSubagents: true }), 'host'],
      [new FlaggedTool('deploy', { copiesToSubagents: true }), 'host'],
      [new EchoTool('read_file'), 'builtin'],
    ]);
    const child = parent.snapshotForSubagent(['sql_query']);
    expect(child.names()).toEqual(['sql_query']);
    expect(parent.snapshotForSubagent([]).names()).toEqual([]);
  });
});
