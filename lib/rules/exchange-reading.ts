import type { Exchange } from '../exchange/exchange.ts';

// How the rules read the parts of an exchange they judge (the request's JSON).

/** The request body parsed as JSON, or undefined. */
export function requestJsonOf(exchange: Exchange): unknown {
  const body = exchange.request.body;
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
