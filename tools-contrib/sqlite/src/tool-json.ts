/** The JSON error string every tool of this package returns instead of throwing. */
export function errorJson(message: string): string {
  return JSON.stringify({ status: 'error', message });
}

/** The message of an unknown thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
