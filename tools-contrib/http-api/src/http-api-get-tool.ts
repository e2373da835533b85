import { type ToolContext } from '@agentao/core';
import { asHttpApiConfig } from './as-http-api-config';
import { type HttpApiConfig, type HttpApiOptions } from './http-api-config';
import { commonProperties, HttpApiTool } from './http-api-tool';

/** `<prefix>_get`: read-only GET requests to the host's allowed paths. */
export class HttpApiGetTool extends HttpApiTool {
  readonly name: string;
  readonly description: string;
  override readonly isReadOnly = true;
  // Holds only frozen configuration and a stateless policy; a shallow copy is safe to use concurrently.
  override readonly copiesToSubagents = true;

  /** Takes the host options, or a config already resolved for the sibling write tool. */
  constructor(options: HttpApiOptions | HttpApiConfig) {
    const config = asHttpApiConfig(options);
    super(config, {
      type: 'object',
      properties: commonProperties(),
      required: ['path'],
      additionalProperties: false,
    });
    this.name = `${config.namePrefix}_get`;
    this.description = this.describe(
      'Send a GET request to the host-configured REST API and read one page of the response. Read-only; no confirmation needed.',
      'Arguments: path (required); query (optional object of query parameters); offset (optional, default 0); limit (optional).',
    );
  }

  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    return this.call('GET', args, null, ctx);
  }
}
