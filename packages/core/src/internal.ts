// Seams for first-party packages (core.md §11): reachable as '@agentao/core/internal', not public API.
// The style guide discourages an ./internal subpath; the spec requires these seams to stay off the root.
export { AGENT_INTERNALS, type AgentInternals, type ConfirmationAnswer } from './agent/agent-internals';
export { askUserVia, requestEndTurn, sessionStateOf } from './execution/tool-call-internals';
export { emitEvent } from './loop/emit-event';
export { describeError, errorMessage } from './errors';
export { ASK_USER_UNAVAILABLE } from './transport/null-transport';
export { type AgentEventInput } from './transport/events';
