/** The argument string recorded in history; total, never throws. */
export function canonicalizeToolArguments(raw: unknown): string {
  return typeof raw === 'string' ? raw : '{}';
}
