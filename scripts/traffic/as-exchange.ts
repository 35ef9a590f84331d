import type { Exchange as OneExchange } from '../../lib/exchange/exchange.ts';
import { type Exchange, observedResponse } from './exchange.ts';

/**
 * Traffic's exchange as lib/exchange's, for the rules of lib/rules. The caller stays unknown: traffic
 * knows a digest of the token, not which profile user sent it, so rows about a caller are not decided.
 */
export function asExchange(exchange: Exchange, operation: string): OneExchange {
  const seen = observedResponse(exchange);
  return {
    operation,
    request: {
      method: exchange.method,
      url: exchange.url,
      headers: exchange.requestHeaders,
      body: exchange.requestBody,
      bodyLossy: exchange.requestBodyLossy,
    },
    response: {
      status: exchange.status,
      headers: exchange.responseHeaders,
      bytes: exchange.responseBody,
      text: seen.text,
      body: seen.body,
      bodyUnknown: exchange.responseBodyUnknown,
    },
    startedMs: exchange.startedMs,
    endedMs: exchange.endedMs,
  };
}
