export {
  PermissionEngine,
  type PermissionEngineOptions,
  type RunRules,
  type ActivePermissions,
  INJECTED_PREFIX,
  USER_RULE_PREFIX,
  MODE_PRESET_PREFIX,
  DEFAULT_RUN_SOURCE,
} from './permission-engine';
export { USER_RULES_FILE } from './load-user-rules';
export { type PermissionMode, type PermissionRule, PERMISSION_MODES, isPermissionMode } from './permission-rule';
export {
  READ_ONLY_SHELL_ALLOW,
  DANGEROUS_SHELL_DENY,
  SHELL_SENSITIVE_WRITE_ASK,
  WEB_ALLOWLIST,
  WEB_BLOCKLIST,
  modePresetRules,
} from './mode-presets';
export { hardlineCheck, HARDLINE_PREFIX, HARDLINE_MAX_INSPECTED, HARDLINE_NESTING_DESCRIPTION } from './hardline/hardline-check';
export { HARDLINE_DESCRIPTIONS } from './hardline/match-hardline-patterns';
export { PathPolicy, type PathPolicyOptions, MAX_SYMLINK_HOPS } from './path-policy';
export { PathPolicyError, PATH_REFUSED, PATH_REFUSED_MESSAGE } from './path-policy-error';
export {
  UrlPolicy,
  type UrlPolicyOptions,
  type GuardedFetchInit,
  type HostLookup,
  ALLOW_CIDRS_ENV,
  DEFAULT_LOOKUP_TIMEOUT_MS,
  DEFAULT_MAX_REDIRECTS,
  REDIRECT_STATUSES,
} from './url-policy';
export { UrlPolicyError, URL_REFUSED_MESSAGES } from './url-policy-error';
export { NON_GLOBAL_NETWORKS } from './ip-address';
