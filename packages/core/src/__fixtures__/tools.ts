import { type JsonSchema } from '../json-schema';
import { type Logger } from '../logger';
import { type LLMClient, type LLMRequest, type LLMResponse } from '../llm/llm-client';
import { Tool, type ToolContext } from '../tool/tool';

/** A minimal tool class for tests. */
export class EchoTool extends Tool {
  readonly description = 'Echoes its text argument.';
  readonly parameters: JsonSchema = { type: 'object', properties: { text: { type: 'string' } } };
  constructor(readonly name = 'echo') {
    super();
  }
  execute(args: Record<string, unknown>, _ctx: ToolContext): string {
    return typeof args.text === 'string' ? args.text : '';
  }
}

/** A tool whose flags are set per test. */
export class FlaggedTool extends EchoTool {
  override readonly copiesToSubagents: boolean | undefined;
  override readonly isReadOnly: boolean | undefined;
  constructor(name: string, flags: { copiesToSubagents?: boolean; isReadOnly?: boolean } = {}) {
    super(name);
    this.copiesToSubagents = flags.copiesToSubagents;
    this.isReadOnly = flags.isReadOnly;
  }
}

/** A logger that records warnings and infos. */
export function recordingLogger(): { warn: string[]; info: string[]; logger: Logger } {
  const warn: string[] = [];
  const info: string[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: (message: string) => void info.push(message),
    warn: (message: string) => void warn.push(message),
    error: () => undefined,
  };
  return { warn, info, logger };
}

/** An in-process LLM answering scripted responses (core cannot depend on @agentao/testing). */
export class FakeLLM implements LLMClient {
  readonly model = 'fake-model';
  readonly requests: LLMRequest[] = [];
  constructor(private readonly replies: Partial<LLMResponse>[]) {}
  async complete(request: LLMRequest): Promise<LLMResponse> {
    this.requests.push(request);
    const next = this.replies.shift();
    if (next === undefined) throw new Error('FakeLLM: no reply left');
    if (next.content) request.onTextChunk?.(next.content);
    return { content: null, toolCalls: [], reasoningContent: null, finishReason: 'stop', usage: null, ...next };
  }
}
