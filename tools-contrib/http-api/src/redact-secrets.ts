/** What replaces a host header value anywhere in a result. */
export const REDACTED = '[redacted]';

/** Replaces every occurrence of each secret (raw and JSON-escaped) in `text`. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    out = out.split(secret).join(REDACTED);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) out = out.split(escaped).join(REDACTED);
  }
  return out;
}
