import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalShellExecutor, SILENT_LOGGER, type Tool, type ToolContext } from '@agentao/core';
import { checkToolContract, formatContractReport } from '@agentao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitTools } from './create-git-tools';
import { GitDiffTool } from './git-diff-tool';
import { GitLogTool } from './git-log-tool';
import { GitStatusTool } from './git-status-tool';
import { GIT_OUTPUT_MAX_CHARS } from './git-tool';

let repo: string;
let outside: string;

function git(...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Ada Lovelace', '-c', 'user.email=ada@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
  });
}

function ctx(): ToolContext {
  return {
    signal: new AbortController().signal,
    toolCallId: 'call_1',
    agent: { workingDirectory: repo, readOnly: true, logger: SILENT_LOGGER, sessionId: 's' },
    onOutput: () => undefined,
  };
}

function bound<T extends Tool>(tool: T, dir = repo): T {
  tool.workingDirectory = dir;
  tool.shell = new LocalShellExecutor();
  return tool;
}

async function run(tool: Tool, args: Record<string, unknown> = {}): Promise<any> {
  return JSON.parse(await tool.execute(args, ctx()));
}

beforeAll(async () => {
  repo = await mkdtemp(join(tmpdir(), 'tool-git-'));
  outside = await mkdtemp(join(tmpdir(), 'tool-git-outside-'));
  git('init', '-q', '-b', 'main');
  await writeFile(join(repo, 'readme.md'), 'hello\n');
  git('add', '.');
  git('commit', '-q', '-m', 'first commit');
  await writeFile(join(repo, 'notes.txt'), 'one\n');
  git('add', '.');
  git('commit', '-q', '-m', 'add notes');
  await writeFile(join(repo, '$(touch pwned).txt'), 'tricky\n');
  git('add', '.');
  git('commit', '-q', '-m', `a ${'long '.repeat(60)}subject`);
  await writeFile(join(repo, 'readme.md'), 'hello\nworld\n');
  await writeFile(join(repo, 'notes.txt'), 'one\ntwo\n');
  git('add', 'notes.txt');
  await writeFile(join(repo, 'new.txt'), 'untracked\n');
  // Hostile repository configuration, set last so the setup's own git calls do not trigger it.
  git('config', 'diff.external', 'touch ext-ran');
  git('config', 'core.fsmonitor', 'touch fsmonitor-ran');
  git('config', 'core.pager', 'touch pager-ran');
});

afterAll(async () => {
  await rm(repo, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('contract', () => {
  for (const tool of createGitTools()) {
    it(`${tool.name} satisfies the tool contract and declares read-only`, async () => {
      const sampleArgs: Record<string, unknown>[] =
        tool.name === 'git_log' ? [{}, { max_count: 1 }] : tool.name === 'git_diff' ? [{}, { staged: true }] : [{}, { path: 'notes.txt' }];
      const result = await checkToolContract(bound(tool), { sampleArgs });
      expect(result.problems, formatContractReport(result)).toEqual([]);
      expect(tool.isReadOnly).toBe(true);
      expect(tool.requiresConfirmation).toBeUndefined();
      expect(tool.parameters).toMatchSnapshot();
    });
  }
});

describe('git_status', () => {
  it('shows branch, staged, unstaged and untracked files', async () => {
    const result = await run(bound(new GitStatusTool()));
    expect(result.status).toBe('ok');
    expect(result.output.split('\n')).toEqual(['## main', 'M  notes.txt', ' M readme.md', '?? new.txt', '']);
    expect(result).toMatchObject({ has_more: false, next_offset: null });
  });

  it('never writes the index and never runs the repository fsmonitor hook', async () => {
    const index = join(repo, '.git', 'index');
    // A stale stat cache is what makes a plain `git status` rewrite the index.
    const later = new Date(Date.now() + 60_000);
    await utimes(join(repo, 'readme.md'), later, later);
    const before = await readFile(index);
    await run(bound(new GitStatusTool()));
    expect((await readFile(index)).equals(before)).toBe(true);
    expect(existsSync(join(repo, 'fsmonitor-ran'))).toBe(false);
  });

  it('answers outside a repository with a JSON error', async () => {
    const result = await run(bound(new GitStatusTool(), outside));
    expect(result).toEqual({ status: 'error', message: expect.stringContaining('not a git repository') });
  });
});

describe('git_log', () => {
  it('lists commits newest first with paging and cut subjects', async () => {
    const tool = bound(new GitLogTool());
    const page = await run(tool, { max_count: 2 });
    expect(page.commits.map((c: any) => c.subject.slice(0, 7))).toEqual(['a long ', 'add not']);
    expect(page.commits[0].subject.endsWith('…')).toBe(true);
    expect(page.commits[0]).toMatchObject({ author: 'Ada Lovelace', email: 'ada@example.com', hash: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(page).toMatchObject({ has_more: true, next_skip: 2 });
    const next = await run(tool, { max_count: 2, skip: page.next_skip });
    expect(next.commits.map((c: any) => c.subject)).toEqual(['first commit']);
    expect(next).toMatchObject({ has_more: false, next_skip: null });
  });

  it('filters by path and accepts ranges', async () => {
    const tool = bound(new GitLogTool());
    expect((await run(tool, { path: 'notes.txt' })).commits.map((c: any) => c.subject)).toEqual(['add notes']);
    expect((await run(tool, { ref: 'HEAD~2..HEAD~1' })).commits.map((c: any) => c.subject)).toEqual(['add notes']);
    expect((await run(tool, { ref: 'no-such-branch' })).status).toBe('error');
  });

  it('refuses option injection in refs and paths', async () => {
    const tool = bound(new GitLogTool());
    expect(await run(tool, { ref: `--output=${join(outside, 'x')}` })).toEqual({ status: 'error', message: "ref must not start with '-'" });
    expect(await run(tool, { path: '-p' })).toEqual({ status: 'error', message: "path must not start with '-'" });
    expect((await run(tool, { ref: 'HEAD; touch pwned' })).message).toContain('may contain only');
    expect(existsSync(join(outside, 'x'))).toBe(false);
  });
});

describe('git_diff', () => {
  it('shows unstaged and staged changes, between commits, and a stat summary', async () => {
    const tool = bound(new GitDiffTool());
    const unstaged = await run(tool);
    expect(unstaged.output).toContain('+world');
    expect(unstaged.output).not.toContain('+two');
    expect((await run(tool, { staged: true })).output).toContain('+two');
    const between = await run(tool, { base: 'HEAD~2', target: 'HEAD~1' });
    expect(between.output).toContain('+++ b/notes.txt');
    expect((await run(tool, { stat_only: true })).output).toMatch(/readme\.md \| 1 \+/);
    expect(existsSync(join(repo, 'ext-ran'))).toBe(false);
    expect(existsSync(join(repo, 'pager-ran'))).toBe(false);
  });

  it('passes shell metacharacters in a path literally (quoted, after --)', async () => {
    const tool = bound(new GitDiffTool());
    const result = await run(tool, { base: 'HEAD~1', target: 'HEAD', path: '$(touch pwned).txt' });
    expect(result.output).toContain('+tricky');
    expect(existsSync(join(repo, 'pwned'))).toBe(false);
    expect(await run(tool, { base: '-R' })).toEqual({ status: 'error', message: "base must not start with '-'" });
    expect(await run(tool, { target: 'HEAD' })).toEqual({ status: 'error', message: 'target needs base' });
  });

  it('pages a long diff at the stated size', async () => {
    const big = Array.from({ length: 3000 }, (_, i) => `line ${i} ${'x'.repeat(20)}`).join('\n');
    await writeFile(join(repo, 'readme.md'), big);
    try {
      const tool = bound(new GitDiffTool());
      expect(tool.description).toContain(`at most ${GIT_OUTPUT_MAX_CHARS} chars per call`);
      const first = await run(tool, { path: 'readme.md' });
      expect(first.output).toHaveLength(GIT_OUTPUT_MAX_CHARS);
      expect(first).toMatchObject({ has_more: true, next_offset: GIT_OUTPUT_MAX_CHARS });
      let text = first.output as string;
      let page = first;
      while (page.has_more) {
        page = await run(tool, { path: 'readme.md', offset: page.next_offset });
        text += page.output;
      }
      expect(text).toHaveLength(first.total_chars);
      expect(text).toContain('+line 2999');
    } finally {
      await writeFile(join(repo, 'readme.md'), 'hello\nworld\n');
    }
  });
});
