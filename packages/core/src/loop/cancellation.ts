import { AgentaoError } from '../errors';

/** The reason text of an aborted signal: a non-empty string as is, an Error's message (not the default AbortError), else `user-cancel`. */
export function cancellationReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (typeof reason === 'string' && reason.trim() !== '') return reason;
  if (reason instanceof Error && reason.name !== 'AbortError' && reason.message.trim() !== '') return reason.message;
  return 'user-cancel';
}

/** Throws the internal `CANCELLED` carrier when the signal is aborted. */
export function throwIfCancelled(signal: AbortSignal): void {
  if (signal.aborted) throw new AgentaoError('CANCELLED', cancellationReason(signal));
}
