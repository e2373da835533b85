// Matches one lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_GLOBAL = new RegExp(LONE_SURROGATE.source, 'g');
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

/** True when `text` holds no lone UTF-16 surrogate (the semantics of `String.prototype.isWellFormed`). */
export function isWellFormedText(text: string): boolean {
  // Most text has no surrogates at all; this scan is much cheaper than the look-around pattern.
  return !ANY_SURROGATE.test(text) || !LONE_SURROGATE.test(text);
}

function cleanString(text: string): string {
  return isWellFormedText(text) ? text : text.replace(LONE_SURROGATE_GLOBAL, '\uFFFD');
}

function isPlainRecord(value: object): value is Record<string, unknown> {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function walk(value: unknown, seen: Set<object>): unknown {
  if (typeof value === 'string') return cleanString(value);
  if (typeof value !== 'object' || value === null) return value;
  // A cyclic structure is passed through unchanged at the repeat rather than overflowing the stack.
  if (seen.has(value)) return value;
  if (Array.isArray(value)) {
    seen.add(value);
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const cleaned = walk(item, seen);
      if (cleaned !== item && copy === null) copy = value.slice(0, i);
      if (copy !== null) copy.push(cleaned);
    }
    seen.delete(value);
    return copy ?? value;
  }
  if (!isPlainRecord(value)) return value;
  seen.add(value);
  const keys = Object.keys(value);
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const key of keys) {
    const item = value[key];
    const cleanKey = cleanString(key);
    const cleanValue = walk(item, seen);
    if (cleanKey !== key || cleanValue !== item) changed = true;
    entries.push([cleanKey, cleanValue]);
  }
  seen.delete(value);
  if (!changed) return value;
  const copy: Record<string, unknown> = 
    Object.getPrototypeOf(value) === null ? (Object.create(null) as Record<string, unknown>) : {};
  for (const [key, item] of entries) {
    // defineProperty keeps a `__proto__` key an own data property instead of changing the prototype.
    Object.defineProperty(copy, key, { value: item, writable: true, enumerable: true, configurable: true });
  }
  return copy;
}

/** Deeper than this, the allocation-free pre-check gives up and lets the cycle-safe walk decide. */
const PRECHECK_MAX_DEPTH = 32;

/**
 * False when `value` certainly holds no surrogate at all (keys included): the common case, checked
 * without the walk's cycle set or copies. Deep or cyclic input answers true.
 */
function mayHoldSurrogates(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return ANY_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  if (depth > PRECHECK_MAX_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const item of value as unknown[]) if (mayHoldSurrogates(item, depth + 1)) return true;
    return false;
  }
  if (!isPlainRecord(value)) return false;
  for (const key of Object.keys(value)) {
    if (ANY_SURROGATE.test(key) || mayHoldSurrogates(value[key], depth + 1)) return true;
  }
  return false;
}

/** Replaces lone UTF-16 surrogates with U+FFFD, deeply and copy-on-write; valid pairs are kept. */
export function sanitizeSurrogates<T>(value: T): T {
  // Every assistant and tool message passes here; almost none holds a surrogate.
  return mayHoldSurrogates(value, 0) ? (walk(value, new Set()) as T) : value;
}
