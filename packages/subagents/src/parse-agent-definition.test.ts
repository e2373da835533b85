import { AgentaoError } from '@agentao/core';
import { describe, expect, it } from 'vitest';
import { parseAgentDefinition } from './parse-agent-definition';

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return AgentaoError.isInstance(error) ? `${error.code}: ${error.message}` : `not AgentaoError: ${String(error)}`;
  }
  return undefined;
}

describe('parseAgentDefinition', () => {
  it('reads the frontmatter fields and the body as instructions', () => {
    const md = [
      '---',
      'name: reviewer',
      'description: Reviews diffs',
      'tools: [read_file, glob]',
      'max_turns: 7',
      'model: anthropic/claude-x',
      'temperature: 0.2',
      'color: blue',
      '---',
      '',
      'Review carefully.',
      '',
    ].join('\n');
    expect(parseAgentDefinition(md, 'file-stem')).toEqual({
      name: 'reviewer',
      description: 'Reviews diffs',
      tools: ['read_file', 'glob'],
      maxTurns: 7,
      model: 'anthropic/claude-x',
      temperature: 0.2,
      instructions: 'Review carefully.',
    });
  });

  it('applies the defaults: file stem as name, all tools, 15 turns, inherited model', () => {
    expect(parseAgentDefinition('---\n---\n', 'helper')).toEqual({ name: 'helper', description: '', tools: null, maxTurns: 15, instructions: null });
    expect(parseAgentDefinition('---\nname: ""\n---\nbody', 'stem').name).toBe('stem');
    expect(parseAgentDefinition('---\nname: 42\n---\nbody', 'stem').name).toBe('stem');
  });

  it('treats text without a fence pair as body only', () => {
    expect(parseAgentDefinition('Just do it.', 'plain')).toMatchObject({ name: 'plain', instructions: 'Just do it.' });
    expect(parseAgentDefinition('---\nname: x\nno closing fence', 'open')).toMatchObject({ name: 'open', instructions: '---\nname: x\nno closing fence' });
    expect(parseAgentDefinition(' ---\nname: x\n---\n', 'indented').name).toBe('indented');
  });

  it('ignores a BOM and trailing whitespace on the fence, accepts CRLF', () => {
    expect(parseAgentDefinition('\uFEFF---  \r\nname: bom\r\n---\r\nhi\r\n', 's')).toMatchObject({ name: 'bom', instructions: 'hi' });
  });

  it('closes the block only at a line that is exactly ---', () => {
    const md = '---\nname: x\ndescription: "a --- b"\n---\nbody ---';
    expect(parseAgentDefinition(md, 's')).toMatchObject({ description: 'a --- b', instructions: 'body ---' });
    const literal = '---\nname: x\ndescription: |\n  line one\n  ---still inside\n---\nbody';
    expect(parseAgentDefinition(literal, 's').description).toBe('line one\n---still inside\n');
  });

  it('accepts tools as a comma-separated string, null, or []', () => {
    expect(parseAgentDefinition('---\ntools: read_file, , glob ,\n---\n', 's').tools).toEqual(['read_file', 'glob']);
    expect(parseAgentDefinition('---\ntools: null\n---\n', 's').tools).toBeNull();
    expect(parseAgentDefinition('---\ntools: []\n---\n', 's').tools).toEqual([]);
  });

  it('accepts digit strings for max_turns, maxTurns as an alias, numeric strings for temperature', () => {
    expect(parseAgentDefinition('---\nmax_turns: "12"\n---\n', 's').maxTurns).toBe(12);
    expect(parseAgentDefinition('---\nmaxTurns: 3\n---\n', 's').maxTurns).toBe(3);
    expect(parseAgentDefinition('---\ntemperature: "0.5"\n---\n', 's').temperature).toBe(0.5);
  });

  it('keeps a model id verbatim, slash included', () => {
    expect(parseAgentDefinition('---\nmodel: openrouter/anthropic/claude-3.5\n---\n', 's').model).toBe('openrouter/anthropic/claude-3.5');
  });

  it('throws CONFIG_INVALID naming the field for bad values', () => {
    expect(codeOf(() => parseAgentDefinition('---\nmax_turns: 0\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*'max_turns'/);
    expect(codeOf(() => parseAgentDefinition('---\nmax_turns: 2.5\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*'max_turns'/);
    expect(codeOf(() => parseAgentDefinition('---\ntemperature: hot\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*'temperature'/);
    expect(codeOf(() => parseAgentDefinition('---\ntools: [1, 2]\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*'tools'/);
    expect(codeOf(() => parseAgentDefinition('---\ntools: {a: 1}\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*'tools'/);
  });

  it('throws CONFIG_INVALID for YAML syntax errors and non-mapping frontmatter', () => {
    expect(codeOf(() => parseAgentDefinition('---\nname: [unclosed\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*not valid YAML/);
    expect(codeOf(() => parseAgentDefinition('---\n- a\n- b\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*mapping, got list/);
    expect(codeOf(() => parseAgentDefinition('---\njust a string\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*mapping, got string/);
    expect(codeOf(() => parseAgentDefinition('---\nname: a\nname: b\n---\n', 's'))).toMatch(/^CONFIG_INVALID: .*unique/);
  });
});
