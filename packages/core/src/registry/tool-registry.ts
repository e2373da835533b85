import { AgentaoError } from '../errors';
import { type Logger, SILENT_LOGGER } from '../logger';
import { type ChatCompletionTool } from '../messages';
import { readToolFlag } from '../tool/read-tool-flag';
import { type Tool } from '../tool/tool';
import { type ArgumentValidator, compileArgumentValidator } from './argument-validator';
import { copyForSubagent } from './copy-for-subagent';
import { isPlanModeName } from './reserved-names';
import { compareOrdinal } from '../compare-ordinal';
import { msgToolNotFound } from '../model-messages';

/** Where a registered tool came from. */
export type ToolOrigin = 'builtin' | 'mcp' | 'agent' | 'host';

interface Entry {
  tool: Tool;
  origin: ToolOrigin;
}

/** A tool's schema: its own `toOpenAIFormat()` when it has one (duck-typed tools may not), else built from its members. */
function schemaOf(tool: Tool): ChatCompletionTool {
  if (typeof (tool as Partial<Tool>).toOpenAIFormat === 'function') return tool.toOpenAIFormat();
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } };
}

/** An ordered map name → tool with origins; the low-level registry (no binding, no name checks). */
export class ToolRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly validators = new WeakMap<Tool, ArgumentValidator | AgentaoError>();

  constructor(private readonly logger: Logger = SILENT_LOGGER) {}

  /** Adds or overwrites (warning unless `replace`); a replaced name keeps its position. */
  register(tool: Tool, options: { replace?: boolean; origin?: ToolOrigin } = {}): void {
    const name = tool.name;
    if (this.entries.has(name) && options.replace !== true) {
      this.logger.warn(`Tool '${name}' is already registered; overwriting`);
    }
    this.entries.set(name, { tool, origin: options.origin ?? 'host' });
  }

  /** Removes a tool; returns whether one was there. */
  unregister(name: string): boolean {
    return this.entries.delete(name);
  }

  /** The tool, or throws `TOOL_NOT_FOUND` with the list of available tools. */
  get(name: string): Tool {
    const entry = this.entries.get(name);
    if (entry === undefined) throw new AgentaoError('TOOL_NOT_FOUND', msgToolNotFound(name, this.entries.keys()));
    return entry.tool;
  }

  /** Whether a tool of that name is registered. */
  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Tools in registration order. */
  list(): Tool[] {
    return [...this.entries.values()].map((entry) => entry.tool);
  }

  /** Registered names in registration order. */
  names(): string[] {
    return [...this.entries.keys()];
  }

  /** The origin of a registered name. */
  origin(name: string): ToolOrigin | undefined {
    return this.entries.get(name)?.origin;
  }

  /** One schema per tool sorted by name (ordinal); plan-mode tools only in plan mode. */
  toOpenAIFormat(options: { planMode?: boolean } = {}): ChatCompletionTool[] {
    return [...this.entries.entries()]
      .filter(([name]) => options.planMode === true || !isPlanModeName(name))
      .sort(([a], [b]) => compareOrdinal(a, b))
      .map(([, entry]) => schemaOf(entry.tool));
  }

  /** Compiles and caches a tool's argument validator now; throws `TOOL_SCHEMA_INVALID`. */
  prepareValidator(tool: Tool): ArgumentValidator {
    const validator = compileArgumentValidator(tool.name, tool.parameters);
    this.validators.set(tool, validator);
    return validator;
  }

  /** The cached validator, compiled at first use for raw-registered tools; an `AgentaoError` when the schema does not compile. */
  validatorFor(tool: Tool): ArgumentValidator | AgentaoError {
    let cached = this.validators.get(tool);
    if (cached === undefined) {
      try {
        cached = compileArgumentValidator(tool.name, tool.parameters);
      } catch (error) {
        cached = AgentaoError.isInstance(error) ? error : new AgentaoError('TOOL_SCHEMA_INVALID', String(error));
      }
      this.validators.set(tool, cached);
    }
    return cached;
  }

  /**
   * A registry for a sub-agent: built-in and MCP tools shared, host tools copied only when they declare
   * `copiesToSubagents` (else absent, name included), agent and plan tools absent, the allowlist always wins.
   */
  snapshotForSubagent(allowlist: readonly string[] | null, logger: Logger = this.logger): ToolRegistry {
    const allowed = allowlist === null ? null : new Set(allowlist);
    const child = new ToolRegistry(logger);
    for (const [name, entry] of this.entries) {
      if (entry.origin === 'agent' || isPlanModeName(name)) continue;
      if (allowed !== null && !allowed.has(name)) continue;
      if (entry.origin === 'builtin' || entry.origin === 'mcp') {
        child.entries.set(name, entry);
        const validator = this.validators.get(entry.tool);
        if (validator !== undefined) child.validators.set(entry.tool, validator);
        continue;
      }
      if (!readToolFlag(entry.tool, 'copiesToSubagents', logger)) continue;
      const copy = copyForSubagent(entry.tool, name, logger);
      if (copy !== null) child.entries.set(name, { tool: copy, origin: 'host' });
    }
    return child;
  }
}
