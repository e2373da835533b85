import { TextDecoder } from 'node:util';

/** How many leading bytes are inspected for a NUL byte to call a file binary. */
export const BINARY_CHECK_BYTES = 8192;

/** Whether the first `BINARY_CHECK_BYTES` bytes contain a NUL byte. */
export function hasNulByte(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, BINARY_CHECK_BYTES);
  for (let i = 0; i < end; i++) if (bytes[i] === 0) return true;
  return false;
}

/** Decodes strict UTF-8 keeping a BOM as U+FEFF; `null` when the bytes are not valid UTF-8. */
export function decodeUtf8OrNull(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch (error) {
    // Only an encoding failure means "not text"; anything else (a string too long for V8) is a real error.
    if (errorCodeOf(error) === 'ERR_ENCODING_INVALID_ENCODED_DATA') return null;
    throw error;
  }
}

/** The Node-style `code` of a thrown value, if any. */
export function errorCodeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
