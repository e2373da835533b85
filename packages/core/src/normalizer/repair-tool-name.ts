const isUpper = (c: string): boolean => c >= 'A' && c <= 'Z';
const isLower = (c: string): boolean => c >= 'a' && c <= 'z';
const isDigit = (c: string): boolean => c >= '0' && c <= '9';

/** S3: trim, lower-case, collapse runs of `-`, `_` and whitespace into one `_`, strip edge `_`. */
function separatorKey(s: string): string {
  const collapsed = s.trim().toLowerCase().replace(/[-_\s]+/g, '_');
  // Runs are already collapsed, so at most one `_` sits at each edge.
  const start = collapsed.startsWith('_') ? 1 : 0;
  const end = collapsed.endsWith('_') ? collapsed.length - 1 : collapsed.length;
  return start >= end ? '' : collapsed.slice(start, end);
}

/** Inserts `_` at camelCase boundaries (`HTTPGet` → `HTTP_Get`) in one linear pass, no backtracking. */
function splitCamelCase(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charAt(i);
    if (i > 0 && isUpper(c)) {
      const prev = s.charAt(i - 1);
      const next = s.charAt(i + 1);
      if (isLower(prev) || isDigit(prev) || (isUpper(prev) && isLower(next))) out += '_';
    }
    out += c;
  }
  return out;
}

/** S4: camelCase split, separator key, then drop trailing `tool` tokens while another token remains. */
function fullKey(s: string): string {
  const tokens = separatorKey(splitCamelCase(s.trim())).split('_');
  while (tokens.length > 1 && tokens[tokens.length - 1] === 'tool') tokens.pop();
  return tokens.join('_');
}

const STAGES: readonly ((s: string) => string)[] = [
  (s) => s.trim(),
  (s) => s.trim().toLowerCase(),
  separatorKey,
  fullKey,
];

/** Maps a model-sent tool name to the one registered name it normalises to, or `null`. */
export function repairToolName(name: string, registered: Iterable<string>): string | null {
  if (typeof name !== 'string' || name.trim() === '') return null;
  const names = [...new Set([...registered].filter((n): n is string => typeof n === 'string'))];
  if (names.length === 0) return null;
  for (const normalise of STAGES) {
    const wanted = normalise(name);
    if (wanted === '') continue;
    const matches = names.filter((candidate) => normalise(candidate) === wanted);
    if (matches.length === 1) return matches[0] ?? null;
    // Two registered names collapse to the same form: guessing could run the wrong tool.
    if (matches.length > 1) return null;
  }
  return null;
}
