export { HttpApiGetTool } from './http-api-get-tool';
export { HttpApiRequestTool } from './http-api-request-tool';
export { createHttpApiTools } from './create-http-api-tools';
export {
  resolveHttpApiConfig,
  type HttpApiConfig,
  type HttpApiOptions,
  type HttpApiWriteMethod,
  HTTP_API_WRITE_METHODS,
  HTTP_API_DEFAULT_TIMEOUT_MS,
  HTTP_API_MAX_RESPONSE_BYTES,
} from './http-api-config';
export {
  HttpApiTool,
  HTTP_API_DEFAULT_ITEMS,
  HTTP_API_MAX_ITEMS,
  HTTP_API_PAGE_CHARS,
  HTTP_API_MAX_PATH_CHARS,
  HTTP_API_MAX_BODY_CHARS,
} from './http-api-tool';
export { REDACTED } from './redact-secrets';
