import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { resolve } from 'node:path';
import { type PermissionRule } from './permission-rule';

/** The user rule file name under `userRoot` (§3.2). */
export const USER_RULES_FILE = 'permissions.json';

/** What loading the user rule file produced: rules and the `user:<path>` label, or nothing. */
export interface LoadedUserRules {
  readonly rules: PermissionRule[];
  readonly source: string | null;
}

const NOT_LOADED: LoadedUserRules = { rules: [], source: null };

/** Expands a leading `~` the way the rest of Agentao does (`~` and `~/…`). */
export function expandHomeDir(raw: string): string {
  if (raw === '~') return homedir();
  if (raw.startsWith('~/')) return homedir() + raw.slice(1);
  return raw;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Loads `<userRoot>/permissions.json` synchronously (§3.2). Never throws: a missing, unreadable or
 * invalid file is "not loaded". Project-scope files are never read.
 */
export function loadUserRules(userRoot: string | null | undefined): LoadedUserRules {
  if (typeof userRoot !== 'string' || userRoot === '') return NOT_LOADED;
  const path = resolve(expandHomeDir(userRoot), USER_RULES_FILE);
  let parsed: unknown;
  try {
    // A local config file, not model output: strict JSON on purpose (no lenient repairs).
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return NOT_LOADED;
  }
  if (!isPlainObject(parsed)) return NOT_LOADED;
  const rawRules = Array.isArray(parsed.rules) ? (parsed.rules as unknown[]) : [];
  const rules: PermissionRule[] = [];
  for (const entry of rawRules) {
    if (!isPlainObject(entry)) continue;
    const rule: Record<string, unknown> = { ...entry };
    if (isPlainObject(entry.domain)) {
      const domain: Record<string, unknown> = { ...entry.domain };
      // Files shared with the Python reference spell it `url_arg`.
      if (domain.urlArg === undefined && typeof domain.url_arg === 'string') domain.urlArg = domain.url_arg;
      delete domain.url_arg;
      rule.domain = domain;
    }
    rules.push(rule);
  }
  return { rules, source: `user:${path}` };
}
