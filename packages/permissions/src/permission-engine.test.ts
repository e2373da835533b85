import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentaoError, type Tool } from '@agentao/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PermissionEngine } from './permission-engine';
import { type PermissionRule } from './permission-rule';

const tool = {} as Tool;
const shell = (command: string) => ({ toolName: 'run_shell_command', args: { command }, tool });
const call = (toolName: string, args: Record<string, unknown> = {}) => ({ toolName, args, tool });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agentao-perm-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('construction', () => {
  it('requires projectRoot and a known mode', () => {
    expect(() => new PermissionEngine({} as any)).toThrow(AgentaoError);
    expect(() => new PermissionEngine({ projectRoot: '' })).toThrow(/projectRoot/);
    try {
      new PermissionEngine({ projectRoot: dir, mode: 'yolo' as any });
      expect.unreachable();
    } catch (error) {
      expect(AgentaoError.isInstance(error) && error.code).toBe('CONFIG_INVALID');
    }
    const engine = new PermissionEngine({ projectRoot: dir });
    expect(engine.mode).toBe('workspace-write');
    expect(() => engine.setMode('root' as any)).toThrow(/unknown permission mode/);
    engine.setMode('full-access');
    expect(engine.mode).toBe('full-access');
  });

  it('keeps a shallow copy of host rules and reads no file', () => {
    writeFileSync(join(dir, 'permissions.json'), JSON.stringify({ rules: [{ tool: 'x', action: 'deny' }] }));
    const rules: PermissionRule[] = [{ tool: 'read_file', action: 'deny' }];
    const engine = new PermissionEngine({ projectRoot: dir, userRoot: dir, rules });
    rules.push({ tool: 'x', action: 'allow' });
    expect(engine.rules).toHaveLength(1);
    expect(engine.decide(call('x'))).toBeNull();
    expect(engine.activePermissions().loadedSources).toEqual(['preset:workspace-write']);
  });
});

describe('user rule file', () => {
  it('loads <userRoot>/permissions.json with url_arg and records its source', () => {
    writeFileSync(
      join(dir, 'permissions.json'),
      JSON.stringify({ rules: [{ tool: 'web_fetch', domain: { blocklist: ['.evil.com'], url_arg: 'target' }, action: 'DENY' }, 'junk', 7] }),
    );
    const engine = new PermissionEngine({ projectRoot: dir, userRoot: dir });
    expect(engine.rules).toHaveLength(1);
    expect(engine.decide(call('web_fetch', { target: 'https://api.evil.com/x' }))).toMatchObject({ decision: 'deny', reason: 'user-rule:web_fetch' });
    expect(engine.activePermissions().loadedSources).toEqual(['preset:workspace-write', `user:${join(dir, 'permissions.json')}`]);
  });

  it.each([
    ['missing', null],
    ['invalid JSON', '{ rules: ['],
    ['a top-level array', '[]'],
    ['a top-level string', '"rules"'],
  ])('treats a %s file as not loaded, without throwing', (_name, content) => {
    if (content !== null) writeFileSync(join(dir, 'permissions.json'), content);
    const engine = new PermissionEngine({ projectRoot: dir, userRoot: dir });
    expect(engine.rules).toEqual([]);
    expect(engine.activePermissions().loadedSources).toEqual(['preset:workspace-write']);
  });

  it('records the source even for an empty rule list', () => {
    writeFileSync(join(dir, 'permissions.json'), '{}');
    const engine = new PermissionEngine({ projectRoot: dir, userRoot: dir });
    expect(engine.activePermissions().loadedSources[1]).toBe(`user:${join(dir, 'permissions.json')}`);
  });

  it('never honours a project-scope file (a checked-in allow-all cannot loosen the policy)', () => {
    mkdirSync(join(dir, '.agentao'));
    writeFileSync(join(dir, '.agentao', 'permissions.json'), JSON.stringify({ rules: [{ tool: '*', action: 'allow' }] }));
    const engine = new PermissionEngine({ projectRoot: dir, userRoot: join(dir, 'user-root-missing') });
    expect(engine.rules).toEqual([]);
    expect(engine.decide(shell('npm install'))).toMatchObject({ decision: 'ask', reason: 'mode-preset:run_shell_command' });
    expect(engine.activePermissions().loadedSources.some((s) => s.startsWith('project:'))).toBe(false);
  });

  it('reads no file when userRoot is omitted or null', () => {
    writeFileSync(join(dir, 'permissions.json'), JSON.stringify({ rules: [{ tool: '*', action: 'allow' }] }));
    expect(new PermissionEngine({ projectRoot: dir }).rules).toEqual([]);
    expect(new PermissionEngine({ projectRoot: dir, userRoot: null }).rules).toEqual([]);
  });
});

describe('workspace-write preset', () => {
  const engine = new PermissionEngine({ projectRoot: '/tmp/project' });
  it.each([
    [call('write_file', { file_path: 'a' }), 'allow', 'mode-preset:write_file'],
    [call('replace'), 'allow', 'mode-preset:replace'],
    [shell('git status'), 'allow', 'mode-preset:run_shell_command'],
    [shell('git statusfoo'), 'allow', 'mode-preset:run_shell_command'],
    [shell('ls -la src'), 'allow', 'mode-preset:run_shell_command'],
    [shell('cat README.md'), 'allow', 'mode-preset:run_shell_command'],
    [shell('ls; whoami'), 'ask', 'mode-preset:run_shell_command'],
    [shell('env'), 'allow', 'mode-preset:run_shell_command'],
    [shell('env -0'), 'allow', 'mode-preset:run_shell_command'],
    [shell('env node -e "require(1)"'), 'ask', 'mode-preset:run_shell_command'],
    [shell('environment-check'), 'ask', 'mode-preset:run_shell_command'],
    [shell('cat a > b'), 'ask', 'mode-preset:run_shell_command'],
    [shell('echo $(id)'), 'ask', 'mode-preset:run_shell_command'],
    [shell('find . -delete'), 'ask', 'mode-preset:run_shell_command'],
    [shell('rm -rf build'), 'deny', 'mode-preset:run_shell_command'],
    [shell('rm -fr build'), 'ask', 'mode-preset:run_shell_command'],
    [shell('rm -r -f build'), 'ask', 'mode-preset:run_shell_command'],
    [shell('sudo apt update'), 'deny', 'mode-preset:run_shell_command'],
    [shell('dd if=a of=b'), 'deny', 'mode-preset:run_shell_command'],
    [shell('echo "export X=1" >> ~/.bashrc'), 'ask', 'mode-preset:run_shell_command'],
    [call('web_fetch', { url: 'https://api.github.com/repos' }), 'allow', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'github.com/x' }), 'allow', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'https://notgithub.com/' }), 'ask', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'http://evil.com@github.com/path' }), 'allow', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'http://localhost:8080/' }), 'deny', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'http://localhost./' }), 'deny', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'http://[::1]/' }), 'deny', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'http://2130706433/' }), 'deny', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'http://db.internal/' }), 'deny', 'mode-preset:web_fetch'],
    [call('web_fetch', { url: 'http://1.2.3.4.5/' }), 'ask', 'mode-preset:web_fetch'],
    [call('web_fetch', {}), 'ask', 'mode-preset:web_fetch'],
  ])('%j → %s', (request, decision, reason) => {
    expect(engine.decide(request)).toMatchObject({ decision, reason });
  });

  it('yields null for tools without a preset rule (core falls back to requiresConfirmation)', () => {
    expect(engine.decide(call('read_file', { file_path: 'x' }))).toBeNull();
    expect(engine.decide(call('my_custom_tool'))).toBeNull();
  });

  it('returns the matched rule object, frozen so hosts cannot edit the preset', () => {
    const detail = engine.decide(call('write_file'));
    expect(detail?.matchedRule).toEqual({ tool: 'write_file', action: 'allow' });
    expect(Object.isFrozen(detail?.matchedRule)).toBe(true);
  });
});

describe('sensitive-write rule (§10)', () => {
  const engine = new PermissionEngine({ projectRoot: '/tmp/project', rules: [{ tool: 'run_shell_command', action: 'allow' }] });
  // The user allow-all comes first, so use the preset directly through a rule-less engine instead.
  const preset = new PermissionEngine({ projectRoot: '/tmp/project' });
  const sensitive = () => preset.activePermissions().rules.find((r) => r.args?.command?.includes('bashrc'));
  it('is visible in the workspace-write snapshot', () => {
    expect(sensitive()).toMatchObject({ tool: 'run_shell_command', action: 'ask' });
    expect(engine.decide(shell('echo hi >> ~/.bashrc'))?.decision).toBe('allow');
  });
  it.each([
    ['echo x >> ~/.bashrc', true],
    ['echo x 2>>$HOME/.zshrc', true],
    ['echo x > "${HOME}/.npmrc"', true],
    ['cat token | tee -a ~/.netrc', true],
    ['cp evil ~/.profile', true],
    ['mv -f evil $HOME/.pypirc', true],
    ["sed -i 's/a/b/' ~/.bash_profile", true],
    ["sed -i.bak 's/a/b/' ~/.zprofile", true],
    ['cat ~/.bashrc', false],
    ['source ~/.bashrc', false],
    ['grep PATH ~/.zshrc', false],
    ['echo x > ~/.bashrc.bak', false],
    ['echo x > ~/.bashrc-old', false],
    ['echo x > /Users/u/.bashrc', false],
    ['cp a ./.bashrc', false],
  ])('%s → sensitive: %s', (command, expected) => {
    const rule = sensitive();
    expect(new RegExp(rule!.args!.command!).test(command)).toBe(expected);
  });
});

describe('precedence', () => {
  const denyShell: PermissionRule = { tool: 'run_shell_command', action: 'deny' };
  const allowAll: PermissionRule = { tool: '*', action: 'allow' };

  it('workspace-write: run denies → user rules → run allows → preset', () => {
    const engine = new PermissionEngine({ projectRoot: dir, rules: [{ tool: 'write_file', action: 'deny' }] });
    expect(engine.decide(call('write_file'))).toMatchObject({ decision: 'deny', reason: 'user-rule:write_file' });
    engine.addRunRules({ allow: [{ tool: 'write_file', action: 'allow' }, { tool: 'read_file', action: 'allow' }] });
    expect(engine.decide(call('write_file'))?.reason).toBe('user-rule:write_file');
    expect(engine.decide(call('read_file'))).toMatchObject({ decision: 'allow', reason: 'injected:run-spec:read_file' });
    engine.addRunRules({ deny: [{ tool: 'read_file', action: 'deny' }], source: 'tenant-42' });
    expect(engine.decide(call('read_file'))).toMatchObject({ decision: 'deny', reason: 'injected:tenant-42:read_file' });
  });

  it('a run-scope allow precedes the preset (so rm -rf build is allowed) but never the hardline', () => {
    const engine = new PermissionEngine({ projectRoot: dir });
    engine.addRunRules({ allow: [{ tool: 'run_shell_command', action: 'allow' }] });
    expect(engine.decide(shell('rm -rf build'))).toMatchObject({ decision: 'allow', reason: 'injected:run-spec:run_shell_command' });
    expect(engine.decide(shell('rm -rf /'))).toEqual({ decision: 'deny', reason: 'hardline:recursive delete of root / system directory / home' });
  });

  it('full-access: user rules are unreachable, run-scope deny and hardline still apply', () => {
    const engine = new PermissionEngine({ projectRoot: dir, mode: 'full-access', rules: [denyShell] });
    expect(engine.decide(shell('ls'))).toMatchObject({ decision: 'allow', reason: 'mode-preset:*' });
    expect(engine.decide(shell('rm -rf build'))).toMatchObject({ decision: 'allow', reason: 'mode-preset:*' });
    expect(engine.decide(shell('sudo rm -rf /'))).toEqual({ decision: 'deny', reason: 'hardline:recursive delete of root / system directory / home' });
    engine.addRunRules({ deny: [denyShell] });
    expect(engine.decide(shell('ls'))).toMatchObject({ decision: 'deny', reason: 'injected:run-spec:run_shell_command' });
    engine.clearRunRules();
    expect(engine.decide(shell('ls'))?.decision).toBe('allow');
  });

  it('full-access without the hardline allows everything', () => {
    const engine = new PermissionEngine({ projectRoot: dir, mode: 'full-access', enableHardline: false });
    expect(engine.decide(shell('rm -rf /'))).toMatchObject({ decision: 'allow', reason: 'mode-preset:*' });
  });

  it('read-only: no preset (the agent refuses non-read-only tools by mode), user rules still decide', () => {
    const engine = new PermissionEngine({ projectRoot: dir, mode: 'read-only', rules: [{ tool: 'read_file', action: 'allow' }] });
    expect(engine.decide(call('write_file'))).toBeNull();
    expect(engine.decide(shell('ls'))).toBeNull();
    expect(engine.decide(call('read_file'))?.reason).toBe('user-rule:read_file');
    expect(engine.decide(shell('mkfs.ext4 /dev/sda'))?.reason).toBe('hardline:filesystem creation (mkfs)');
  });

  it('the hardline beats a run-scope allow and a user allow-all in every mode', () => {
    for (const mode of ['read-only', 'workspace-write', 'full-access'] as const) {
      const engine = new PermissionEngine({ projectRoot: dir, mode, rules: [allowAll] });
      engine.addRunRules({ allow: [allowAll] });
      expect(engine.decide(shell('reboot'))?.reason).toBe('hardline:reboot');
    }
  });

  it('a rule without action asks; an ask on a tool without requiresConfirmation is returned as ask', () => {
    // Core turns `ask` into "the tool's own confirmation decides": a tool that does not require
    // confirmation then runs WITHOUT a prompt (core.md §8.3). Deny it if it must never run.
    const engine = new PermissionEngine({ projectRoot: dir, rules: [{ tool: 'todo_write' }, { tool: 'x', action: 'bogus' as any }] });
    expect(engine.decide(call('todo_write'))).toMatchObject({ decision: 'ask', reason: 'user-rule:todo_write' });
    expect(engine.decide(call('x'))?.decision).toBe('ask');
  });

  it('hosts may edit engine.rules directly; the next decide sees it', () => {
    const engine = new PermissionEngine({ projectRoot: dir });
    expect(engine.decide(call('write_file'))?.decision).toBe('allow');
    engine.rules.unshift({ tool: 'write_file', action: 'deny' });
    expect(engine.decide(call('write_file'))?.decision).toBe('deny');
  });

  it('mode switches change the preset immediately', () => {
    const engine = new PermissionEngine({ projectRoot: dir });
    expect(engine.decide(shell('npm test'))?.decision).toBe('ask');
    engine.setMode('full-access');
    expect(engine.decide(shell('npm test'))?.decision).toBe('allow');
  });
});

describe('run-scope rules', () => {
  it('validates input and labels sources', () => {
    const engine = new PermissionEngine({ projectRoot: dir });
    expect(() => engine.addRunRules({ deny: 'x' as any })).toThrow(/array/);
    expect(() => engine.addRunRules({ deny: [null as any] })).toThrow(/rule object/);
    expect(() => engine.addRunRules({ source: '' })).toThrow(/source/);
    engine.addRunRules({});
    expect(engine.activePermissions().loadedSources).toEqual(['preset:workspace-write']);
    engine.addRunRules({ deny: [{ tool: 'a' }] });
    engine.addRunRules({ allow: [{ tool: 'b' }], source: 'spec-2' });
    engine.addRunRules({ deny: [{ tool: 'c' }] });
    expect(engine.activePermissions().loadedSources).toEqual(['preset:workspace-write', 'injected:run-spec', 'injected:spec-2']);
    engine.clearRunRules();
    expect(engine.activePermissions().loadedSources).toEqual(['preset:workspace-write']);
    expect(engine.decide(call('a'))).toBeNull();
  });

  it('copies rules at add time: later edits by the caller do not change the run scope', () => {
    const engine = new PermissionEngine({ projectRoot: dir });
    const rule: PermissionRule = { tool: 'write_file', action: 'deny' };
    engine.addRunRules({ deny: [rule] });
    rule.action = 'allow';
    expect(engine.decide(call('write_file'))?.decision).toBe('deny');
  });
});

describe('activePermissions', () => {
  it('lists rules in evaluation order as deep copies, rebuilt per call', () => {
    const engine = new PermissionEngine({ projectRoot: dir, rules: [{ tool: 'u', args: { a: 'x' }, action: 'allow' }] });
    engine.addRunRules({ deny: [{ tool: 'd', action: 'deny' }], allow: [{ tool: 'r', action: 'allow' }] });
    const snapshot = engine.activePermissions();
    expect(snapshot.mode).toBe('workspace-write');
    expect(snapshot.rules.slice(0, 3).map((r) => r.tool)).toEqual(['d', 'u', 'r']);
    expect(snapshot.rules).toHaveLength(3 + 9);
    snapshot.rules[1]!.args!.a = 'changed';
    snapshot.rules.length = 0;
    expect(engine.activePermissions().rules[1]).toEqual({ tool: 'u', args: { a: 'x' }, action: 'allow' });
    engine.setMode('full-access');
    expect(engine.activePermissions().rules.map((r) => r.tool)).toEqual(['d', '*', 'u', 'r']);
    expect(engine.activePermissions()).not.toBe(engine.activePermissions());
  });
});

describe('matching', () => {
  const decideWith = (rule: PermissionRule, toolName: string, args: Record<string, unknown> = {}) =>
    new PermissionEngine({ projectRoot: dir, mode: 'read-only', rules: [rule] }).decide(call(toolName, args))?.decision ?? null;

  it.each([
    ['*', 'anything', true],
    ['read_file', 'read_file', true],
    ['read_file', 'read_files', false],
    ['read_.*', 'read_file', true],
    ['read|write', 'write', true],
    ['read', 'read_file', false],
    ['mcp_github_*', 'mcp_github_create_issue', true],
    ['mcp_github_*', 'mcp_gitlab_x', false],
    ['mcp_?ithub_*', 'mcp_github_x', true],
    ['a.b*', 'a.bcd', true],
    ['a.b*', 'axbcd', false],
    ['(?i)READ_FILE', 'read_file', true],
    ['[unclosed', '[unclosed', true],
  ])('tool %s vs %s → %s', (pattern, name, expected) => {
    expect(decideWith({ tool: pattern, action: 'deny' }, name)).toBe(expected ? 'deny' : null);
  });

  it.each([
    [{ path: '\\.env$' }, { path: 'config/.env' }, true],
    [{ path: 'secret' }, { path: 'my-secret-file' }, true],
    [{ path: '^secret' }, { path: 'my-secret-file' }, false],
    [{ force: 'true' }, { force: true }, true],
    [{ force: '^True$' }, { force: true }, false],
    [{ n: '^null$' }, { n: null }, true],
    [{ n: '^3$' }, { n: 3 }, true],
    [{ list: '"b"' }, { list: ['a', 'b'] }, true],
    [{ missing: '^$' }, {}, true],
    [{ a: 'x', b: 'y' }, { a: 'x', b: 'z' }, false],
    [{ p: '(unclosed' }, { p: '(unclosed' }, true],
    [{ p: '(unclosed' }, { p: 'x(unclosed' }, false],
    [{ p: '(?P<w>ab)(?P=w)' }, { p: 'zabab' }, true],
    [{ p: '\\Aab\\Z' }, { p: 'ab' }, true],
    [{ p: '(?s)a.b' }, { p: 'a\nb' }, true],
    [{ p: 7 }, { p: 7 }, true],
  ])('args %j vs %j → %s', (patterns, args, expected) => {
    expect(decideWith({ tool: 't', args: patterns as Record<string, string>, action: 'deny' }, 't', args)).toBe(expected ? 'deny' : null);
  });

  it.each([
    [{ allowlist: ['.github.com'] }, 'https://GitHub.com./x', true],
    [{ allowlist: ['.github.com'] }, 'https://api.github.com', true],
    [{ allowlist: ['.github.com'] }, 'https://notgithub.com', false],
    [{ blocklist: ['r.jina.ai'] }, 'https://r.jina.ai/https://x', true],
    [{ blocklist: ['r.jina.ai'] }, 'r.jina.ai/x', true],
    [{ blocklist: ['r.jina.ai'] }, 'https://x.r.jina.ai', false],
    [{ blocklist: ['::1'] }, 'http://[::1]:8080/', true],
    [{ blocklist: ['127.0.0.1'] }, 'http://0x7f.1/', true],
    [{ blocklist: ['github.com'] }, 'http://evil.com@github.com/', true],
    [{ blocklist: ['evil.com'] }, 'http://evil.com@github.com/', false],
    [{ allowlist: [] }, 'https://github.com', false],
    [{ blocklist: ['.1'] }, 'http://127.0.0.1/', false],
    [{ blocklist: ['.0.1'] }, 'http://10.0.0.1/', false],
    [{ blocklist: ['.com'] }, '', false],
    [{ blocklist: ['.com'] }, 'http://exa mple.com', false],
  ])('domain %j vs %s → %s', (domain, url, expected) => {
    expect(decideWith({ tool: 'web_fetch', domain, args: { url: 'never-used' }, action: 'deny' }, 'web_fetch', { url })).toBe(expected ? 'deny' : null);
  });

  it('reads the URL from urlArg', () => {
    expect(decideWith({ tool: 'f', domain: { blocklist: ['a.com'], urlArg: 'link' }, action: 'deny' }, 'f', { link: 'https://a.com' })).toBe('deny');
  });

  it('never throws on malformed requests or rules', () => {
    const engine = new PermissionEngine({ projectRoot: dir, rules: [null as any, { tool: 5 as any, args: 'x' as any, domain: 3 as any }] });
    expect(() => engine.decide({ toolName: undefined, args: null, tool } as any)).not.toThrow();
    expect(() => engine.decide(shell(undefined as any))).not.toThrow();
  });
});
