export { subagents, type SubagentsOptions } from './subagents';
export { type AgentDefinition } from './agent-definition';
export { parseAgentDefinition } from './parse-agent-definition';
