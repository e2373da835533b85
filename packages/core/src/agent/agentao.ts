import { randomUUID } from 'node:crypto';
import { AgentaoError, errorMessage } from '../errors';
import { isLLMClient, type LLMClient } from '../llm/llm-client';
import { OpenAIChatClient } from '../llm/openai-chat-client';
import { SILENT_LOGGER } from '../logger';
import { type ChatMessage } from '../messages';
import { assertNotReserved } from '../registry/reserved-names';
import { ToolRegistry } from '../registry/tool-registry';
import { validateToolShape } from '../registry/validate-tool-shape';
import { type Tool } from '../tool/tool';
import { type AgentEventInput } from '../transport/events';
import { NullTransport } from '../transport/null-transport';
import { runTurn } from '../loop/run-turn';
import { emitEvent } from '../loop/emit-event';
import { AGENT_INTERNALS, type AgentInternals } from './agent-internals';
import { type AgentaoOptions, type ChatOptions, DEFAULT_MAX_ITERATIONS, type TurnOutcome } from './agentao-options';
import { admitTool, eligibleBuiltinNames, registerTools, validatePlugins } from './register-tools';
import { validateHistory } from './validate-history';
import {
  assertDisableToolsEligible,
  assertEnabledToolsNotReserved,
  assertMaxIterations,
  freezeWorkingDirectory,
  toNameSet,
  validateExtraTools,
} from './validate-options';

function createLLMClient(llm: AgentaoOptions['llm']): LLMClient {
  if (isLLMClient(llm)) return llm;
  if (llm !== undefined) {
    if (typeof llm !== 'object' || llm === null) throw new AgentaoError('CONFIG_INVALID', 'llm must be an LLMClient or OpenAIChatOptions');
    return new OpenAIChatClient(llm);
  }
  // Missing variables are reported at the first chat(), so constructing an agent never needs a key.
  return new OpenAIChatClient({ model: process.env.AGENTAO_MODEL ?? '' });
}

/** An agent: tools, history and the chat loop over one working directory. */
export class Agentao {
  /** Frozen absolute real path every bound tool resolves against. */
  readonly workingDirectory: string;
  /** UUIDv4 of this agent's session. */
  readonly sessionId: string = randomUUID();
  /** The live registry (low-level: bypasses binding and validation). */
  readonly tools: ToolRegistry;
  /** State shared with the loop and first-party packages; not public API. */
  readonly [AGENT_INTERNALS]: AgentInternals;

  constructor(options: AgentaoOptions) {
    if (typeof options !== 'object' || options === null) throw new AgentaoError('CONFIG_INVALID', 'options must be an object');
    this.workingDirectory = freezeWorkingDirectory(options.workingDirectory);
    const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
    assertMaxIterations(maxIterations);
    const plugins = validatePlugins(options.plugins);
    const logger = options.logger ?? SILENT_LOGGER;
    this.tools = new ToolRegistry(logger);
    this[AGENT_INTERNALS] = {
      llm: createLLMClient(options.llm),
      transport: options.transport ?? new NullTransport(),
      logger,
      policy: options.permissionEngine ?? null,
      instructions: typeof options.instructions === 'string' && options.instructions.trim() !== '' ? options.instructions : null,
      plugins,
      pluginHost: { agent: this, workingDirectory: this.workingDirectory, logger },
      filesystem: options.filesystem ?? null,
      shell: options.shell ?? null,
      history: validateHistory(options.messages),
      ownReadOnly: options.readOnly === true,
      maxIterations,
      sessionState: new Map(),
      notices: [],
      closeHooks: [],
      activeTurn: null,
      lastTurn: null,
      askQueue: Promise.resolve(),
    };
    const extraTools = validateExtraTools(options.extraTools);
    const disableTools = toNameSet(options.disableTools, 'disableTools') ?? new Set<string>();
    const enabledTools = toNameSet(options.enabledTools, 'enabledTools');
    const eligible = eligibleBuiltinNames(plugins);
    assertDisableToolsEligible(disableTools, eligible);
    if (disableTools.size > 0 && enabledTools !== undefined) {
      throw new AgentaoError('CONFIG_INVALID', 'disableTools and enabledTools are mutually exclusive');
    }
    if (enabledTools !== undefined) assertEnabledToolsNotReserved(enabledTools);
    registerTools(this.tools, {
      plugins,
      extraTools,
      disableTools,
      enabledTools,
      eligible,
      host: this[AGENT_INTERNALS].pluginHost,
      binding: this.binding(),
      logger,
    });
  }

  /** History without the system prompt (OpenAI shapes), as a read-only snapshot. */
  get messages(): readonly ChatMessage[] {
    return Object.freeze([...this[AGENT_INTERNALS].history]);
  }

  /** How the last finished turn ended; `null` before the first. */
  get lastTurn(): TurnOutcome | null {
    return this[AGENT_INTERNALS].lastTurn;
  }

  /** Effective read-only state: the agent's own flag or a policy in mode `read-only`. */
  get readOnly(): boolean {
    const internals = this[AGENT_INTERNALS];
    return internals.ownReadOnly || internals.policy?.mode === 'read-only';
  }

  /** Runs one turn; resolves with its final text (read `lastTurn` for how it ended). */
  chat(userMessage: string, options: ChatOptions = {}): Promise<string> {
    return runTurn(this, userMessage, options);
  }

  /** Adds a host tool, bound and validated, visible from the next `chat()`. Throws `TOOL_ALREADY_REGISTERED` on a clash without `replace`. */
  addTool(tool: Tool, options: { replace?: boolean } = {}): void {
    const name = validateToolShape(tool, 'addTool()');
    const clash = this.tools.has(name);
    if (clash && options.replace !== true) {
      throw new AgentaoError('TOOL_ALREADY_REGISTERED', `addTool(): tool '${name}' is already registered; pass { replace: true } to replace it`);
    }
    admitTool(this.tools, tool, 'addTool()', 'host', this.binding());
    if (clash) this[AGENT_INTERNALS].logger.info(`Tool '${name}' from extraTools overrides an already-registered tool`);
  }

  /** Removes a tool between turns; `false` for an unknown name. */
  removeTool(name: string): boolean {
    if (typeof name !== 'string') throw new AgentaoError('CONFIG_INVALID', `removeTool(): name must be a string, got ${typeof name}`);
    assertNotReserved(name, 'removeTool()');
    return this.tools.unregister(name);
  }

  /** Sets the agent's own read-only flag; emits `readonly_mode_changed` when the effective state flips. */
  setReadOnly(enabled: boolean): void {
    const previous = this.readOnly;
    this[AGENT_INTERNALS].ownReadOnly = enabled === true;
    const current = this.readOnly;
    if (previous !== current) emitEvent(this, { type: 'readonly_mode_changed', previous, current } satisfies AgentEventInput);
  }

  /** Empties history and per-session state; keeps tools, read-only flag, session id and `lastTurn`. */
  clearHistory(): void {
    const internals = this[AGENT_INTERNALS];
    if (internals.activeTurn !== null) throw new AgentaoError('AGENT_BUSY', 'clearHistory(): the agent is busy with a turn');
    internals.history.length = 0;
    internals.sessionState.clear();
    internals.notices.length = 0;
  }

  /** Aborts a running turn (reason `closed`), runs the close hooks and waits for them. Idempotent; never throws. */
  async close(): Promise<void> {
    const internals = this[AGENT_INTERNALS];
    const turn = internals.activeTurn;
    if (turn !== null) {
      turn.controller.abort('closed');
      await turn.done.catch(() => undefined);
    }
    const hooks = internals.closeHooks.splice(0);
    for (const hook of hooks) {
      try {
        await hook();
      } catch (error) {
        internals.logger.warn(`close hook failed: ${errorMessage(error)}`);
      }
    }
  }

  private binding(): { workingDirectory: string; filesystem: AgentInternals['filesystem']; shell: AgentInternals['shell'] } {
    const internals = this[AGENT_INTERNALS];
    return { workingDirectory: this.workingDirectory, filesystem: internals.filesystem, shell: internals.shell };
  }
}
