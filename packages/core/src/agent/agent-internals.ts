import { type FileSystem } from '../capabilities/file-system';
import { type ShellExecutor } from '../capabilities/shell-executor';
import { type LLMClient } from '../llm/llm-client';
import { type Logger } from '../logger';
import { type ChatMessage } from '../messages';
import { type PermissionPolicy } from '../permission-policy';
import { type AskUserHints, type Transport } from '../transport/transport';
import { type TurnOutcome } from './agentao-options';
import { type AgentaoPlugin, type PluginHost } from './plugin';

/** Symbol under which an agent keeps the state its loop and first-party packages share. */
export const AGENT_INTERNALS: unique symbol = Symbol('agentao.internals');

/** How a confirmation request was answered. */
export type ConfirmationAnswer = 'approved' | 'declined' | 'declined-in-background';

/** The running turn, while there is one. */
export interface ActiveTurn {
  readonly turnId: string;
  readonly controller: AbortController;
  readonly done: Promise<unknown>;
}

/** Per-agent state shared by the agent, its loop and first-party packages (not public API). */
export interface AgentInternals {
  llm: LLMClient;
  transport: Transport;
  logger: Logger;
  policy: PermissionPolicy | null;
  instructions: string | null;
  plugins: readonly AgentaoPlugin[];
  pluginHost: PluginHost;
  filesystem: FileSystem | null;
  shell: ShellExecutor | null;
  history: ChatMessage[];
  ownReadOnly: boolean;
  maxIterations: number;
  /** Key/value state of the session (e.g. the todo list); emptied by `clearHistory()`. */
  sessionState: Map<string, unknown>;
  /** Notes drained before each LLM call into one `<system-reminder>` user message. */
  notices: string[];
  /** Run and awaited by `close()`; errors are logged. */
  closeHooks: (() => unknown)[];
  activeTurn: ActiveTurn | null;
  lastTurn: TurnOutcome | null;
  /** Per-request overrides (sub-agents). */
  modelOverride?: string;
  temperatureOverride?: number;
  /** Replaces the transport's confirmation (sub-agents route it to their parent). */
  confirm?(toolName: string, description: string, args: Record<string, unknown>): Promise<ConfirmationAnswer>;
  /** Replaces the transport's question channel (sub-agents route it to their parent). */
  askUser?(question: string, hints?: AskUserHints): Promise<string>;
  /** Serialises `askUser` per agent. */
  askQueue: Promise<unknown>;
  /** Event stamping for forwarded child events: the parent's ids win when set. */
  eventSink?(event: Record<string, unknown>): void;
}
