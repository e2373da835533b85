export { type ScriptedReply, type ScriptedToolCall } from './scripted-reply';
export { reply } from './reply';
export { toolCall } from './tool-call';
export { ScriptedLLM, type ScriptedCall } from './scripted-llm';
export { startMockOpenAI, type MockOpenAI, type MockOpenAIRequest } from './start-mock-openai';
