import { AgentaoError, type ToolContext } from '@agentao/core';
import { asHttpApiConfig } from './as-http-api-config';
import { type HttpApiConfig, type HttpApiOptions } from './http-api-config';
import { commonProperties, HTTP_API_MAX_BODY_CHARS, HttpApiTool } from './http-api-tool';

/** `<prefix>_request`: state-changing requests (POST/PUT/PATCH/DELETE as configured); always confirmed. */
export class HttpApiRequestTool extends HttpApiTool {
  readonly name: string;
  readonly description: string;
  override readonly requiresConfirmation = true;
  override readonly isReadOnly = false;

  /** Takes the host options, or a config already resolved for the sibling GET tool. */
  constructor(options: HttpApiOptions | HttpApiConfig) {
    const config = asHttpApiConfig(options);
    if (config.writeMethods.length === 0) throw new AgentaoError('CONFIG_INVALID', 'HttpApi: the request tool needs at least one of POST, PUT, PATCH, DELETE in methods');
    super(config, {
      type: 'object',
      properties: {
        method: { type: 'string', enum: [...config.writeMethods], description: 'HTTP method.' },
        ...commonProperties(),
        body: { description: 'JSON request body (any JSON value); omit for none.' },
      },
      required: ['method', 'path'],
      additionalProperties: false,
    });
    this.name = `${config.namePrefix}_request`;
    this.description = this.describe(
      `Send a ${config.writeMethods.join(', ')} request that changes data in the host-configured REST API. The user is asked to confirm every call.`,
      `Arguments: method (required: ${config.writeMethods.join(' | ')}); path (required); query (optional object); body (optional JSON value, sent as application/json, at most ${HTTP_API_MAX_BODY_CHARS} chars once encoded); offset and limit (optional) page the response.`,
    );
  }

  execute(args: Record<string, unknown>, ctx: ToolContext): Promise<string> {
    const method = args.method;
    if (typeof method !== 'string' || !(this.config.writeMethods as readonly string[]).includes(method)) {
      return Promise.resolve(this.fail(`method must be one of ${this.config.writeMethods.join(', ')}`));
    }
    let body: string | null = null;
    if (args.body !== undefined) {
      try {
        body = JSON.stringify(args.body) ?? null;
      } catch {
        return Promise.resolve(this.fail('body must be a JSON value'));
      }
      if (body !== null && body.length > HTTP_API_MAX_BODY_CHARS) return Promise.resolve(this.fail(`body is ${body.length} chars once encoded; at most ${HTTP_API_MAX_BODY_CHARS} are accepted`));
    }
    return this.call(method, args, body, ctx);
  }
}
