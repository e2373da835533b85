import { type FileSystem } from '../capabilities/file-system';
import { type ShellExecutor } from '../capabilities/shell-executor';
import { AgentaoError, errorMessage } from '../errors';
import { type Logger } from '../logger';
import { isPlanModeName, MCP_PREFIX } from '../registry/reserved-names';
import { compareOrdinal } from '../compare-ordinal';
import { type ToolOrigin, type ToolRegistry } from '../registry/tool-registry';
import { validateToolShape } from '../registry/validate-tool-shape';
import { type Tool } from '../tool/tool';
import { type AgentaoPlugin, type PluginHost } from './plugin';

/** What every tool entering through a contract path is bound to. */
export interface ToolBinding {
  workingDirectory: string;
  filesystem: FileSystem | null;
  shell: ShellExecutor | null;
}

/** Overwrites a tool's capability fields with the agent's. */
export function bindTool(tool: Tool, binding: ToolBinding): void {
  tool.workingDirectory = binding.workingDirectory;
  tool.filesystem = binding.filesystem;
  tool.shell = binding.shell;
}

/** Validates, compiles, binds and registers one tool from a contract path. */
export function admitTool(registry: ToolRegistry, tool: unknown, label: string, origin: ToolOrigin, binding: ToolBinding): Tool {
  validateToolShape(tool, label);
  const admitted = tool as Tool;
  registry.prepareValidator(admitted);
  bindTool(admitted, binding);
  registry.register(admitted, { replace: true, origin });
  return admitted;
}

/** The union of every plugin's static `builtinToolNames`. */
export function eligibleBuiltinNames(plugins: readonly AgentaoPlugin[]): ReadonlySet<string> {
  const names = new Set<string>();
  for (const plugin of plugins) for (const name of plugin.builtinToolNames ?? []) names.add(name);
  return names;
}

/** Checks the plugin list: objects with unique string names. */
export function validatePlugins(value: unknown): AgentaoPlugin[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new AgentaoError('CONFIG_INVALID', 'plugins must be an array');
  const seen = new Set<string>();
  return value.map((plugin: unknown, index) => {
    const name = (plugin as { name?: unknown } | null)?.name;
    if (typeof plugin !== 'object' || plugin === null || typeof name !== 'string' || name.length === 0) {
      throw new AgentaoError('CONFIG_INVALID', `plugins[${index}] must be an object with a non-empty string name`);
    }
    if (seen.has(name)) throw new AgentaoError('CONFIG_INVALID', `duplicate plugin name '${name}'`);
    seen.add(name);
    return plugin as AgentaoPlugin;
  });
}

function callPlugin(plugin: AgentaoPlugin, method: 'builtinTools' | 'agentTools', host: PluginHost): Tool[] {
  if (plugin[method] === undefined) return [];
  let tools: unknown;
  try {
    tools = plugin[method](host);
  } catch (error) {
    throw new AgentaoError('CONFIG_INVALID', `plugin '${plugin.name}' ${method}() threw: ${errorMessage(error)}`, { cause: error });
  }
  if (!Array.isArray(tools)) throw new AgentaoError('CONFIG_INVALID', `plugin '${plugin.name}' ${method}() must return an array of tools`);
  return tools as Tool[];
}

/** Inputs of the registration pipeline. */
export interface RegistrationPlan {
  plugins: readonly AgentaoPlugin[];
  extraTools: readonly Tool[];
  disableTools: ReadonlySet<string>;
  enabledTools: ReadonlySet<string> | undefined;
  eligible: ReadonlySet<string>;
  host: PluginHost;
  binding: ToolBinding;
  logger: Logger;
}

/** Registers built-in → (MCP, none in v1) → agent → extra tools, then prunes by `enabledTools` and runs its typo guard. */
export function registerTools(registry: ToolRegistry, plan: RegistrationPlan): void {
  const pluginNames = new Set<string>();
  const admitPluginTool = (tool: Tool, plugin: AgentaoPlugin, method: string, origin: ToolOrigin): void => {
    const label = `plugin '${plugin.name}' ${method}()`;
    const name = validateToolShape(tool, label);
    if (pluginNames.has(name)) throw new AgentaoError('TOOL_NAME_DUPLICATE', `${label}: duplicate tool name '${name}'`);
    pluginNames.add(name);
    admitTool(registry, tool, label, origin, plan.binding);
  };
  for (const plugin of plan.plugins) {
    for (const tool of callPlugin(plugin, 'builtinTools', plan.host)) {
      const name = validateToolShape(tool, `plugin '${plugin.name}' builtinTools()`);
      if (plan.disableTools.has(name)) continue;
      admitPluginTool(tool, plugin, 'builtinTools', 'builtin');
    }
  }
  for (const plugin of plan.plugins) {
    for (const tool of callPlugin(plugin, 'agentTools', plan.host)) admitPluginTool(tool, plugin, 'agentTools', 'agent');
  }
  for (const [index, tool] of plan.extraTools.entries()) {
    const overrides = registry.has(tool.name);
    admitTool(registry, tool, `extraTools[${index}]`, 'host', plan.binding);
    if (overrides) plan.logger.info(`Tool '${tool.name}' from extraTools overrides an already-registered tool`);
  }
  if (plan.enabledTools !== undefined) pruneToAllowlist(registry, plan.enabledTools, plan.eligible, plan.logger);
}

function pruneToAllowlist(registry: ToolRegistry, enabled: ReadonlySet<string>, eligible: ReadonlySet<string>, logger: Logger): void {
  for (const name of registry.names()) {
    const origin = registry.origin(name);
    if (origin !== 'builtin' && origin !== 'agent') continue;
    if (enabled.has(name) || name.startsWith(MCP_PREFIX) || isPlanModeName(name)) continue;
    registry.unregister(name);
    logger.info(`Tool '${name}' pruned by enabledTools`);
  }
  const unknown = [...enabled].filter((name) => !registry.has(name) && !eligible.has(name)).sort(compareOrdinal);
  if (unknown.length > 0) {
    throw new AgentaoError(
      'TOOL_UNKNOWN_NAME',
      `enabledTools: unknown tool name${unknown.length > 1 ? 's' : ''} ${unknown.map((n) => `'${n}'`).join(', ')}; registered: ${registry.names().sort(compareOrdinal).join(', ') || '<none>'}`,
    );
  }
}
