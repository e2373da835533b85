import { type PermissionMode, type PermissionRule } from './permission-rule';

/**
 * `run_shell_command` commands that only read (§5); no separators, substitutions or redirects after
 * them. `env` is allowed only on its own (it prints the environment): `env CMD` runs CMD, so it asks.
 */
export const READ_ONLY_SHELL_ALLOW =
  '^(?:git (?:status|log|diff|show|stash list|shortlog|describe|blame|ls-files|ls-tree|rev-parse|config --get)' +
  '|(?:ls|cat|echo|pwd|which|file|head|tail|wc|diff|grep|du|df|ps)\\b|env(?:\\s+(?:-0|--null))?\\s*$)[^;&|`$<>\\n\\r]*$';

/** The literal dangerous spellings the `workspace-write` preset denies (§5); other spellings ask. */
export const DANGEROUS_SHELL_DENY = 'rm\\s+-rf|sudo\\s|mkfs|dd\\s+if=';

const SENSITIVE_TARGET =
  `["']?(?:~|\\$HOME|\\$\\{HOME\\})/\\.(?:bashrc|zshrc|profile|bash_profile|zprofile|netrc|pgpass|npmrc|pypirc)(?=[\\s;|&)>'"<]|$)`;

/**
 * Shell writes to home dotfiles (§10): redirects, `tee`, `cp` / `mv`, `sed -i`. Each arm scans
 * forward once from its anchor and never past the next `sed`, so matching stays linear in the command length.
 */
export const SHELL_SENSITIVE_WRITE_ASK = [
  `>>?\\s*${SENSITIVE_TARGET}`,
  `(?<![\\w./-])tee(?:\\s+-\\S*)*\\s+${SENSITIVE_TARGET}`,
  `(?<![\\w./-])(?:cp|mv)(?:\\s+-\\S*)*\\s+\\S+\\s+${SENSITIVE_TARGET}`,
  `(?<![\\w./-])sed(?:(?!\\s-i(?:\\.\\S*)?\\s|sed)[^\\n])*\\s-i(?:\\.\\S*)?\\s(?:(?!sed)[^\\n])*?${SENSITIVE_TARGET}`,
].join('|');

/** Hosts `web_fetch` may reach without asking in `workspace-write` (§5). */
export const WEB_ALLOWLIST: readonly string[] = ['.github.com', '.docs.python.org', '.wikipedia.org', 'r.jina.ai', '.pypi.org', '.readthedocs.io'];

/** Hosts `web_fetch` is denied in `workspace-write` (§5); `UrlPolicy` is the real SSRF guard. */
export const WEB_BLOCKLIST: readonly string[] = ['localhost', '127.0.0.1', '0.0.0.0', '169.254.169.254', '.internal', '.local', '::1'];

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

const WORKSPACE_WRITE_PRESET: readonly PermissionRule[] = deepFreeze([
  { tool: 'write_file', action: 'allow' },
  { tool: 'replace', action: 'allow' },
  { tool: 'run_shell_command', args: { command: READ_ONLY_SHELL_ALLOW }, action: 'allow' },
  { tool: 'run_shell_command', args: { command: DANGEROUS_SHELL_DENY }, action: 'deny' },
  { tool: 'run_shell_command', args: { command: SHELL_SENSITIVE_WRITE_ASK }, action: 'ask' },
  { tool: 'run_shell_command', action: 'ask' },
  { tool: 'web_fetch', domain: { allowlist: [...WEB_ALLOWLIST] }, action: 'allow' },
  { tool: 'web_fetch', domain: { blocklist: [...WEB_BLOCKLIST] }, action: 'deny' },
  { tool: 'web_fetch', action: 'ask' },
] satisfies PermissionRule[]);

const FULL_ACCESS_PRESET: readonly PermissionRule[] = deepFreeze([{ tool: '*', action: 'allow' }] satisfies PermissionRule[]);

/** The preset rules of a mode, in order (§5); frozen, so a `matchedRule` cannot be edited by a host. */
export function modePresetRules(mode: PermissionMode): readonly PermissionRule[] {
  if (mode === 'workspace-write') return WORKSPACE_WRITE_PRESET;
  if (mode === 'full-access') return FULL_ACCESS_PRESET;
  // Read-only is enforced by the agent's refusal of non-read-only tools, not by rules (§7).
  return [];
}
