/** Compiled patterns keyed by source; rule files are small and reused on every call. */
const CACHE = new Map<string, RegExp | null>();
const CACHE_LIMIT = 1024;

/** Translates Python `re` syntax (§4.4) into a JavaScript source and flags. */
export function translatePythonRegex(pattern: string): { source: string; flags: string } {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([ims]+)\)/.exec(source);
  if (inline !== null) {
    flags = [...new Set(inline[1] ?? '')].join('');
    source = source.slice(inline[0].length);
  }
  source = source
    .replace(/\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/g, '(?<$1>')
    .replace(/\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/g, '\\k<$1>')
    .replace(/(?<!\\)((?:\\\\)*)\\A/g, '$1^')
    .replace(/(?<!\\)((?:\\\\)*)\\Z/g, '$1$');
  return { source, flags };
}

/** Compiles a rule pattern (Python dialect accepted) without the `u` flag; `null` when it does not compile. */
export function compileRulePattern(pattern: string): RegExp | null {
  const cached = CACHE.get(pattern);
  if (cached !== undefined) return cached;
  let compiled: RegExp | null;
  try {
    const { source, flags } = translatePythonRegex(pattern);
    compiled = new RegExp(source, flags);
  } catch {
    compiled = null;
  }
  if (CACHE.size >= CACHE_LIMIT) CACHE.clear();
  CACHE.set(pattern, compiled);
  return compiled;
}

const FULL_CACHE = new Map<string, RegExp | null>();

/** Compiles a rule pattern anchored at both ends (full match); `null` when it does not compile. */
export function compileFullMatchPattern(pattern: string): RegExp | null {
  const cached = FULL_CACHE.get(pattern);
  if (cached !== undefined) return cached;
  let compiled: RegExp | null;
  try {
    const { source, flags } = translatePythonRegex(pattern);
    compiled = new RegExp(`^(?:${source})$`, flags);
  } catch {
    compiled = null;
  }
  if (FULL_CACHE.size >= CACHE_LIMIT) FULL_CACHE.clear();
  FULL_CACHE.set(pattern, compiled);
  return compiled;
}
