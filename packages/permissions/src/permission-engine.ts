import { AgentaoError, type PermissionDetail, type PermissionPolicy, type PermissionRequest } from '@agentao/core';
import { hardlineCheck } from './hardline/hardline-check';
import { loadUserRules } from './load-user-rules';
import { matchRule, ruleAction } from './match-rule';
import { modePresetRules } from './mode-presets';
import { isPermissionMode, PERMISSION_MODES, type PermissionMode, type PermissionRule } from './permission-rule';

/** Options of `new PermissionEngine(…)`. */
export interface PermissionEngineOptions {
  /** The project the agent works in (required). Its `.agentao/permissions.json` is never honoured. */
  projectRoot: string;
  /** Where `permissions.json` lives (`~` expanded); omitted or `null`: no file is read. */
  userRoot?: string | null;
  /** Host rules; when given, no file is read and a shallow copy becomes `engine.rules`. */
  rules?: PermissionRule[];
  /** Default `workspace-write`. */
  mode?: PermissionMode;
  /** The shell floor (§9); default `true`. */
  enableHardline?: boolean;
}

/** Run-scope rules for one run (`addRunRules`). */
export interface RunRules {
  allow?: PermissionRule[];
  deny?: PermissionRule[];
  /** Label used in reasons as `injected:<source>:<tool>`; default `run-spec`. */
  source?: string;
}

/** The active-policy snapshot (§8). */
export interface ActivePermissions {
  mode: PermissionMode;
  rules: PermissionRule[];
  loadedSources: string[];
}

/** Reason prefix of run-scope rules. */
export const INJECTED_PREFIX = 'injected:';
/** Reason prefix of rules from `engine.rules`. */
export const USER_RULE_PREFIX = 'user-rule:';
/** Reason prefix of mode preset rules. */
export const MODE_PRESET_PREFIX = 'mode-preset:';
/** Default source label of `addRunRules`. */
export const DEFAULT_RUN_SOURCE = 'run-spec';

interface Candidate {
  readonly rule: PermissionRule;
  readonly reasonPrefix: string;
}

function toolLabel(rule: PermissionRule): string {
  return typeof rule.tool === 'string' ? rule.tool : '*';
}

function deepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => deepCopy(v)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = deepCopy(v);
    return out as T;
  }
  return value;
}

function isRuleObject(value: unknown): value is PermissionRule {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkRuleList(list: unknown, what: string): PermissionRule[] {
  if (list === undefined) return [];
  if (!Array.isArray(list)) throw new AgentaoError('CONFIG_INVALID', `${what} must be an array of permission rules`);
  for (const [i, rule] of list.entries()) {
    if (!isRuleObject(rule)) throw new AgentaoError('CONFIG_INVALID', `${what}[${i}] must be a rule object`);
  }
  return (list as PermissionRule[]).map((rule) => deepCopy(rule));
}

function checkMode(mode: unknown): PermissionMode {
  if (!isPermissionMode(mode)) {
    throw new AgentaoError('CONFIG_INVALID', `unknown permission mode ${JSON.stringify(mode) ?? String(mode)}; expected one of ${PERMISSION_MODES.join(', ')}`);
  }
  return mode;
}

/**
 * The permission engine (§6): the security boundary of an agent. Decides every planned call from the
 * hardline floor, run-scope rules, user/host rules and the mode preset; first match wins.
 */
export class PermissionEngine implements PermissionPolicy {
  /** The project root the engine was built for. */
  readonly projectRoot: string;
  /** Whether the hardline floor runs (§9.1). */
  readonly enableHardline: boolean;
  /** The mutable user/host rule array; edits take effect on the next `decide`. */
  rules: PermissionRule[];
  private currentMode: PermissionMode;
  private readonly userSource: string | null;
  private runDeny: Candidate[] = [];
  private runAllow: Candidate[] = [];
  private injectedSources: string[] = [];

  constructor(options: PermissionEngineOptions) {
    if (typeof options !== 'object' || options === null) throw new AgentaoError('CONFIG_INVALID', 'PermissionEngine needs an options object');
    if (typeof options.projectRoot !== 'string' || options.projectRoot.trim() === '') {
      throw new AgentaoError('CONFIG_INVALID', 'PermissionEngine: projectRoot is required (a non-empty string)');
    }
    if (options.enableHardline !== undefined && typeof options.enableHardline !== 'boolean') {
      throw new AgentaoError('CONFIG_INVALID', 'PermissionEngine: enableHardline must be a boolean');
    }
    this.projectRoot = options.projectRoot;
    this.currentMode = checkMode(options.mode ?? 'workspace-write');
    this.enableHardline = options.enableHardline ?? true;
    if (options.rules !== undefined) {
      if (!Array.isArray(options.rules)) throw new AgentaoError('CONFIG_INVALID', 'PermissionEngine: rules must be an array');
      this.rules = [...options.rules];
      this.userSource = null;
    } else {
      const loaded = loadUserRules(options.userRoot);
      this.rules = loaded.rules;
      this.userSource = loaded.source;
    }
  }

  /** The current mode. */
  get mode(): PermissionMode {
    return this.currentMode;
  }

  /** Switches the mode (and its preset); an unknown value throws `CONFIG_INVALID`. */
  setMode(mode: PermissionMode): void {
    this.currentMode = checkMode(mode);
  }

  /** Adds run-scope rules: denies beat everything but the hardline; allows come right after user rules. */
  addRunRules(rules: RunRules): void {
    if (typeof rules !== 'object' || rules === null) throw new AgentaoError('CONFIG_INVALID', 'addRunRules needs { allow?, deny?, source? }');
    const source = rules.source ?? DEFAULT_RUN_SOURCE;
    if (typeof source !== 'string' || source === '') throw new AgentaoError('CONFIG_INVALID', 'addRunRules: source must be a non-empty string');
    const deny = checkRuleList(rules.deny, 'addRunRules deny');
    const allow = checkRuleList(rules.allow, 'addRunRules allow');
    const prefix = `${INJECTED_PREFIX}${source}:`;
    this.runDeny.push(...deny.map((rule) => ({ rule, reasonPrefix: prefix })));
    this.runAllow.push(...allow.map((rule) => ({ rule, reasonPrefix: prefix })));
    const label = `${INJECTED_PREFIX}${source}`;
    if ((deny.length > 0 || allow.length > 0) && !this.injectedSources.includes(label)) this.injectedSources.push(label);
  }

  /** Empties both run-scope lists and removes every `injected:` source label. */
  clearRunRules(): void {
    this.runDeny = [];
    this.runAllow = [];
    this.injectedSources = [];
  }

  private orderedCandidates(): Candidate[] {
    const user: Candidate[] = this.rules.filter(isRuleObject).map((rule) => ({ rule, reasonPrefix: USER_RULE_PREFIX }));
    const preset: Candidate[] = modePresetRules(this.currentMode).map((rule) => ({ rule, reasonPrefix: MODE_PRESET_PREFIX }));
    if (this.currentMode === 'full-access') return [...this.runDeny, ...preset, ...user, ...this.runAllow];
    return [...this.runDeny, ...user, ...this.runAllow, ...preset];
  }

  /** Decides one call (§6); `null` when no rule matched. Synchronous and never throws on odd input. */
  decide(request: PermissionRequest): PermissionDetail | null {
    const toolName = typeof request?.toolName === 'string' ? request.toolName : '';
    const args = typeof request?.args === 'object' && request.args !== null ? request.args : {};
    if (this.enableHardline) {
      const hit = hardlineCheck(toolName, args);
      if (hit !== null) return { decision: 'deny', reason: hit };
    }
    for (const { rule, reasonPrefix } of this.orderedCandidates()) {
      if (matchRule(rule, toolName, args)) {
        return { decision: ruleAction(rule), reason: `${reasonPrefix}${toolLabel(rule)}`, matchedRule: rule };
      }
    }
    return null;
  }

  /** A fresh snapshot of the active policy (§8): deep copies in evaluation order; no disk access. */
  activePermissions(): ActivePermissions {
    const loadedSources = [`preset:${this.currentMode}`];
    if (this.userSource !== null) loadedSources.push(this.userSource);
    for (const label of this.injectedSources) if (!loadedSources.includes(label)) loadedSources.push(label);
    return { mode: this.currentMode, rules: this.orderedCandidates().map(({ rule }) => deepCopy(rule)), loadedSources };
  }
}
