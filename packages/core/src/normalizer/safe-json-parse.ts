/** The outcome of `safeJsonParse`: the value, or `ok: false` when the text is not JSON. */
export type SafeJsonParseResult = { ok: true; value: unknown } | { ok: false };

/** `JSON.parse` that reports failure instead of throwing; the only `JSON.parse` call in core's `src` (style rule 29). */
export function safeJsonParse(text: string): SafeJsonParseResult {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
