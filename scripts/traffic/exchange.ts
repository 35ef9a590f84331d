import type { ObservedResponse } from '../../lib/checks/types.ts';
import { decodeBody, UndecodableBody } from '../../lib/exchange/decode.ts';
import type { Exchange, ExchangeResponse } from '../../lib/exchange/exchange.ts';

/** One exchange of the traffic (lib/exchange's Exchange), numbered: 1-based, in the order the requests started. */
export type NumberedExchange = Exchange & { index: number };

/** The exchanges in the order their requests started, numbered from 1. */
export function numbered(exchanges: readonly Exchange[]): NumberedExchange[] {
  return [...exchanges]
    .sort((a, b) => a.startedMs - b.startedMs)
    .map((exchange, i) => ({ ...exchange, index: i + 1 }));
}

/**
 * The answer as lib/exchange's one decoder reads it (size-capped decompression, the declared charset);
 * a body that does not decode (a compression bomb, a broken encoding) is kept as unknown, judged by status only.
 */
export function decodedResponse(
  status: number,
  headers: Record<string, string>,
  received: Buffer,
): ExchangeResponse {
  try {
    return { status, headers, ...decodeBody(received, headers) };
  } catch (error) {
    if (!(error instanceof UndecodableBody)) throw error;
    return { status, headers, bytes: Buffer.alloc(0), text: '', body: undefined, bodyUnknown: true };
  }
}

/** What the suite's named checks see of the answer: the body only when it says it is JSON. */
export function observedResponse(exchange: Exchange): ObservedResponse {
  const { status, headers, text, body } = exchange.response;
  const json = (headers['content-type'] ?? '').includes('json');
  return { status, headers, body: json ? body : undefined, text };
}

/** The access token the request carries (Authorization Bearer or the access_token query parameter). */
export function tokenOf(exchange: Exchange): string | undefined {
  const header = exchange.request.headers.authorization;
  const bearer = header ? /^\s*Bearer\s+(\S+)/i.exec(header)?.[1] : undefined;
  return bearer ?? exchange.request.url.searchParams.get('access_token') ?? undefined;
}
