import { expect, it } from 'vitest';

it('exports exactly the documented runtime names', async () => {
  const keys = Object.keys(await import('./index')).sort();
  expect(keys).toMatchInlineSnapshot(`
    [
      "CONTRACT_EXECUTE_TIMEOUT_MS",
      "CONTRACT_HUGE_STRING_CHARS",
      "CONTRACT_MAX_GENERATED_INPUTS",
      "CONTRACT_MAX_RESULT_CHARS",
      "OPENAI_TOOL_NAME_PATTERN",
      "SNAKE_CASE_TOOL_NAME_PATTERN",
      "ScriptedLLM",
      "checkToolContract",
      "formatContractReport",
      "reply",
      "startMockOpenAI",
      "toolCall",
    ]
  `);
});
