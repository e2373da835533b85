import { type AskUserHints, type JsonSchema, Tool, type ToolContext } from '@agentao/core';
import { ASK_USER_UNAVAILABLE, askUserVia } from '@agentao/core/internal';

import { type FileToolFacts } from '../file-tool-facts';

/** The answer when nobody can be asked (no interactive transport, or a background sub-agent); core's sentinel, so the description states what the transport returns. */
export const ASK_USER_NON_INTERACTIVE: string = ASK_USER_UNAVAILABLE;

/** Default of `multiple`: one option at most. */
export const ASK_USER_DEFAULT_MULTIPLE = false;

/** Default of `allow_custom`: a free-text answer is allowed. */
export const ASK_USER_DEFAULT_ALLOW_CUSTOM = true;

/** Fixed answers and markers `ask_user` can return besides the user's answer (checked by the description-facts test). */
export const ASK_USER_RESULT_MARKERS: readonly string[] = Object.freeze([
  ASK_USER_NON_INTERACTIVE,
  'Error: invalid arguments:',
  // A throwing transport: the runtime answers the call with this prefix (core decision 5).
  'Error executing ask_user:',
]);

/** The facts manifest of `ask_user` (tools-builtin.md §7.1). */
export const ASK_USER_FACTS: FileToolFacts = Object.freeze({
  numbers: Object.freeze({}),
  resultMarkers: ASK_USER_RESULT_MARKERS,
  requiredPhrases: Object.freeze(['advisory', 'a single string', ASK_USER_NON_INTERACTIVE]),
  forbiddenPhrases: Object.freeze(['returns an array', 'returns a list']),
});

function parseHints(args: Record<string, unknown>): AskUserHints | string {
  const { header, options, multiple, allow_custom: allowCustom } = args;
  if (header !== undefined && typeof header !== 'string') return 'header must be a string';
  if (options !== undefined && !(Array.isArray(options) && options.every((o) => typeof o === 'string'))) {
    return 'options must be an array of strings';
  }
  if (multiple !== undefined && typeof multiple !== 'boolean') return 'multiple must be a boolean';
  if (allowCustom !== undefined && typeof allowCustom !== 'boolean') return 'allow_custom must be a boolean';
  const hints: AskUserHints = {
    multiple: multiple ?? ASK_USER_DEFAULT_MULTIPLE,
    allowCustom: allowCustom ?? ASK_USER_DEFAULT_ALLOW_CUSTOM,
  };
  if (header !== undefined) hints.header = header;
  if (options !== undefined) hints.options = [...options];
  return hints;
}

/** `ask_user`: asks the user one question through the agent's transport and returns the answer. */
export class AskUserTool extends Tool {
  readonly name = 'ask_user';
  override readonly isReadOnly = true;
  override readonly requiresConfirmation = false;

  /** The model-facing description. */
  get description(): string {
    return [
      'Ask the user a question and wait for the answer. Use it when you need a decision, a preference or information only the user has; do not ask for things you can find out yourself with other tools.',
      'header, options, multiple and allow_custom are advisory hints for how the question is shown: the host may ignore them. The answer is always a single string (several chosen options arrive together in that one string).',
      'Questions are asked one at a time. If the host fails to ask, the call returns `Error executing ask_user: <message>`; invalid arguments give `Error: invalid arguments: <problem>`.',
      `When no user can be asked (non-interactive mode), the answer is exactly \`${ASK_USER_NON_INTERACTIVE}\`: then go on with your best judgement and state what you assumed.`,
    ].join('\n');
  }

  /** Parameter schema; defaults are stated in each description. */
  get parameters(): JsonSchema {
    return {
      type: 'object',
      properties: {
        question: { type: 'string', description: 'The question, complete and self-contained.' },
        header: { type: 'string', description: 'A short label shown with the question.' },
        options: { type: 'array', items: { type: 'string' }, description: 'Suggested answers.' },
        multiple: {
          type: 'boolean',
          description: `Whether several options may be chosen; default ${ASK_USER_DEFAULT_MULTIPLE}.`,
          default: ASK_USER_DEFAULT_MULTIPLE,
        },
        allow_custom: {
          type: 'boolean',
          description: `Whether a free-text answer besides the options is allowed; default ${ASK_USER_DEFAULT_ALLOW_CUSTOM}.`,
          default: ASK_USER_DEFAULT_ALLOW_CUSTOM,
        },
      },
      required: ['question'],
      additionalProperties: false,
    };
  }

  /** Asks through the running agent's route; a throwing transport propagates (the runtime reports it). */
  async execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const { question } = args;
    if (typeof question !== 'string' || question.trim() === '') return 'Error: invalid arguments: question must be a non-empty string';
    const hints = parseHints(args);
    if (typeof hints === 'string') return `Error: invalid arguments: ${hints}`;
    const answer: unknown = await askUserVia(ctx, question, hints);
    return typeof answer === 'string' ? answer : String(answer);
  }
}
