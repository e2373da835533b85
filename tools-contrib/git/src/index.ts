export { GitStatusTool } from './git-status-tool';
export { GitLogTool, GIT_LOG_DEFAULT_COUNT, GIT_LOG_MAX_COUNT, GIT_LOG_MAX_SUBJECT_CHARS } from './git-log-tool';
export { GitDiffTool } from './git-diff-tool';
export { GitTool, GIT_OUTPUT_MAX_CHARS } from './git-tool';
export { GIT_MAX_REF_CHARS, GIT_MAX_PATH_CHARS } from './git-arguments';
export { GIT_TIMEOUT_MS, shellQuote } from './run-git';
export { createGitTools } from './create-git-tools';
