// Type-only import: erased at build time, so loading @agentao/core never loads the SDK (style rule 4).
import type { OpenAI } from 'openai';
import { AgentaoError } from '../errors';
import { type LLMClient, type LLMRequest, type LLMResponse } from './llm-client';
import { readCompletion } from './read-completion';
import { StreamAssembler } from './stream-assembler';

/** Options of the built-in OpenAI Chat Completions client. */
export interface OpenAIChatOptions {
  model: string;
  /** Default: the `OPENAI_API_KEY` environment variable. */
  apiKey?: string;
  /** Any OpenAI-compatible endpoint. Default: `OPENAI_BASE_URL`, else the SDK's default. */
  baseURL?: string;
  temperature?: number;
  /** Sent as `max_tokens`. */
  maxTokens?: number;
  /** Merged into the request body last (provider-specific keys). */
  extraBody?: Record<string, unknown>;
  /** Stream the reply over SSE (default true). */
  stream?: boolean;
  /** The SDK's retry count for connection errors, 408, 409, 429 and 5xx (default 2). */
  maxRetries?: number;
}

/** Message of the `CONFIG_INVALID` error when no model is configured. */
export const MISSING_MODEL_MESSAGE =
  'OpenAIChatClient: `model` is required; set OpenAIChatOptions.model (the agent reads it from AGENTAO_MODEL)';
/** Message of the `CONFIG_INVALID` error when no API key is configured. */
export const MISSING_API_KEY_MESSAGE =
  'OpenAIChatClient: `apiKey` is required; set OpenAIChatOptions.apiKey or the OPENAI_API_KEY environment variable';
/** Message of the `CANCELLED` error a call rejects with when its signal aborts. */
export const LLM_ABORTED_MESSAGE = 'LLM request aborted';

type ChatCreateBody = Record<string, unknown>;

function nonEmpty(value: string | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Message of the error a streamed call rejects with when the connection breaks mid-stream. */
export function interruptedMessage(chunks: number, error: Error): string {
  const cause: unknown = error.cause;
  const detail = cause instanceof Error && cause.message !== '' ? ` (${cause.message})` : '';
  return `LLM stream interrupted after ${chunks} chunks: ${error.message}${detail}`;
}

function abortError(signal: AbortSignal): AgentaoError {
  return new AgentaoError('CANCELLED', LLM_ABORTED_MESSAGE, { cause: signal.reason });
}

function show(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

function checkNumber(name: string, value: unknown, integer: boolean, min: number): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    const kind = integer ? `an integer >= ${min}` : `a finite number >= ${min}`;
    throw new AgentaoError('CONFIG_INVALID', `OpenAIChatClient: \`${name}\` must be ${kind}, got ${show(value)}`);
  }
}

/** An `LLMClient` on the `openai` package, for any OpenAI-compatible `baseURL`. */
export class OpenAIChatClient implements LLMClient {
  readonly model: string;
  private readonly options: Partial<OpenAIChatOptions>;
  private sdk: Promise<OpenAI> | null = null;

  /** Never throws: configuration problems surface as a rejection of `complete()`. */
  constructor(options: OpenAIChatOptions) {
    // Tolerates a missing object from untyped callers so the problem is reported by complete().
    this.options = options ?? {};
    this.model = typeof this.options.model === 'string' ? this.options.model : '';
  }

  /** Sends one Chat Completions request and assembles the reply (core.md §6.2). */
  async complete(request: LLMRequest): Promise<LLMResponse> {
    const { signal } = request;
    if (signal.aborted) throw abortError(signal);
    const body = this.buildBody(request);
    const client = await this.client();
    if (signal.aborted) throw abortError(signal);

    let detach = (): void => undefined;
    // The SDK never removes the listener it adds to the signal it is given, so it gets a per-request
    // signal: a turn of many calls would otherwise pile listeners onto the turn signal.
    const requestAbort = new AbortController();
    // The SDK ends an aborted stream quietly and may be mid-backoff; this rejects at the moment of the abort.
    const aborted = new Promise<never>((_resolve, reject) => {
      const onAbort = (): void => {
        requestAbort.abort(signal.reason);
        reject(abortError(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      detach = () => signal.removeEventListener('abort', onAbort);
    });
    const scoped: LLMRequest = { ...request, signal: requestAbort.signal };
    const work = body.stream === true ? this.streamed(client, body, scoped) : this.single(client, body, scoped);
    try {
      return await Promise.race([work, aborted]);
    } finally {
      detach();
    }
  }

  private buildBody(request: LLMRequest): ChatCreateBody {
    const { options } = this;
    const model = nonEmpty(request.model) ?? nonEmpty(options.model);
    if (model === undefined) throw new AgentaoError('CONFIG_INVALID', MISSING_MODEL_MESSAGE);
    checkNumber('temperature', request.temperature, false, 0);
    checkNumber('temperature', options.temperature, false, 0);
    checkNumber('maxTokens', options.maxTokens, true, 1);
    const extraBody: unknown = options.extraBody;
    if (extraBody !== undefined && (typeof extraBody !== 'object' || extraBody === null || Array.isArray(extraBody))) {
      throw new AgentaoError('CONFIG_INVALID', 'OpenAIChatClient: `extraBody` must be a plain object');
    }
    if (options.stream !== undefined && typeof options.stream !== 'boolean') {
      throw new AgentaoError('CONFIG_INVALID', `OpenAIChatClient: \`stream\` must be a boolean, got ${show(options.stream)}`);
    }
    const stream = options.stream ?? true;
    const temperature = request.temperature ?? options.temperature;
    return {
      model,
      messages: request.messages,
      ...(Array.isArray(request.tools) && request.tools.length > 0 ? { tools: request.tools } : {}),
      stream,
      ...(stream ? { stream_options: { include_usage: true } } : {}),
      ...(temperature !== undefined ? { temperature } : {}),
      ...(options.maxTokens !== undefined ? { max_tokens: options.maxTokens } : {}),
      ...(extraBody as Record<string, unknown> | undefined),
    };
  }

  private client(): Promise<OpenAI> {
    if (this.sdk === null) {
      const created = this.createClient();
      this.sdk = created;
      // A failed creation (e.g. a key set in the environment later) is retried by the next call.
      created.catch(() => {
        if (this.sdk === created) this.sdk = null;
      });
    }
    return this.sdk;
  }

  private async createClient(): Promise<OpenAI> {
    const { options } = this;
    const apiKey = nonEmpty(options.apiKey) ?? nonEmpty(process.env.OPENAI_API_KEY);
    if (apiKey === undefined) throw new AgentaoError('CONFIG_INVALID', MISSING_API_KEY_MESSAGE);
    const baseURL = nonEmpty(options.baseURL) ?? nonEmpty(process.env.OPENAI_BASE_URL);
    checkNumber('maxRetries', options.maxRetries, true, 0);
    const sdk = await import('openai');
    return new sdk.OpenAI({
      apiKey,
      ...(baseURL !== undefined ? { baseURL } : {}),
      ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    });
  }

  private async single(client: OpenAI, body: ChatCreateBody, request: LLMRequest): Promise<LLMResponse> {
    const params = body as unknown as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming;
    const completion: unknown = await client.chat.completions.create(params, { signal: request.signal });
    if (request.signal.aborted) throw abortError(request.signal);
    const response = readCompletion(completion);
    if (response.content !== null && response.content !== '') request.onTextChunk?.(response.content);
    return response;
  }

  private async streamed(client: OpenAI, body: ChatCreateBody, request: LLMRequest): Promise<LLMResponse> {
    const { signal } = request;
    const params = body as unknown as OpenAI.Chat.ChatCompletionCreateParamsStreaming;
    const stream = await client.chat.completions.create(params, { signal });
    const assembler = new StreamAssembler();
    let chunkError: unknown = null;
    try {
      // Leaving the loop early (abort, a throwing onTextChunk) makes the SDK abort the HTTP request.
      for await (const chunk of stream) {
        if (signal.aborted) break;
        const text = assembler.push(chunk);
        try {
          if (text !== '') request.onTextChunk?.(text);
        } catch (error) {
          chunkError = error;
          throw error;
        }
      }
    } catch (error) {
      if (signal.aborted) throw abortError(signal);
      // fetch reports a dropped connection as a bare TypeError ("terminated"); say what broke.
      if (error !== chunkError && error instanceof TypeError) {
        throw new AgentaoError('INTERNAL', interruptedMessage(assembler.chunks, error), { cause: error });
      }
      throw error;
    }
    if (signal.aborted) throw abortError(signal);
    return assembler.result();
  }
}
