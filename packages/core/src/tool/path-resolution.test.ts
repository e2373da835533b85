import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EchoTool } from '../__fixtures__/tools';
import { resolveToolDirectory, resolveToolPath } from './path-resolution';

describe('resolvePath rules', () => {
  it('expands ~ and ~/ but not ~user', () => {
    expect(resolveToolPath('~', '/work')).toBe(homedir());
    expect(resolveToolPath('~/notes.txt', '/work')).toBe(`${homedir()}/notes.txt`);
    expect(resolveToolPath('~bob/x', '/work')).toBe(`/work${sep}~bob/x`);
  });

  it('keeps absolute paths and joins relative ones without collapsing ..', () => {
    expect(resolveToolPath('/etc/hosts', '/work')).toBe('/etc/hosts');
    expect(resolveToolPath('../up/file', '/work/a')).toBe('/work/a/../up/file');
    expect(resolveToolPath('rel', null)).toBe('rel');
  });

  it('resolveDirectory canonicalises the existing prefix and appends the rest', () => {
    const root = mkdtempSync(join(tmpdir(), 'agentao-path-'));
    mkdirSync(join(root, 'real'));
    symlinkSync(join(root, 'real'), join(root, 'link'));
    const resolved = resolveToolDirectory('link/missing/../deeper', root);
    expect(resolved.endsWith(`${sep}real${sep}deeper`)).toBe(true);
    expect(resolved).not.toContain('link');
  });

  it('is what a bound tool uses', () => {
    class Probe extends EchoTool {
      probe(raw: string): [string, string] {
        return [this.resolvePath(raw), this.resolveDirectory(raw)];
      }
    }
    const tool = new Probe();
    tool.workingDirectory = '/srv/session';
    expect(tool.probe('data/x.csv')[0]).toBe('/srv/session/data/x.csv');
    expect(tool.probe('/abs')[1]).toBe('/abs');
  });
});
