/** Stringifies an argument value JSON-style for rule matching (§4.3): strings verbatim, `true`, `null`, objects as JSON. */
export function stringifyArgValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (value === null) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // Cyclic or otherwise unserialisable values still need a deterministic, non-throwing spelling.
    return Object.prototype.toString.call(value);
  }
}
