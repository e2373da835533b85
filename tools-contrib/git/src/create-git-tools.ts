import { GitDiffTool } from './git-diff-tool';
import { GitLogTool } from './git-log-tool';
import { GitStatusTool } from './git-status-tool';

/** The three git tools, ready for `extraTools`. */
export function createGitTools(): [GitStatusTool, GitLogTool, GitDiffTool] {
  return [new GitStatusTool(), new GitLogTool(), new GitDiffTool()];
}
