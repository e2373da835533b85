import { type FileSystem } from '../capabilities/file-system';
import { LocalFileSystem } from '../capabilities/local-file-system';
import { LocalShellExecutor } from '../capabilities/local-shell-executor';
import { type ShellExecutor } from '../capabilities/shell-executor';
import { type JsonSchema } from '../json-schema';
import { type Logger } from '../logger';
import { type ChatCompletionTool } from '../messages';
import { resolveToolDirectory, resolveToolPath } from './path-resolution';

/** A read-only view of the agent running a tool. */
export interface AgentHandle {
  readonly workingDirectory: string;
  /** The effective read-only state. */
  readonly readOnly: boolean;
  readonly logger: Logger;
  readonly sessionId: string;
}

/** What `execute` receives besides its arguments. */
export interface ToolContext {
  /** Aborted when the turn is cancelled; long-running tools must watch it. */
  readonly signal: AbortSignal;
  /** The normalised call id, also carried by the call's events. */
  readonly toolCallId: string;
  readonly agent: AgentHandle;
  /** Streams a chunk as a `tool_output` event; chunks sent after the call settled are dropped. */
  onOutput(chunk: string): void;
}

/** Optional hook a tool implements when a shallow copy is not enough for a sub-agent; must return a new tool with the same name. */
export const copyTool: unique symbol = Symbol.for('agentao.copyTool');

/** The flags a tool may declare, each as a getter or a boolean field (never a method). */
export type ToolFlag = 'requiresConfirmation' | 'isReadOnly' | 'copiesToSubagents';

/** The tool contract: what the model may call, described truthfully, returning a string. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- merged with the flag interface below
export abstract class Tool {
  /** Unique per agent; matches `^[A-Za-z0-9_-]{1,64}$`. */
  abstract readonly name: string;
  /** The model's only basis for calling the tool; every sentence must be true. */
  abstract readonly description: string;
  /** JSON Schema with `type: "object"`; sent verbatim and used to validate arguments. */
  abstract readonly parameters: JsonSchema;
  /** The work; receives validated arguments and resolves to the text the model reads. */
  abstract execute(args: Record<string, unknown>, ctx: ToolContext): string | Promise<string>;

  /** Session root bound at registration; `null` means the process cwd. */
  workingDirectory: string | null = null;
  /** File capability bound at registration; `null` means a lazily created `LocalFileSystem`. */
  filesystem: FileSystem | null = null;
  /** Process capability bound at registration; `null` means a lazily created `LocalShellExecutor`. */
  shell: ShellExecutor | null = null;

  /** `~` expanded; absolute kept; relative joined to `workingDirectory`; not canonicalised. */
  protected resolvePath(raw: string): string {
    return resolveToolPath(raw, this.workingDirectory);
  }

  /** Like `resolvePath` (process cwd when unbound), then absolute and canonical. */
  protected resolveDirectory(raw: string): string {
    return resolveToolDirectory(raw, this.workingDirectory);
  }

  /** The bound file capability, creating the local default on first use. */
  protected getFileSystem(): FileSystem {
    this.filesystem ??= new LocalFileSystem();
    return this.filesystem;
  }

  /** The bound process capability, creating the local default on first use. */
  protected getShell(): ShellExecutor {
    this.shell ??= new LocalShellExecutor();
    return this.shell;
  }

  /** The Chat Completions schema built from the live member values. */
  toOpenAIFormat(): ChatCompletionTool {
    return { type: 'function', function: { name: this.name, description: this.description, parameters: this.parameters } };
  }
}

// Declaration merging adds the optional flags to the class type without giving them a runtime value
// (api.md fixes this shape); only optional members are merged, so nothing unsafe is implied.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface Tool {
  /** Route the call through `transport.confirmTool` when no permission rule decides (default false). */
  readonly requiresConfirmation?: boolean;
  /** Read-only mode may run it: no file writes, no commands, no state outside the session (default false). */
  readonly isReadOnly?: boolean;
  /** Each sub-agent spawn gets its own copy of this tool (default false: never reaches a sub-agent). */
  readonly copiesToSubagents?: boolean;
  /** Optional deep-copy hook for sub-agents. */
  [copyTool]?(): Tool;
}
