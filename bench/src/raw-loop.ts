import { type OpenAI } from 'openai';

type MessageParam = OpenAI.Chat.ChatCompletionMessageParam;
type ToolDefinition = OpenAI.Chat.ChatCompletionTool;
type ToolCall = OpenAI.Chat.ChatCompletionMessageFunctionToolCall;

/** A tool of the raw loop: a plain function from parsed arguments to the result text. */
export type RawToolFunction = (args: Record<string, unknown>) => string | Promise<string>;

/** Inputs of one raw turn. */
export interface RawLoopInput {
  client: OpenAI;
  model: string;
  /** The whole request prefix (system prompt, prior history, the user message); appended to in place. */
  messages: MessageParam[];
  tools: ToolDefinition[];
  functions: ReadonlyMap<string, RawToolFunction>;
  stream: boolean;
  /** Run one reply's calls with Promise.all instead of one by one. */
  parallel: boolean;
  maxSteps: number;
}

/** What a raw turn produced. */
export interface RawLoopResult {
  text: string;
  requests: number;
}

async function runCall(call: ToolCall, functions: ReadonlyMap<string, RawToolFunction>): Promise<MessageParam> {
  const fn = functions.get(call.function.name);
  let content: string;
  if (fn === undefined) {
    content = `Unknown tool ${call.function.name}`;
  } else {
    try {
      const raw = call.function.arguments.trim();
      content = await fn(raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>));
    } catch (error) {
      content = `Error: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
  return { role: 'tool', tool_call_id: call.id, content };
}

async function requestJson(input: RawLoopInput): Promise<{ content: string | null; calls: ToolCall[] }> {
  const completion = await input.client.chat.completions.create({
    model: input.model,
    messages: input.messages,
    ...(input.tools.length > 0 ? { tools: input.tools } : {}),
    stream: false,
  });
  const message = completion.choices[0]?.message;
  const calls = (message?.tool_calls ?? []).filter((call): call is ToolCall => call.type === 'function');
  return { content: message?.content ?? null, calls };
}

async function requestStreamed(input: RawLoopInput): Promise<{ content: string | null; calls: ToolCall[] }> {
  const stream = await input.client.chat.completions.create({
    model: input.model,
    messages: input.messages,
    ...(input.tools.length > 0 ? { tools: input.tools } : {}),
    stream: true,
    stream_options: { include_usage: true },
  });
  let content = '';
  const calls: ToolCall[] = [];
  for await (const chunk of stream) {
    const delta = chunk.choices[0]?.delta;
    if (delta === undefined) continue;
    if (typeof delta.content === 'string') content += delta.content;
    for (const part of delta.tool_calls ?? []) {
      const call = (calls[part.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
      if (part.id !== undefined) call.id = part.id;
      if (part.function?.name !== undefined) call.function.name += part.function.name;
      if (part.function?.arguments !== undefined) call.function.arguments += part.function.arguments;
    }
  }
  return { content: content === '' ? null : content, calls };
}

/**
 * The reference for "no overhead": the loop a developer writes by hand on the raw openai SDK.
 * Request, append the assistant message, run its tool calls, append their results, repeat until a
 * reply without calls.
 */
export async function runRawLoop(input: RawLoopInput): Promise<RawLoopResult> {
  let requests = 0;
  while (requests < input.maxSteps) {
    requests += 1;
    const { content, calls } = input.stream ? await requestStreamed(input) : await requestJson(input);
    if (calls.length === 0) return { text: content ?? '', requests };
    input.messages.push({ role: 'assistant', content: content ?? '', tool_calls: calls });
    if (input.parallel) {
      input.messages.push(...(await Promise.all(calls.map((call) => runCall(call, input.functions)))));
    } else {
      for (const call of calls) input.messages.push(await runCall(call, input.functions));
    }
  }
  return { text: '', requests };
}
