import { type ChatMessage } from '@agentao/core';

const USER_TEXT =
  'Please look at the configuration loader and tell me why the retry count from the environment is ignored when a file also sets it.';
const ASSISTANT_TEXT =
  'The loader reads the file first and then merges the environment, but the merge skips keys whose value parses as a number, ' +
  'so the retry count from the environment never wins. Reordering the merge or parsing both sides the same way fixes it.';
const TOOL_RESULT = Array.from({ length: 12 }, (_, line) => `${String(line + 1).padStart(4)}  const value${line} = readSetting(source, 'key_${line}');`).join('\n');

/**
 * A realistic prior history of exactly `count` messages, in blocks of four: a user request, an
 * assistant tool call, its tool result and an assistant answer (about 1 KB per block).
 */
export function seedHistory(count: number): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let block = 0; messages.length < count; block++) {
    const id = `call_hist_${block}`;
    const blockMessages: ChatMessage[] = [
      { role: 'user', content: `${USER_TEXT} (#${block})` },
      {
        role: 'assistant',
        content: '',
        tool_calls: [{ id, type: 'function', function: { name: 'read_file', arguments: JSON.stringify({ file_path: `src/config-${block}.ts` }) } }],
      },
      { role: 'tool', tool_call_id: id, name: 'read_file', content: TOOL_RESULT },
      { role: 'assistant', content: ASSISTANT_TEXT },
    ];
    messages.push(...blockMessages.slice(0, count - messages.length));
  }
  return messages;
}
