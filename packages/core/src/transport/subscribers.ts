import { type AgentEvent } from './events';

/** An ordered listener list whose notification survives throwing and self-removing listeners. */
export class Subscribers {
  private listeners: ((event: AgentEvent) => void)[] = [];

  /** Adds a listener; the returned function removes it (idempotent). */
  add(listener: (event: AgentEvent) => void): () => void {
    const entry = (event: AgentEvent): void => listener(event);
    this.listeners = [...this.listeners, entry];
    return () => {
      this.listeners = this.listeners.filter((candidate) => candidate !== entry);
    };
  }

  /** True when no listener is registered. */
  get isEmpty(): boolean {
    return this.listeners.length === 0;
  }

  /** Notifies a snapshot of the listeners in registration order; a throwing one is skipped. */
  notify(event: AgentEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken listener must never break a turn or starve the others.
      }
    }
  }
}
