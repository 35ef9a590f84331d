import { createServer } from 'node:http';
import { forward, listen } from './proxy.ts';

export interface Throttle {
  url: string;
  /** When each request arrived, refused or passed on. */
  arrivals: number[];
  /** When each refused request arrived. */
  refusals: number[];
  refused: () => number;
  close: () => Promise<void>;
}

/**
 * How the front refuses: every n-th request, above a rate (a token bucket, as real limiters do), or
 * every request after the first n (a limiter that has blocked the client).
 */
type ThrottleRule = { every: number } | { perSecond: number; burst: number } | { blockAfter: number };

/** A token bucket: `burst` tokens, refilled at `perSecond`; a request takes one or is refused. */
function bucket(perSecond: number, burst: number): () => number | undefined {
  let tokens = burst;
  let at = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(burst, tokens + ((now - at) * perSecond) / 1000);
    at = now;
    if (tokens >= 1) {
      tokens -= 1;
      return undefined;
    }
    return Math.max(1, Math.ceil((1 - tokens) / perSecond));
  };
}

/** Whether the rule refuses this request: undefined to pass it on, else the Retry-After in seconds. */
function refuser(rule: ThrottleRule): (arrived: number) => number | undefined {
  if ('every' in rule) return (arrived) => (arrived % rule.every === 0 ? 1 : undefined);
  if ('blockAfter' in rule) return (arrived) => (arrived > rule.blockAfter ? 1 : undefined);
  return bucket(rule.perSecond, rule.burst);
}

/** A rate-limiting front of upstream: a refused request is answered 429 with Retry-After. */
export async function startThrottle(upstream: string, rule: ThrottleRule = { every: 10 }): Promise<Throttle> {
  const arrivals: number[] = [];
  const refusals: number[] = [];
  const refuse = refuser(rule);
  const server = createServer(async (req, res) => {
    arrivals.push(Date.now());
    const retryAfter = refuse(arrivals.length);
    if (retryAfter !== undefined) {
      refusals.push(Date.now());
      res.writeHead(429, { 'retry-after': String(retryAfter) }).end();
      return;
    }
    await forward(upstream, req, res);
  });
  const url = await listen(server);
  return {
    url,
    arrivals,
    refusals,
    refused: () => refusals.length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
