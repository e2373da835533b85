import { isPlainObject, parseToolArguments } from './parse-tool-arguments';
import { safeJsonParse } from './safe-json-parse';
import { isWellFormedText, sanitizeSurrogates } from './sanitize-surrogates';

const EMPTY_ARGUMENTS = '{}';

function compactJson(args: Record<string, unknown>): string {
  try {
    const text = JSON.stringify(args);
    // A top-level toJSON can turn the object into anything; history must hold a JSON object.
    if (typeof args.toJSON === 'function') {
      const check = safeJsonParse(text);
      return check.ok && isPlainObject(check.value) ? text : EMPTY_ARGUMENTS;
    }
    return text;
  } catch {
    // Cycles, BigInt values or throwing getters cannot be recorded.
    return EMPTY_ARGUMENTS;
  }
}

/** The argument string recorded in history; total, never throws. */
export function canonicalizeToolArguments(raw: unknown): string {
  try {
    if (typeof raw === 'string' && isWellFormedText(raw)) {
      const strict = safeJsonParse(raw);
      // Byte-identical keeps the provider's prompt cache for this prefix warm.
      if (strict.ok && isPlainObject(strict.value)) return raw;
    }
    const { args } = parseToolArguments(sanitizeSurrogates(raw), { allowBracketBalance: true });
    return compactJson(sanitizeSurrogates(args));
  } catch {
    return EMPTY_ARGUMENTS;
  }
}
