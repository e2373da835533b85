import { type AgentaoPlugin, type Tool } from '@agentao/core';
import { type UrlPolicy } from '@agentao/permissions';

import { AskUserTool } from './tools/ask-user';
import { GlobTool } from './tools/glob';
import { ListDirectoryTool } from './tools/list-directory';
import { ReadFileTool } from './tools/read-file';
import { ReplaceTool } from './tools/replace';
import { RunShellCommandTool } from './tools/run-shell-command';
import { SearchFileContentTool } from './tools/search-file-content';
import { TodoWriteTool } from './tools/todo-write';
import { WebFetchTool } from './tools/web-fetch';
import { WriteFileTool } from './tools/write-file';

/** The plugin's name. */
export const BUILTIN_TOOLS_PLUGIN_NAME = 'builtin-tools';

/** The ten built-in tool names, in registration order. */
export const BUILTIN_TOOL_NAMES: readonly string[] = Object.freeze([
  'read_file',
  'write_file',
  'replace',
  'list_directory',
  'glob',
  'search_file_content',
  'run_shell_command',
  'web_fetch',
  'ask_user',
  'todo_write',
]);

/** Options of `builtinTools(…)`. */
export interface BuiltinToolsOptions {
  webFetch?: {
    /** The outbound-URL guard of `web_fetch`; default `UrlPolicy.fromEnv()` (read when each agent is built). */
    urlPolicy?: UrlPolicy;
  };
}

/**
 * The built-in tools as a plugin: fresh instances for every agent, in `BUILTIN_TOOL_NAMES` order.
 * Core removes the `disableTools` names, binds the rest (working directory, filesystem, shell) and
 * registers them with origin `builtin`.
 */
export function builtinTools(options: BuiltinToolsOptions = {}): AgentaoPlugin {
  const urlPolicy = options.webFetch?.urlPolicy;
  return {
    name: BUILTIN_TOOLS_PLUGIN_NAME,
    builtinToolNames: BUILTIN_TOOL_NAMES,
    builtinTools: (): Tool[] => [
      new ReadFileTool(),
      new WriteFileTool(),
      new ReplaceTool(),
      new ListDirectoryTool(),
      new GlobTool(),
      new SearchFileContentTool(),
      new RunShellCommandTool(),
      new WebFetchTool(urlPolicy === undefined ? {} : { urlPolicy }),
      new AskUserTool(),
      new TodoWriteTool(),
    ],
  };
}
