import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Agentao, AgentaoError } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { recordingLogger, tempDir } from './__fixtures__/harness';
import { resolveAgentDefinition } from './agent-definition';
import { loadAgentDefinitions } from './load-agent-definitions';
import { subagents } from './subagents';

function agentsDir(root: string, files: Record<string, string>): string {
  const dir = join(root, '.agentao', 'agents');
  mkdirSync(dir, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const load = (root: string, extra: Partial<Parameters<typeof loadAgentDefinitions>[0]> = {}) => {
  const logger = recordingLogger();
  const definitions = loadAgentDefinitions({ definitionsDir: '.agentao/agents', definitions: [], enableBuiltinAgents: false, ...extra }, root, logger);
  return { definitions, logger };
};

describe('loading agent definitions', () => {
  it('loads *.md files in sorted order, not recursively, skipping other files', () => {
    const root = tempDir();
    const dir = agentsDir(root, { 'b.md': 'B body', 'a.md': '---\ndescription: first\n---\nA body', 'notes.txt': 'ignored' });
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'nested', 'c.md'), 'nested');
    const { definitions } = load(root);
    expect(definitions.map((d) => [d.name, d.description, d.instructions])).toEqual([
      ['a', 'first', 'A body'],
      ['b', '', 'B body'],
    ]);
  });

  it('skips a broken file with a warning naming it and still loads the others', () => {
    const root = tempDir();
    const dir = agentsDir(root, { 'good.md': 'fine', 'broken.md': '---\nmax_turns: zero\n---\nbody', 'bad-yaml.md': '---\nname: [x\n---\n' });
    const { definitions, logger } = load(root);
    expect(definitions.map((d) => d.name)).toEqual(['good']);
    const warnings = logger.warnings();
    expect(warnings).toHaveLength(2);
    expect(warnings.some((w) => w.includes(join(dir, 'broken.md')) && w.includes("'max_turns'"))).toBe(true);
    expect(warnings.some((w) => w.includes(join(dir, 'bad-yaml.md')) && w.includes('YAML'))).toBe(true);
  });

  it('treats a missing directory as no files, silently', () => {
    const { definitions, logger } = load(tempDir());
    expect(definitions).toEqual([]);
    expect(logger.lines).toEqual([]);
  });

  it('resolves an absolute definitionsDir as given', () => {
    const other = tempDir();
    writeFileSync(join(other, 'x.md'), 'x body');
    expect(load(tempDir(), { definitionsDir: other }).definitions.map((d) => d.name)).toEqual(['x']);
  });

  it('lets later sources replace earlier ones by name: built-ins < files < code, with an info line', () => {
    const root = tempDir();
    agentsDir(root, { 'generalist.md': '---\ndescription: from file\n---\nfile body' });
    const code = resolveAgentDefinition({ name: 'codebase-investigator', description: 'from code' }, 'test');
    const { definitions, logger } = load(root, { enableBuiltinAgents: true, definitions: [code] });
    const byName = Object.fromEntries(definitions.map((d) => [d.name, d]));
    expect(byName.generalist?.description).toBe('from file');
    expect(byName['codebase-investigator']?.description).toBe('from code');
    expect(logger.lines.filter((l) => l.level === 'info')).toHaveLength(2);
  });

  it('offers the two built-in definitions only when enabled', () => {
    expect(load(tempDir()).definitions).toEqual([]);
    const { definitions } = load(tempDir(), { enableBuiltinAgents: true });
    expect(definitions.map((d) => [d.name, d.maxTurns, d.tools])).toEqual([
      ['codebase-investigator', 100, ['read_file', 'list_directory', 'glob', 'search_file_content', 'run_shell_command']],
      ['generalist', 100, null],
    ]);
    // The investigator's "do not modify files" is an instruction, so its description must not promise enforcement.
    expect(definitions[0]?.description).not.toMatch(/cannot modify|never modif|read-only/i);
    expect(definitions[0]?.instructions).toMatch(/complete_task/);
  });

  it('reads definitions once, at construction', async () => {
    const root = tempDir();
    const dir = agentsDir(root, { 'one.md': 'one' });
    const agent = new Agentao({ workingDirectory: root, llm: { model: 'm', complete: () => Promise.reject(new Error('unused')) }, plugins: [subagents()] });
    writeFileSync(join(dir, 'two.md'), 'two');
    expect(agent.tools.names()).toEqual(['agent_one', 'check_background_agent', 'cancel_background_agent']);
    await agent.close();
  });

  it('rejects an invalid programmatic definition with CONFIG_INVALID', () => {
    const bad = [{ name: '', description: 'x' }, { name: 'x', description: 'x', maxTurns: 0 }, { name: 'x', description: 'x', tools: 'glob' }, 'nope'];
    for (const definition of bad) {
      let caught: unknown;
      try {
        subagents({ definitions: [definition as never] });
      } catch (error) {
        caught = error;
      }
      expect(AgentaoError.isInstance(caught) && caught.code).toBe('CONFIG_INVALID');
    }
    expect(() => subagents({ backgroundConfirm: 'ask' as never })).toThrow(/backgroundConfirm/);
  });
});
