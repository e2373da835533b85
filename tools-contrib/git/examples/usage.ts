import { Agentao } from '@agentao/core';
import { createGitTools } from '../src/index';

// README: the import above is '@agentao/tool-git'.
const agent = new Agentao({
  workingDirectory: '/path/to/repo', // git runs here, through the agent's shell capability
  extraTools: createGitTools(), // git_status, git_log, git_diff
});
console.log(await agent.chat('Summarise what changed since the last commit.'));
await agent.close();
