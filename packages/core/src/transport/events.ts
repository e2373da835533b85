/** Fields every event carries. */
interface EventEnvelope {
  sessionId: string;
  /** Present on every event emitted inside a turn. */
  turnId?: string;
}

/** Terminal status of a tool call. */
export type ToolCallStatus = 'ok' | 'error' | 'cancelled';

/** Why a turn that ended `ok` did not produce a real answer. */
export type IncompleteReason =
  | null
  | 'no_output'
  | 'reasoning_only'
  | 'length_truncated'
  | 'doom_loop'
  | 'max_iterations'
  | 'llm_error';

/** The turn started; first event of a turn. */
export interface TurnBeginEvent extends EventEnvelope { type: 'turn_begin'; userMessage: string }
/** Before each LLM call, after a declined confirmation, and forwarded from foreground children. */
export interface TurnStartEvent extends EventEnvelope { type: 'turn_start' }
/** An LLM call is about to be made. */
export interface LlmCallStartedEvent extends EventEnvelope {
  type: 'llm_call_started';
  attempt: number;
  model: string;
  messageCount: number;
  toolCount: number;
  toolsHash: string;
}
/** A streamed content delta. */
export interface LlmTextEvent extends EventEnvelope { type: 'llm_text'; chunk: string }
/** Reasoning or interim text of a tool-call reply. */
export interface ThinkingEvent extends EventEnvelope { type: 'thinking'; text: string }
/** An LLM call finished. */
export interface LlmCallCompletedEvent extends EventEnvelope {
  type: 'llm_call_completed';
  attempt: number;
  status: 'ok' | 'error' | 'cancelled';
  durationMs: number;
  firstTokenMs: number | null;
  finishReason: string | null;
  finishReasonReported: boolean;
  promptTokens: number | null;
  completionTokens: number | null;
  error: string | null;
}
/** How one planned call was routed. */
export interface PermissionDecisionEvent extends EventEnvelope {
  type: 'permission_decision';
  tool: string;
  callId: string;
  decision: 'allow' | 'deny' | 'ask';
  reason: string | null;
  mode: string | null;
}
/** The user is about to be asked to confirm a call. */
export interface ToolConfirmationEvent extends EventEnvelope {
  type: 'tool_confirmation';
  tool: string;
  args: Record<string, unknown>;
  callId: string;
}
/** A planned call starts (also emitted for denied and declined calls). */
export interface ToolStartEvent extends EventEnvelope {
  type: 'tool_start';
  tool: string;
  args: Record<string, unknown>;
  callId: string;
}
/** A chunk a running tool streamed through `ctx.onOutput`. */
export interface ToolOutputEvent extends EventEnvelope { type: 'tool_output'; tool: string; chunk: string; callId: string }
/** A planned call ended. */
export interface ToolCompleteEvent extends EventEnvelope {
  type: 'tool_complete';
  tool: string;
  callId: string;
  status: ToolCallStatus;
  durationMs: number;
  error: string | null;
}
/** A call's result, untruncated, after the batch. */
export interface ToolResultEvent extends EventEnvelope {
  type: 'tool_result';
  tool: string;
  callId: string;
  content: string;
  contentHash: string;
  originalChars: number;
  savedToDisk: boolean;
  diskPath: string | null;
  status: ToolCallStatus;
}
/** A foreground sub-agent started. */
export interface AgentStartEvent extends EventEnvelope { type: 'agent_start'; agent: string; task: string; maxTurns: number }
/** A foreground sub-agent ended. */
export interface AgentEndEvent extends EventEnvelope {
  type: 'agent_end';
  agent: string;
  state: string;
  turns: number;
  toolCalls: number;
  durationMs: number;
  error: string | null;
}
/** The effective read-only state flipped through `setReadOnly`. */
export interface ReadonlyModeChangedEvent extends EventEnvelope { type: 'readonly_mode_changed'; previous: boolean; current: boolean }
/** The turn ended; last event of a turn. */
export interface TurnEndEvent extends EventEnvelope {
  type: 'turn_end';
  finalText: string;
  status: 'ok' | 'error' | 'cancelled';
  error: string | null;
  toolCount: number;
  incompleteReason: IncompleteReason;
  finishReasonMissing: boolean;
}

/** Every event an agent emits: a flat union discriminated on `type`. */
export type AgentEvent =
  | TurnBeginEvent
  | TurnStartEvent
  | LlmCallStartedEvent
  | LlmTextEvent
  | ThinkingEvent
  | LlmCallCompletedEvent
  | PermissionDecisionEvent
  | ToolConfirmationEvent
  | ToolStartEvent
  | ToolOutputEvent
  | ToolCompleteEvent
  | ToolResultEvent
  | AgentStartEvent
  | AgentEndEvent
  | ReadonlyModeChangedEvent
  | TurnEndEvent;

/** The type string of every event. */
export type AgentEventType = AgentEvent['type'];

/** An event before the agent stamps `sessionId` and `turnId` on it. */
export type AgentEventInput = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, 'sessionId' | 'turnId'> : never) : never;
