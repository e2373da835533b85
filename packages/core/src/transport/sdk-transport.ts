import { type AgentEvent } from './events';
import { ASK_USER_UNAVAILABLE } from './null-transport';
import { Subscribers } from './subscribers';
import { type AskUserHints, type MaxIterationsAction, type PendingToolCall, type Transport } from './transport';

/** Callbacks of an `SdkTransport`; each missing one falls back to `NullTransport` behaviour. */
export interface SdkTransportCallbacks {
  /** Called for every event; anything it throws is swallowed. */
  onEvent?(event: AgentEvent): void;
  /** `true` approves; a throw ends the turn with status `error`. */
  confirmTool?(toolName: string, description: string, args: Record<string, unknown>): boolean | Promise<boolean>;
  /** Answers an `ask_user` question; a throw becomes that tool's error. */
  askUser?(question: string, hints?: AskUserHints): string | Promise<string>;
  /** Decides what happens at the iteration cap; a throw ends the turn with status `error`. */
  onMaxIterations?(count: number, pending: PendingToolCall[]): MaxIterationsAction | Promise<MaxIterationsAction>;
}

/** A transport built from plain callbacks, for hosts embedding the agent in their own UI. */
export class SdkTransport implements Transport {
  private readonly subscribers = new Subscribers();

  constructor(private readonly callbacks: SdkTransportCallbacks = {}) {}

  /** Calls `onEvent` (errors swallowed), then the subscribers. */
  emit(event: AgentEvent): void {
    try {
      this.callbacks.onEvent?.(event);
    } catch {
      // A host display bug must never break the turn.
    }
    this.subscribers.notify(event);
  }

  /** Forwards to `confirmTool`, else approves. */
  confirmTool(toolName: string, description: string, args: Record<string, unknown>): boolean | Promise<boolean> {
    return this.callbacks.confirmTool ? this.callbacks.confirmTool(toolName, description, args) : true;
  }

  /** Forwards to `askUser` with the hints, else answers the non-interactive sentinel. */
  askUser(question: string, hints?: AskUserHints): string | Promise<string> {
    return this.callbacks.askUser ? this.callbacks.askUser(question, hints) : ASK_USER_UNAVAILABLE;
  }

  /** Forwards to `onMaxIterations`, else stops. */
  onMaxIterations(count: number, pending: PendingToolCall[]): MaxIterationsAction | Promise<MaxIterationsAction> {
    return this.callbacks.onMaxIterations ? this.callbacks.onMaxIterations(count, pending) : { action: 'stop' };
  }

  /** Adds a listener. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    return this.subscribers.add(listener);
  }
}
