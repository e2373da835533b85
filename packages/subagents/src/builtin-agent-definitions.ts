import { type AgentDefinition } from './agent-definition';

const INVESTIGATOR_INSTRUCTIONS = `You are a codebase investigator. Explore the codebase to answer the delegated question and explain what you find.
- Do not modify files: your job is to read and explain, not to change anything.
- Prefer glob and search_file_content over shell commands to find files and code; use run_shell_command only when they cannot answer.
- Cite the files (and lines where useful) that support each finding.
- When you are done, call complete_task with your complete findings as the result.`;

const GENERALIST_INSTRUCTIONS = `You are a general-purpose sub-agent working on one delegated task.
1. Understand the task and the context you were given.
2. Plan the steps.
3. Execute them with your tools.
4. Verify the result with your tools before you claim success.
When you are done, call complete_task with the complete final result; say plainly what you could not do.`;

/** The optional built-in definitions (§2.4), enabled with `enableBuiltinAgents: true`. */
export const BUILTIN_AGENT_DEFINITIONS: readonly AgentDefinition[] = Object.freeze([
  {
    name: 'codebase-investigator',
    // "Instructed not to modify files" is the truth: its allowlist includes run_shell_command, so nothing enforces it but the permission engine.
    description:
      'Explores the codebase and explains how it works, reading files and searching code; it is instructed not to modify files.',
    tools: ['read_file', 'list_directory', 'glob', 'search_file_content', 'run_shell_command'],
    maxTurns: 100,
    instructions: INVESTIGATOR_INSTRUCTIONS,
  },
  {
    name: 'generalist',
    description: 'A general-purpose sub-agent for multi-step tasks: it plans, executes with every tool it is given, and verifies its work.',
    tools: null,
    maxTurns: 100,
    instructions: GENERALIST_INSTRUCTIONS,
  },
]);
