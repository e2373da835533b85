/** Ordinal (code-point) comparison; never locale-dependent, so sorted output is byte-stable. */
export function compareOrdinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
