import { describe, expect, it } from 'vitest';

describe('public API surface', () => {
  it('exports exactly the documented names', async () => {
    expect(Object.keys(await import('./index')).sort()).toMatchInlineSnapshot(`
      [
        "ALLOW_CIDRS_ENV",
        "DANGEROUS_SHELL_DENY",
        "DEFAULT_LOOKUP_TIMEOUT_MS",
        "DEFAULT_MAX_REDIRECTS",
        "DEFAULT_RUN_SOURCE",
        "HARDLINE_DESCRIPTIONS",
        "HARDLINE_MAX_INSPECTED",
        "HARDLINE_NESTING_DESCRIPTION",
        "HARDLINE_PREFIX",
        "INJECTED_PREFIX",
        "MAX_SYMLINK_HOPS",
        "MODE_PRESET_PREFIX",
        "NON_GLOBAL_NETWORKS",
        "PATH_REFUSED",
        "PATH_REFUSED_MESSAGE",
        "PERMISSION_MODES",
        "PathPolicy",
        "PathPolicyError",
        "PermissionEngine",
        "READ_ONLY_SHELL_ALLOW",
        "REDIRECT_STATUSES",
        "SHELL_SENSITIVE_WRITE_ASK",
        "URL_REFUSED_MESSAGES",
        "USER_RULES_FILE",
        "USER_RULE_PREFIX",
        "UrlPolicy",
        "UrlPolicyError",
        "WEB_ALLOWLIST",
        "WEB_BLOCKLIST",
        "hardlineCheck",
        "isPermissionMode",
        "modePresetRules",
      ]
    `);
  });
});
