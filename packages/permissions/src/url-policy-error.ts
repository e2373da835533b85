import { AgentaoError } from '@agentao/core';

/** The refusal messages of §12 (normative wording). */
export const URL_REFUSED_MESSAGES = {
  invalidUrl: (url: string): string => `invalid URL: ${url}`,
  scheme: (url: string): string => `only http/https URLs are allowed: ${url}`,
  credentials: (): string => 'URLs with embedded credentials are not allowed',
  noHost: (url: string): string => `URL has no host: ${url}`,
  nonPublicTarget: (host: string): string => `target is a non-public address: ${host}`,
  localName: (host: string): string => `local/internal hostnames are not allowed: ${host}`,
  singleLabel: (host: string): string => `single-label hostnames are not allowed: ${host}`,
  unresolved: (host: string): string => `host did not resolve: ${host}`,
  nonPublicResolved: (host: string, shown: string): string => `${host} resolves to non-public address(es): ${shown}`,
  tooManyRedirects: (max: number, url: string): string => `too many redirects (${max}) for ${url}`,
} as const;

/** An outbound URL the policy refused (§12.1); code `URL_REFUSED`. */
export class UrlPolicyError extends AgentaoError {
  /** The URL that was refused (the current hop for a redirect). */
  readonly url: string;

  constructor(message: string, url: string, options?: ErrorOptions) {
    super('URL_REFUSED', message, options);
    this.url = url;
  }
}
