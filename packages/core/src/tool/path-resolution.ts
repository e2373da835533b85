import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, resolve, sep, basename, dirname, join } from 'node:path';

/** Expands a leading `~` (exactly `~` or `~/…`); `~user` is left alone. */
export function expandHome(raw: string): string {
  if (raw === '~') return homedir();
  if (raw.startsWith('~/') || (sep === '\\' && raw.startsWith('~\\'))) return homedir() + raw.slice(1);
  return raw;
}

/** Joins by concatenation so `..` survives and error messages show what the caller passed. */
function joinLexically(base: string, raw: string): string {
  return base.endsWith(sep) ? base + raw : base + sep + raw;
}

/** `~` expanded; absolute kept; relative joined to `base` when given; never canonicalised. */
export function resolveToolPath(raw: string, base: string | null): string {
  const expanded = expandHome(raw);
  if (isAbsolute(expanded)) return expanded;
  return base === null ? expanded : joinLexically(base, expanded);
}

/** The real path of the longest existing prefix of an absolute path, with the rest appended lexically. */
export function canonicalizePath(absolute: string): string {
  const normalised = resolve(absolute);
  const missing: string[] = [];
  let current = normalised;
  for (;;) {
    try {
      const real = realpathSync.native(current);
      return missing.length === 0 ? real : join(real, ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return normalised;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/** Like `resolveToolPath` (base: the process cwd when null), then absolute and canonical. */
export function resolveToolDirectory(raw: string, base: string | null): string {
  const expanded = expandHome(raw);
  const absolute = isAbsolute(expanded) ? expanded : resolve(base ?? process.cwd(), expanded);
  return canonicalizePath(absolute);
}
