import { type AgentEvent } from './events';
import { Subscribers } from './subscribers';
import { type AskUserHints, type MaxIterationsAction, type Transport } from './transport';

/** What `askUser` answers when nobody can be asked. */
export const ASK_USER_UNAVAILABLE = '[ask_user: not available in non-interactive mode]';

// Module-private, so the public class shape stays as documented while core can ask whether anyone listens.
const subscribersOf = new WeakMap<NullTransport, Subscribers>();

/** True for a `NullTransport` nobody has subscribed to: its `emit` would reach no one. */
export function isUnobservedNullTransport(transport: unknown): boolean {
  // Exactly this class: a subclass may override emit to observe events itself.
  if (typeof transport !== 'object' || transport === null || Object.getPrototypeOf(transport) !== NullTransport.prototype) return false;
  return subscribersOf.get(transport as NullTransport)?.isEmpty ?? false;
}

/** The silent default transport: approves every confirmation and stops at the iteration cap. */
export class NullTransport implements Transport {
  private readonly subscribers = new Subscribers();

  /** A transport with no listeners yet. */
  constructor() {
    subscribersOf.set(this, this.subscribers);
  }

  /** Notifies subscribers only. */
  emit(event: AgentEvent): void {
    this.subscribers.notify(event);
  }

  /** Auto-approves. */
  confirmTool(_toolName: string, _description: string, _args: Record<string, unknown>): boolean {
    return true;
  }

  /** Answers that no user is available. */
  askUser(_question: string, _hints?: AskUserHints): string {
    return ASK_USER_UNAVAILABLE;
  }

  /** Stops the turn. */
  onMaxIterations(): MaxIterationsAction {
    return { action: 'stop' };
  }

  /** Adds a listener. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    return this.subscribers.add(listener);
  }
}
