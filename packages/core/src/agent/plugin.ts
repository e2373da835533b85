import { type Logger } from '../logger';
import { type Tool } from '../tool/tool';
import { type Agentao } from './agentao';

/** What a plugin may see of the agent it is attached to. */
export interface PluginHost {
  readonly agent: Agentao;
  readonly workingDirectory: string;
  readonly logger: Logger;
}

/**
 * A bundle of tools and prompt text attached at construction. Methods run synchronously inside the
 * constructor (never call `chat()` from them); a throw fails construction with `CONFIG_INVALID`. A
 * plugin instance may serve several agents, so per-agent state must be keyed by `host.agent`.
 */
export interface AgentaoPlugin {
  readonly name: string;
  /** Static eligibility set for `disableTools` and the `enabledTools` typo guard. */
  readonly builtinToolNames?: readonly string[];
  /** Fresh built-in tools for this agent; registered first, minus `disableTools`. */
  builtinTools?(host: PluginHost): Tool[];
  /** Agent tools (e.g. `agent_*`); registered after the built-ins. */
  agentTools?(host: PluginHost): Tool[];
  /** Called once per turn when the system prompt is built; `null` or `''` adds nothing. */
  systemPromptSection?(host: PluginHost): string | null;
}
