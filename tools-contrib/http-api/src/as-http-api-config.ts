import { type HttpApiConfig, type HttpApiOptions, resolveHttpApiConfig } from './http-api-config';

/** The config for a tool constructor that takes host options or a config already resolved for its sibling tool. */
export function asHttpApiConfig(options: HttpApiOptions | HttpApiConfig): HttpApiConfig {
  // createHttpApiTools resolves once and hands the result to both tools; only a resolved config has
  // `matchers`, so both constructors tell the two apart the same way here.
  return 'matchers' in options ? options : resolveHttpApiConfig(options);
}
