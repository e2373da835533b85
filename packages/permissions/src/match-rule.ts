import { isIP } from 'node:net';
import { compileFullMatchPattern, compileRulePattern } from './compile-rule-pattern';
import { type PermissionRule } from './permission-rule';
import { stringifyArgValue } from './stringify-arg-value';

const REGEX_META = /[\\^$+{}()[\]|]/;

/** Whether a rule's `tool` pattern covers a tool name (§4.1): `*`, exact, full-match regex, glob fallback. */
export function matchToolPattern(pattern: string, toolName: string): boolean {
  if (pattern === '*' || pattern === toolName) return true;
  const full = compileFullMatchPattern(pattern);
  if (full !== null && full.test(toolName)) return true;
  if ((pattern.includes('*') || pattern.includes('?')) && !REGEX_META.test(pattern)) {
    let source = '';
    for (const ch of pattern) source += ch === '*' ? '[\\s\\S]*' : ch === '?' ? '[\\s\\S]' : ch === '.' ? '\\.' : ch;
    return new RegExp(`^${source}$`).test(toolName);
  }
  return false;
}

/** The host of a URL argument for domain rules (§4.2), or null when it cannot be parsed. */
export function extractDomainHost(raw: string): string | null {
  if (raw === '') return null;
  try {
    const url = new URL(raw.includes('://') ? raw : `https://${raw}`);
    let host = url.hostname.toLowerCase().replace(/\.+$/, '');
    if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** Whether a host is in a domain list: `.suffix` entries match the bare domain and subdomains; others are exact. */
export function hostInList(host: string, list: readonly unknown[] | undefined): boolean {
  if (!Array.isArray(list)) return false;
  const isIpHost = isIP(host) !== 0;
  for (const entry of list) {
    if (typeof entry !== 'string' || entry === '') continue;
    const e = entry.toLowerCase();
    // No suffix logic for IP strings: `.1` must not cover `127.0.0.1`.
    if (e.startsWith('.') && !isIpHost) {
      if (host === e.slice(1) || host.endsWith(e)) return true;
    } else if (host === e) return true;
  }
  return false;
}

function matchArgPattern(pattern: unknown, value: string): boolean {
  const source = typeof pattern === 'string' ? pattern : stringifyArgValue(pattern);
  const regex = compileRulePattern(source);
  return regex === null ? value === source : regex.test(value);
}

/** Whether one rule matches one call (§4); malformed rule parts never throw. */
export function matchRule(rule: PermissionRule, toolName: string, args: Record<string, unknown>): boolean {
  const tool = typeof rule.tool === 'string' ? rule.tool : '*';
  if (!matchToolPattern(tool, toolName)) return false;
  const domain: unknown = rule.domain;
  if (domain !== undefined && domain !== null) {
    if (typeof domain !== 'object') return false;
    const d = domain as Record<string, unknown>;
    const urlArg = typeof d.urlArg === 'string' ? d.urlArg : typeof d.url_arg === 'string' ? d.url_arg : 'url';
    const host = extractDomainHost(stringifyArgValue(args[urlArg]));
    if (host === null) return false;
    return hostInList(host, d.allowlist as unknown[] | undefined) || hostInList(host, d.blocklist as unknown[] | undefined);
  }
  const patterns: unknown = rule.args;
  if (patterns === undefined || patterns === null || typeof patterns !== 'object') return true;
  for (const [key, pattern] of Object.entries(patterns as Record<string, unknown>)) {
    if (!matchArgPattern(pattern, stringifyArgValue(args[key]))) return false;
  }
  return true;
}

/** A rule's action as the engine applies it: case-insensitive, default and unknown values ask. */
export function ruleAction(rule: PermissionRule): 'allow' | 'deny' | 'ask' {
  const action = typeof rule.action === 'string' ? rule.action.toLowerCase() : 'ask';
  return action === 'allow' || action === 'deny' ? action : 'ask';
}
