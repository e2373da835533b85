import { type FileSystem } from '../capabilities/file-system';
import { type ShellExecutor } from '../capabilities/shell-executor';
import { type LLMClient } from '../llm/llm-client';
import { type OpenAIChatOptions } from '../llm/openai-chat-client';
import { type Logger } from '../logger';
import { type ChatMessage } from '../messages';
import { type PermissionPolicy } from '../permission-policy';
import { type Tool } from '../tool/tool';
import { type IncompleteReason } from '../transport/events';
import { type Transport } from '../transport/transport';
import { type AgentaoPlugin } from './plugin';

/** Default LLM calls allowed per `chat()`. */
export const DEFAULT_MAX_ITERATIONS = 100;

/** Everything an agent is built from. */
export interface AgentaoOptions {
  /** Session root; frozen as an absolute real path. */
  workingDirectory: string;
  /** An `LLMClient`, or options for the built-in OpenAI client; default: the OpenAI client from the environment. */
  llm?: LLMClient | OpenAIChatOptions;
  /** Default: `NullTransport`. */
  transport?: Transport;
  /** Host instructions added to the system prompt. */
  instructions?: string;
  /** Tool and prompt bundles, in order (e.g. `builtinTools()`, `subagents()`). */
  plugins?: AgentaoPlugin[];
  /** Host tools, registered last; a same-named built-in or agent tool is replaced. */
  extraTools?: Tool[];
  /** Built-in names to skip; mutually exclusive with `enabledTools`. */
  disableTools?: Iterable<string>;
  /** Allowlist pruning built-in and agent tools; extras, `mcp_*` and plan-only names always stay. */
  enabledTools?: Iterable<string>;
  /** The security boundary: decides every call. */
  permissionEngine?: PermissionPolicy;
  /** Start in read-only mode. */
  readOnly?: boolean;
  /** LLM calls per `chat()` (default 100). */
  maxIterations?: number;
  filesystem?: FileSystem;
  shell?: ShellExecutor;
  /** Default: silent. */
  logger?: Logger;
  /** Prior history to resume from (validated; system messages refused). */
  messages?: ChatMessage[];
}

/** How the last turn ended. */
export interface TurnOutcome {
  readonly text: string;
  readonly status: 'ok' | 'error' | 'cancelled';
  readonly incompleteReason: IncompleteReason;
  readonly toolCount: number;
  readonly error: string | null;
  readonly finishReasonMissing: boolean;
  /** `status === 'ok' && incompleteReason === null`. */
  readonly isAnswer: boolean;
}

/** Options of one `chat()` call. */
export interface ChatOptions {
  /** Aborting cancels the turn; `chat()` then resolves with `[Cancelled: <reason>]`. */
  signal?: AbortSignal;
  /** Overrides the agent's `maxIterations` for this turn. */
  maxIterations?: number;
}
