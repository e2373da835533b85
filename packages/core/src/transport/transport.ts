import { type AgentEvent } from './events';

/** What the host answers when a turn hits its iteration cap. */
export type MaxIterationsAction =
  | { action: 'continue' }
  | { action: 'stop' }
  | { action: 'new_instruction'; message: string };

/** Advisory hints for `askUser`. */
export interface AskUserHints {
  header?: string;
  options?: string[];
  multiple?: boolean;
  allowCustom?: boolean;
}

/** A tool call left pending when the iteration cap was hit. */
export interface PendingToolCall {
  name: string;
  args: string;
}

/** How a host observes and steers a turn. */
export interface Transport {
  /** Fire-and-forget; the runtime never awaits it and swallows anything it throws. */
  emit(event: AgentEvent): void;
  /** Exactly `true` approves the call; anything else declines it. A throw ends the turn with status `error`. */
  confirmTool(toolName: string, description: string, args: Record<string, unknown>): boolean | Promise<boolean>;
  /** Asks the user one question (used by `ask_user`); calls are serialised per agent; a throw becomes the tool's error. */
  askUser(question: string, hints?: AskUserHints): string | Promise<string>;
  /** Called when a turn reaches `maxIterations`; missing means stop. A throw ends the turn with status `error`. */
  onMaxIterations?(count: number, pending: PendingToolCall[]): MaxIterationsAction | Promise<MaxIterationsAction>;
  /** Side channel for listeners; returns an idempotent unsubscribe function. */
  subscribe?(listener: (event: AgentEvent) => void): () => void;
}
