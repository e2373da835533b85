import { AgentaoError } from '../errors';
import { type LLMClient, type LLMRequest, type LLMResponse } from './llm-client';

/** Options of the built-in OpenAI Chat Completions client. */
export interface OpenAIChatOptions {
  model: string;
  apiKey?: string;
  baseURL?: string;
  temperature?: number;
  maxTokens?: number;
  extraBody?: Record<string, unknown>;
  /** Stream the reply over SSE (default true). */
  stream?: boolean;
  /** The SDK's retry count for connection errors, 408, 409, 429 and 5xx (default 2). */
  maxRetries?: number;
}

/** An `LLMClient` on the `openai` package, for any OpenAI-compatible `baseURL`. */
export class OpenAIChatClient implements LLMClient {
  readonly model: string;

  constructor(private readonly options: OpenAIChatOptions) {
    this.model = options.model;
  }

  complete(_request: LLMRequest): Promise<LLMResponse> {
    return Promise.reject(new AgentaoError('INTERNAL', `OpenAIChatClient is being implemented (${this.options.model})`));
  }
}
