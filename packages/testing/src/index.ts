export { type ScriptedReply, type ScriptedRequest, type ScriptedToolCall, type ScriptStep } from './scripted-reply';
export { reply } from './reply';
export { toolCall } from './tool-call';
export { ScriptedLLM, type ScriptedCall } from './scripted-llm';
export { startMockOpenAI, type MockOpenAI, type MockOpenAIRequest } from './start-mock-openai';
export {
  checkToolContract,
  formatContractReport,
  type CheckToolContractOptions,
  type ToolContractResult,
  CONTRACT_MAX_RESULT_CHARS,
  CONTRACT_EXECUTE_TIMEOUT_MS,
  CONTRACT_HUGE_STRING_CHARS,
  CONTRACT_MAX_GENERATED_INPUTS,
  OPENAI_TOOL_NAME_PATTERN,
  SNAKE_CASE_TOOL_NAME_PATTERN,
} from './check-tool-contract';
