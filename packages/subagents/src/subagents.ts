import { type Agentao, AgentaoError, type AgentaoPlugin, type PluginHost, type Tool } from '@agentao/core';
import { AGENT_INTERNALS } from '@agentao/core/internal';
import { type AgentDefinition, resolveAgentDefinition } from './agent-definition';
import { AgentTool } from './agent-tool';
import { CancelBackgroundAgentTool } from './cancel-background-agent-tool';
import { CheckBackgroundAgentTool } from './check-background-agent-tool';
import { loadAgentDefinitions } from './load-agent-definitions';
import { SubagentSession } from './subagent-session';

/** Options of the `subagents()` plugin (§1). */
export interface SubagentsOptions {
  /** Where `*.md` definitions are read from; relative to the agent's working directory. Default `.agentao/agents`. */
  definitionsDir?: string;
  /** Programmatic definitions; they replace file definitions of the same name. Default `[]`. */
  definitions?: AgentDefinition[];
  /** Adds `codebase-investigator` and `generalist`. Default false. */
  enableBuiltinAgents?: boolean;
  /** Allows `run_in_background` and registers the background tools. Default true. */
  background?: boolean;
  /** How a background child's confirmations are handled: declined (`'deny'`, default) or asked of the parent's user. */
  backgroundConfirm?: 'deny' | 'parent';
}

/** Plugin name of `subagents()`. */
export const SUBAGENTS_PLUGIN_NAME = 'subagents';

/** Default definitions directory, relative to the agent's working directory. */
export const DEFAULT_DEFINITIONS_DIR = '.agentao/agents';

function invalid(message: string): AgentaoError {
  return new AgentaoError('CONFIG_INVALID', `subagents(): ${message}`);
}

function optionalBoolean(value: unknown, key: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(`'${key}' must be a boolean`);
  return value;
}

/** The prompt listing (§3.4), or `null` when no agent tool is registered. */
function availableAgentsSection(agent: Agentao, tools: readonly AgentTool[]): string | null {
  // A tool pruned by enabledTools or removed by the host must not be advertised.
  const live = tools.filter((tool) => agent.tools.has(tool.name) && agent.tools.get(tool.name) === tool);
  if (live.length === 0) return null;
  const lines = live.map((tool) => `- ${tool.definition.name}: ${tool.definition.description} (use tool: ${tool.name})`);
  return ['## Available Agents', '', 'You can delegate a task to one of these sub-agents by calling its tool:', ...lines].join('\n');
}

/**
 * The sub-agents plugin: `agent_<name>` tools from Markdown and programmatic definitions,
 * background runs with `check_background_agent` / `cancel_background_agent`, and the
 * "Available Agents" prompt section. State is kept per agent, so one instance may serve several.
 */
export function subagents(options: SubagentsOptions = {}): AgentaoPlugin {
  if (typeof options !== 'object' || options === null) throw invalid('options must be an object');
  const definitionsDir = options.definitionsDir ?? DEFAULT_DEFINITIONS_DIR;
  if (typeof definitionsDir !== 'string' || definitionsDir.trim() === '') throw invalid("'definitionsDir' must be a non-empty string");
  const rawDefinitions: unknown = options.definitions ?? [];
  if (!Array.isArray(rawDefinitions)) throw invalid("'definitions' must be an array");
  const definitions = rawDefinitions.map((definition, index) => resolveAgentDefinition(definition, `subagents(): definitions[${index}]`));
  const enableBuiltinAgents = optionalBoolean(options.enableBuiltinAgents, 'enableBuiltinAgents', false);
  const background = optionalBoolean(options.background, 'background', true);
  const backgroundConfirm = options.backgroundConfirm ?? 'deny';
  if (backgroundConfirm !== 'deny' && backgroundConfirm !== 'parent') throw invalid("'backgroundConfirm' must be 'deny' or 'parent'");
  const perAgent = new WeakMap<Agentao, AgentTool[]>();

  return {
    name: SUBAGENTS_PLUGIN_NAME,
    builtinToolNames: [],
    agentTools(host: PluginHost): Tool[] {
      const loaded = loadAgentDefinitions({ definitionsDir, definitions, enableBuiltinAgents }, host.workingDirectory, host.logger);
      const session = new SubagentSession(host.agent, loaded, { background, backgroundConfirm });
      const tools: AgentTool[] = [];
      const taken = new Set<string>();
      for (const definition of loaded) {
        const tool = new AgentTool(session, definition);
        if (taken.has(tool.name)) {
          host.logger.warn(`Agent '${definition.name}' is dropped: its tool name '${tool.name}' is already used by another agent`);
          continue;
        }
        taken.add(tool.name);
        tools.push(tool);
      }
      perAgent.set(host.agent, tools);
      host.agent[AGENT_INTERNALS].closeHooks.push(() => session.close());
      if (!background || tools.length === 0) return tools;
      return [...tools, new CheckBackgroundAgentTool(session), new CancelBackgroundAgentTool(session)];
    },
    systemPromptSection(host: PluginHost): string | null {
      const tools = perAgent.get(host.agent);
      return tools === undefined ? null : availableAgentsSection(host.agent, tools);
    },
  };
}
