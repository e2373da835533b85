import { type ToolContext } from '@agentao/core';
import { type HttpApiConfig, type HttpApiOptions, resolveHttpApiConfig } from './http-api-config';
import { commonProperties, HttpApiTool, PAGING_SENTENCE, RESULT_SENTENCE } from './http-api-tool';

/** `<prefix>_get`: read-only GET requests to the host's allowed paths. */
export class HttpApiGetTool extends HttpApiTool {
  readonly name: string;
  readonly description: string;
  override readonly isReadOnly = true;
  // Holds only frozen configuration and a stateless policy; a shallow copy is safe to use concurrently.
  override readonly copiesToSubagents = true;

  /** Takes the host options, or a config already resolved for the sibling write tool. */
  constructor(options: HttpApiOptions | HttpApiConfig) {
    const config = 'matchers' in options ? options : resolveHttpApiConfig(options);
    super(config, {
      type: 'object',
      properties: commonProperties(),
      required: ['path'],
      additionalProperties: false,
    });
    this.name = `${config.namePrefix}_get`;
    this.description = [
      config.apiDescription,
      'Send a GET request to the host-configured REST API and read one page of the response. Read-only; no confirmation needed.',
      this.allowedPathsSentence(),
      'Arguments: path (required); query (optional object of query parameters); offset (optional, default 0); limit (optional).',
      'Authentication is added by the host; do not send credentials.',
      PAGING_SENTENCE,
      RESULT_SENTENCE,
    ]
      .filter((s) => s !== '')
      .join(' ');
  }

  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    return this.call('GET', args, null, ctx);
  }
}
