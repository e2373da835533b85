/** The three permission modes (§5). */
export type PermissionMode = 'read-only' | 'workspace-write' | 'full-access';

/** Every valid `PermissionMode`, in preset-table order. */
export const PERMISSION_MODES: readonly PermissionMode[] = ['read-only', 'workspace-write', 'full-access'];

/** Whether a value is a valid `PermissionMode`. */
export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === 'string' && (PERMISSION_MODES as readonly string[]).includes(value);
}

/** One permission rule (§3.1); the first matching rule of the evaluation order decides. */
export interface PermissionRule {
  /** `*` (default), an exact name, a full-match regex, or a glob such as `mcp_github_*`. */
  tool?: string;
  /** Argument name → pattern, searched unanchored in the JSON-style stringified value; all must match. */
  args?: Record<string, string>;
  /** Host match on a URL argument; when present, `args` is ignored. */
  domain?: { allowlist?: string[]; blocklist?: string[]; urlArg?: string };
  /** Read case-insensitively; anything other than `allow` / `deny` behaves as `ask` (the default). */
  action?: 'allow' | 'deny' | 'ask';
}
