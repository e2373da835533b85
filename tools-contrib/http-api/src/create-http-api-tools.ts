import { type Tool } from '@agentao/core';
import { type HttpApiOptions, resolveHttpApiConfig } from './http-api-config';
import { HttpApiGetTool } from './http-api-get-tool';
import { HttpApiRequestTool } from './http-api-request-tool';

/** The tools for one API: the GET tool when GET is offered, the request tool when a write method is. */
export function createHttpApiTools(options: HttpApiOptions): Tool[] {
  const config = resolveHttpApiConfig(options);
  const tools: Tool[] = [];
  if (config.offersGet) tools.push(new HttpApiGetTool(config));
  if (config.writeMethods.length > 0) tools.push(new HttpApiRequestTool(config));
  return tools;
}
