import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type LookupFunction } from 'node:net';
import { type UrlPolicy } from '@agentao/permissions';
import { HTTP_API_MAX_RESPONSE_BYTES } from './http-api-config';

/** A response read up to the byte cap. */
export interface ApiResponse {
  status: number;
  statusText: string;
  contentType: string;
  location: string | null;
  text: string;
  truncated: boolean;
}

/** A `net` lookup that connects only to addresses the policy accepted (no DNS-rebinding window). */
function policyLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    policy.resolveHost(hostname.toLowerCase()).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
        const wanted = options.family === 4 || options.family === 6 ? entries.filter((e) => e.family === options.family) : entries;
        const first = wanted[0];
        if (first === undefined) callback(Object.assign(new Error(`no usable address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
        else if (options.all === true) (callback as unknown as (e: null, list: typeof wanted) => void)(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), '', 4),
    );
  };
}

/**
 * One request, redirects not followed: the URL is validated by the policy first (scheme, host,
 * every resolved address), then connected through the policy's resolver.
 */
export async function sendRequest(
  policy: UrlPolicy,
  url: URL,
  init: { method: string; headers: Record<string, string>; body: string | null; signal: AbortSignal; timeoutMs: number },
): Promise<ApiResponse> {
  await policy.validate(url.href);
  const signal = AbortSignal.any([init.signal, AbortSignal.timeout(init.timeoutMs)]);
  const headers: Record<string, string> = { accept: 'application/json, text/*;q=0.9, */*;q=0.5', 'accept-encoding': 'identity', ...init.headers };
  if (init.body !== null) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(init.body));
  }
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = send(url, { method: init.method, headers, signal, lookup: policyLookup(policy) }, resolve);
    req.on('error', reject);
    req.end(init.body ?? undefined);
  });
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      const room = HTTP_API_MAX_RESPONSE_BYTES - size;
      if (chunk.length > room) {
        chunks.push(chunk.subarray(0, room));
        truncated = true;
        break;
      }
      chunks.push(chunk);
      size += chunk.length;
    }
  } finally {
    if (truncated) res.destroy();
  }
  const location = res.headers.location;
  return {
    status: res.statusCode ?? 0,
    statusText: res.statusMessage ?? '',
    contentType: res.headers['content-type'] ?? '',
    location: typeof location === 'string' ? location : null,
    text: new TextDecoder('utf-8').decode(Buffer.concat(chunks)),
    truncated,
  };
}
