import { type Agentao } from '../agent/agentao';
import { AGENT_INTERNALS, type AgentInternals } from '../agent/agent-internals';
import { type ChatCompletionTool } from '../messages';
import { type AgentHandle } from '../tool/tool';
import { type IncompleteReason } from '../transport/events';

/** Per-turn loop-guard counters (reset at every `chat()`). */
export interface LoopGuards {
  /** Calls seen per `name + raw arguments`. */
  identical: Map<string, number>;
  /** Consecutive unusable-argument calls per tool name. */
  argumentFailures: Map<string, number>;
  /** Blank-name calls in the turn. */
  emptyNames: number;
}

/** Everything one turn accumulates. */
export class TurnState {
  readonly internals: AgentInternals;
  attempt = 0;
  toolCount = 0;
  incompleteReason: IncompleteReason = null;
  finishReasonMissing = false;
  consecutiveTruncations = 0;
  readonly guards: LoopGuards = { identical: new Map(), argumentFailures: new Map(), emptyNames: 0 };
  systemPrompt = '';
  tools: ChatCompletionTool[] = [];
  toolsHash = '';
  /** The read-only agent view handed to tools, built once per turn. */
  agentHandle: AgentHandle | null = null;
  /** Set by `complete_task`: the turn ends after the current batch with this text. */
  endTurnPayload: string | null = null;

  constructor(
    readonly agent: Agentao,
    readonly turnId: string,
    readonly signal: AbortSignal,
    readonly maxIterations: number,
  ) {
    this.internals = agent[AGENT_INTERNALS];
  }
}
