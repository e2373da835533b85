export { AgentaoError, type AgentaoErrorCode } from './errors';
export { type Logger, SILENT_LOGGER } from './logger';
export { type JsonSchema } from './json-schema';
export {
  type AssistantMessage,
  type ChatCompletionTool,
  type ChatMessage,
  type RequestMessage,
  type SystemMessage,
  type TextContentPart,
  type ToolCallWire,
  type ToolMessage,
  type UserMessage,
} from './messages';
export { type LLMClient, type LLMRequest, type LLMResponse, type LLMUsage } from './llm/llm-client';
export {
  type DirEntry,
  type FileStat,
  type FileSystem,
  type GlobEntry,
  type GlobOptions,
} from './capabilities/file-system';
export {
  type ShellBackgroundResult,
  type ShellExecutor,
  type ShellRunRequest,
  type ShellRunResult,
} from './capabilities/shell-executor';
export { LocalFileSystem } from './capabilities/local-file-system';
export { LocalShellExecutor } from './capabilities/local-shell-executor';
export { type PermissionDetail, type PermissionPolicy, type PermissionRequest } from './permission-policy';
export { Tool, copyTool, type AgentHandle, type ToolContext, type ToolFlag } from './tool/tool';
export { readToolFlag } from './tool/read-tool-flag';
export { defineTool, type ToolSpec } from './tool/define-tool';
export { type AgentEvent, type AgentEventType, type IncompleteReason, type ToolCallStatus } from './transport/events';
export {
  type AskUserHints,
  type MaxIterationsAction,
  type PendingToolCall,
  type Transport,
} from './transport/transport';
export { NullTransport } from './transport/null-transport';
export { SdkTransport, type SdkTransportCallbacks } from './transport/sdk-transport';
export { OpenAIChatClient, type OpenAIChatOptions } from './llm/openai-chat-client';
export { parseToolArguments, type ParseToolArgumentsOptions } from './normalizer/parse-tool-arguments';
export { canonicalizeToolArguments } from './normalizer/canonicalize-tool-arguments';
export { sanitizeSurrogates } from './normalizer/sanitize-surrogates';
export { repairToolName } from './normalizer/repair-tool-name';
export { backfillOrphanedToolCalls } from './normalizer/backfill-orphaned-tool-calls';
export { Agentao } from './agent/agentao';
export {
  type AgentaoOptions,
  type ChatOptions,
  type TurnOutcome,
  DEFAULT_MAX_ITERATIONS,
} from './agent/agentao-options';
export { type AgentaoPlugin, type PluginHost } from './agent/plugin';
export { ToolRegistry, type ToolOrigin } from './registry/tool-registry';
export {
  DEFAULT_SHELL_TIMEOUT_MS,
  type LocalShellExecutorOptions,
} from './capabilities/local-shell-executor';
export { scrubChildEnv, SCRUBBED_ENV_KEYS } from './capabilities/child-env';
