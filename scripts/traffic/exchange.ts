import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { ObservedResponse } from '../../lib/checks/types.ts';

/** One request and its answer, as a HAR entry or the proxy saw it. Header names in lower case. */
export interface Exchange {
  /** 1-based, in the order the requests started. */
  index: number;
  startedMs: number;
  endedMs: number;
  method: string;
  url: URL;
  requestHeaders: Record<string, string>;
  requestBody?: Buffer;
  /** The HAR writer stored a binary request body as text: its bytes, and so part sizes, are not the ones sent. */
  requestBodyLossy?: boolean;
  status: number;
  responseHeaders: Record<string, string>;
  /** The answer's body as the client received it, decoded of any Content-Encoding. */
  responseBody: Buffer;
  /** The HAR writer did not record the answer's body (Chromium, for some answers): only status and headers are judged. */
  responseBodyUnknown?: boolean;
}

/** Header pairs as a record with lower-case names; HTTP/2 pseudo-headers left out, repeated names joined. */
export function headerRecord(pairs: Iterable<readonly [string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    if (key.startsWith(':')) continue;
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}

/** The body decoded of its Content-Encoding (a proxy sees it encoded); left as is when it does not decode. */
export function decodedBody(bytes: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(bytes);
    if (encoding === 'deflate') return inflateSync(bytes);
    if (encoding === 'br') return brotliDecompressSync(bytes);
  } catch {
    return bytes;
  }
  return bytes;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the suite's named checks see of the answer. */
export function observedResponse(exchange: Exchange): ObservedResponse {
  const type = exchange.responseHeaders['content-type'] ?? '';
  const json = type.includes('json');
  const text = exchange.responseBody.toString(json ? 'utf8' : 'latin1');
  return {
    status: exchange.status,
    headers: exchange.responseHeaders,
    body: json && text.length > 0 ? parseJson(text) : undefined,
    text,
  };
}

/** The request body parsed as JSON, or undefined. */
export function requestJson(exchange: Exchange): unknown {
  if (!exchange.requestBody || exchange.requestBody.length === 0) return undefined;
  return parseJson(exchange.requestBody.toString('utf8'));
}

/** The answer's JSON body, or undefined. */
export function responseJson(exchange: Exchange): unknown {
  return observedResponse(exchange).body;
}

/** The access token the request carries (Authorization Bearer or the access_token query parameter). */
export function tokenOf(exchange: Exchange): string | undefined {
  const header = exchange.requestHeaders.authorization;
  const bearer = header ? /^\s*Bearer\s+(\S+)/i.exec(header)?.[1] : undefined;
  return bearer ?? exchange.url.searchParams.get('access_token') ?? undefined;
}
