import { describe, expect, it } from 'vitest';

describe('@agentao/tools-builtin public API', () => {
  it('exports exactly the documented runtime names', async () => {
    const keys = Object.keys(await import('./index')).sort();
    expect(keys).toMatchInlineSnapshot(`
      [
        "ASK_USER_DEFAULT_ALLOW_CUSTOM",
        "ASK_USER_DEFAULT_MULTIPLE",
        "ASK_USER_FACTS",
        "ASK_USER_NON_INTERACTIVE",
        "ASK_USER_RESULT_MARKERS",
        "AskUserTool",
        "BINARY_CHECK_BYTES",
        "BINARY_CHECK_CHARS",
        "BUILTIN_TOOLS_PLUGIN_NAME",
        "BUILTIN_TOOL_NAMES",
        "GLOB_ABSOLUTE_PATTERN_ERROR",
        "GLOB_DEFAULT_DIRECTORY",
        "GLOB_FACTS",
        "GLOB_MAX_RESULTS",
        "GLOB_RESULT_MARKERS",
        "GlobTool",
        "JS_FRAMEWORK_MARKERS",
        "JS_MIN_HTML_CHARS",
        "JS_MIN_TEXT_CHARS",
        "JS_TEXT_RATIO",
        "LIST_DEFAULT_DIRECTORY",
        "LIST_DEFAULT_RECURSIVE",
        "LIST_DIRECTORY_FACTS",
        "LIST_DIRECTORY_RESULT_MARKERS",
        "LIST_MAX_ENTRIES",
        "ListDirectoryTool",
        "MAX_LINES_DEFAULT",
        "MAX_LINE_LENGTH",
        "READ_FILE_DEFAULT_LIMIT",
        "READ_FILE_DEFAULT_OFFSET",
        "READ_FILE_FACTS",
        "READ_FILE_MAX_OUTPUT_CHARS",
        "READ_FILE_RESULT_MARKERS",
        "RECENCY_WINDOW_S",
        "REPLACE_ADVICE_ALL",
        "REPLACE_ADVICE_UNIQUE",
        "REPLACE_DEFAULT_REPLACE_ALL",
        "REPLACE_EMPTY_OLD_TEXT",
        "REPLACE_FACTS",
        "REPLACE_GROWING_CAUTION",
        "REPLACE_HINT_MAX_STEPS",
        "REPLACE_RESULT_MARKERS",
        "REPLACE_SUFFIX_FLEXIBLE",
        "REPLACE_SUFFIX_UNICODE",
        "RUN_SHELL_COMMAND_FACTS",
        "RUN_SHELL_COMMAND_RESULT_MARKERS",
        "ReadFileTool",
        "ReplaceTool",
        "RunShellCommandTool",
        "SEARCH_CANCELLED_MESSAGE",
        "SEARCH_DEFAULT_CASE_SENSITIVE",
        "SEARCH_DEFAULT_DIRECTORY",
        "SEARCH_DEFAULT_FILE_PATTERN",
        "SEARCH_DEFAULT_REGEX",
        "SEARCH_FILE_CONTENT_FACTS",
        "SEARCH_FILE_CONTENT_RESULT_MARKERS",
        "SEARCH_MAX_FILE_BYTES",
        "SEARCH_MAX_LINE_CHARS",
        "SEARCH_MAX_MATCHES",
        "SHELL_DEFAULT_TIMEOUT_S",
        "SHELL_DEFAULT_WORKING_DIRECTORY",
        "SHELL_MAX_OUTPUT_CHARS",
        "SHELL_NO_BACKGROUND_MESSAGE",
        "SHELL_NO_OUTPUT_MESSAGE",
        "SHELL_SIGNAL_MESSAGE",
        "SIMILARITY_THRESHOLD",
        "SearchFileContentTool",
        "TODO_STATE_KEY",
        "TODO_STATUSES",
        "TODO_STATUS_MARKERS",
        "TODO_WRITE_FACTS",
        "TODO_WRITE_RESULT_MARKERS",
        "TodoWriteTool",
        "WEB_FETCH_DROPPED_ELEMENTS",
        "WEB_FETCH_FACTS",
        "WEB_FETCH_JS_NOTE",
        "WEB_FETCH_MAX_BYTES",
        "WEB_FETCH_MAX_CHARS",
        "WEB_FETCH_RESULT_MARKERS",
        "WEB_FETCH_TIMEOUT_S",
        "WEB_FETCH_TRUNCATION_MARKER",
        "WEB_FETCH_USER_AGENT",
        "WRITE_FILE_DEFAULT_APPEND",
        "WRITE_FILE_FACTS",
        "WRITE_FILE_RESULT_MARKERS",
        "WebFetchTool",
        "WriteFileTool",
        "builtinTools",
      ]
    `);
  });

  it('exports every tool class and every UPPER_SNAKE constant of src/tools', async () => {
    const root = (await import('./index')) as Record<string, unknown>;
    const { readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(import.meta.dirname, 'tools');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const module = (await import(`./tools/${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(module)) {
        const isToolClass = typeof value === 'function' && name.endsWith('Tool');
        if (isToolClass || /^[A-Z][A-Z0-9_]+$/.test(name)) expect(root[name], `${file}: ${name}`).toBe(value);
      }
    }
  });
});
