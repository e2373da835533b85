import { type Agentao } from '../agent/agentao';
import { AGENT_INTERNALS } from '../agent/agent-internals';
import { type AgentEvent, type AgentEventInput } from '../transport/events';
import { isUnobservedNullTransport } from '../transport/null-transport';

/**
 * True when an event emitted now would reach nobody: no forwarding sink and the default transport
 * without subscribers. Hot paths check it to skip building event-only data (hashes, reasons).
 */
export function eventsUnobserved(agent: Agentao): boolean {
  const internals = agent[AGENT_INTERNALS];
  return internals.eventSink === undefined && isUnobservedNullTransport(internals.transport);
}

/** Stamps `sessionId` and, inside a turn, `turnId` on an event and hands it to the transport; never throws. */
export function emitEvent(agent: Agentao, input: AgentEventInput): void {
  if (eventsUnobserved(agent)) return;
  const internals = agent[AGENT_INTERNALS];
  const turnId = internals.activeTurn?.turnId;
  const event = (turnId === undefined ? { ...input, sessionId: agent.sessionId } : { ...input, sessionId: agent.sessionId, turnId }) as AgentEvent;
  if (internals.eventSink !== undefined) {
    try {
      internals.eventSink(event as unknown as Record<string, unknown>);
    } catch {
      // Forwarding is best-effort, like every emit.
    }
    return;
  }
  try {
    internals.transport.emit(event);
  } catch {
    // The transport contract says emit must not throw; a broken one must still not break the turn.
  }
}
