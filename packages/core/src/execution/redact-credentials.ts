/** What `scanAndRedact` found and replaced. */
export interface RedactionResult {
  text: string;
  /** Matches per kind. */
  hits: Record<string, number>;
}

// Most specific first; every pattern is linear (no nested quantifiers) so huge outputs stay cheap.
const PATTERNS: readonly (readonly [kind: string, pattern: RegExp])[] = [
  ['private_key_block', /-----BEGIN [A-Z0-9 ]*KEY-----[\s\S]*?-----END [A-Z0-9 ]*KEY-----/g],
  ['anthropic_api_key', /sk-ant-[A-Za-z0-9_-]{40,}/g],
  ['openai_api_key', /sk-(?:proj-)?[A-Za-z0-9_-]{20,}/g],
  ['google_api_key', /AIza[0-9A-Za-z_-]{35}/g],
  ['aws_access_key', /(?:AKIA|ASIA)[A-Z0-9]{16}/g],
  ['github_token', /gh[pousr]_[A-Za-z0-9]{36,}/g],
  ['slack_token', /xox[baprs]-[A-Za-z0-9-]{10,}/g],
  ['jwt', /eyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g],
  ['bearer', /Authorization[:=][ \t]*(?:Bearer[ \t]+)?[A-Za-z0-9._~+/=-]{20,}|\bBearer[ \t]+[A-Za-z0-9._~+/=-]{20,}/gi],
  ['kv_secret', /(?<![A-Za-z0-9_])(?:api_key|api-key|apikey|token|secret|password|passwd)[ \t]*[:=][ \t]*["']?[^\s"']{8,}/gi],
];

/** Shorter texts cannot hold a credential worth redacting. */
const MIN_SCAN_CHARS = 20;

/** Replaces credential-shaped strings with `[REDACTED:<kind>]`; never throws. Used for spill files only. */
export function scanAndRedact(text: string): RedactionResult {
  const hits: Record<string, number> = {};
  if (typeof text !== 'string' || text.length < MIN_SCAN_CHARS) return { text, hits };
  let redacted = text;
  for (const [kind, pattern] of PATTERNS) {
    redacted = redacted.replace(pattern, () => {
      hits[kind] = (hits[kind] ?? 0) + 1;
      return `[REDACTED:${kind}]`;
    });
  }
  return { text: redacted, hits };
}
