import { describe, expect, it } from 'vitest';
import * as messages from './model-messages';

describe('model-facing messages (core.md §7.8)', () => {
  it('builds the texts with the name and reason in place', () => {
    expect(messages.msgUnparseableArguments('read_file', 'could not parse tool arguments as JSON or Python literal')).toBe(
      "Error: could not parse arguments for 'read_file': could not parse tool arguments as JSON or Python literal. Please retry with valid JSON.",
    );
    expect(messages.msgDoomIdentical('glob')).toBe(
      "[Doom-loop detected] Tool 'glob' was called 3 times with identical arguments. Execution stopped; try a different approach or tool.",
    );
    expect(messages.msgDoomArguments('glob')).toBe(
      "[Parse-failure doom-loop] Tool 'glob' received unusable arguments 3 times in a row. Stopping to prevent a loop; try a different approach or tool.",
    );
    expect(messages.msgInvalidArguments('t', ['- /a: must be string (type)', '- (root): must have required property \'b\' (required)'])).toBe(
      "Error: invalid arguments for 't':\n- /a: must be string (type)\n- (root): must have required property 'b' (required)\nFix the arguments and call the tool again.",
    );
    expect(messages.msgToolNotFound('x', ['write_file', 'glob', 'read_file'])).toBe(
      "Tool 'x' not found. Available tools: glob, read_file, write_file",
    );
    expect(messages.msgUserDeclined('run_shell_command')).toContain('The user declined to execute run_shell_command. Do not retry');
    expect(messages.msgToolReturnedNonString('t', 'number')).toBe('Error executing t: tool returned number, expected a string');
    expect(messages.msgLlmApiError('boom')).toBe('[LLM API error: boom]');
    expect(messages.msgCancelled('user')).toBe('[Cancelled: user]');
    expect(messages.msgCancelledBeforeStart('stop')).toBe('[Operation Cancelled] stop');
  });

  it('keeps the anti-priming empty-name text free of any tool list', () => {
    expect(messages.MSG_EMPTY_NAME + messages.MSG_EMPTY_NAME_STOP_SUFFIX).toMatch(
      /^Error: the tool name was empty\..*answer in plain text\. Repeated empty-name tool calls detected; stopping to prevent a loop\.$/,
    );
    expect(messages.MSG_EMPTY_NAME).not.toContain('Available tools');
  });

  it('never mentions repairs in a model-facing text', () => {
    const texts = Object.values(messages).map((v) => (typeof v === 'function' ? (v as (...a: string[]) => string)('n', 'r') : v));
    for (const text of texts) expect(String(text).toLowerCase()).not.toContain('repair');
  });
});
