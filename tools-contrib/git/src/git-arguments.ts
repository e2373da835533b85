/** Longest accepted ref (branch, tag, commit, `HEAD~3`, `main..feature`). */
export const GIT_MAX_REF_CHARS = 200;
/** Longest accepted path. */
export const GIT_MAX_PATH_CHARS = 1_000;

// Characters git allows in revision expressions that we accept; anything else (spaces, quotes,
// shell metacharacters) is refused before a command line is built.
const REF_PATTERN = /^[A-Za-z0-9._/@{}~^:+-]+$/;

/** Validates an optional ref argument; returns an error message or the ref (undefined when absent). */
export function checkRef(name: string, value: unknown): { error: string } | { value: string | undefined } {
  if (value === undefined || value === null || value === '') return { value: undefined };
  if (typeof value !== 'string') return { error: `${name} must be a string` };
  if (value.length > GIT_MAX_REF_CHARS) return { error: `${name} is longer than ${GIT_MAX_REF_CHARS} chars` };
  // A leading dash would be read by git as an option (option injection).
  if (value.startsWith('-')) return { error: `${name} must not start with '-'` };
  if (!REF_PATTERN.test(value)) return { error: `${name} may contain only letters, digits and . _ / @ { } ~ ^ : + -` };
  return { value };
}

/** Validates an optional path argument (passed after `--`, so it is never an option). */
export function checkPath(name: string, value: unknown): { error: string } | { value: string | undefined } {
  if (value === undefined || value === null || value === '') return { value: undefined };
  if (typeof value !== 'string') return { error: `${name} must be a string` };
  if (value.length > GIT_MAX_PATH_CHARS) return { error: `${name} is longer than ${GIT_MAX_PATH_CHARS} chars` };
  if (value.startsWith('-')) return { error: `${name} must not start with '-'` };
  if (/[\0\n\r]/.test(value)) return { error: `${name} must not contain NUL or line breaks` };
  return { value };
}

/** Validates an optional integer in [min, max], clamping values above max. */
export function checkInt(name: string, value: unknown, fallback: number, min: number, max: number): { error: string } | { value: number } {
  if (value === undefined || value === null) return { value: fallback };
  if (typeof value !== 'number' || !Number.isInteger(value)) return { error: `${name} must be an integer` };
  if (value < min) return { error: `${name} must be >= ${min}` };
  return { value: Math.min(value, max) };
}
