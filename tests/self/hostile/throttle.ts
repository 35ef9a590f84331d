import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Throttle {
  url: string;
  /** When each request arrived, refused or passed on. */
  arrivals: number[];
  refused: () => number;
  close: () => Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A rate-limiting front of upstream: every `every`-th request is answered 429 with Retry-After: 1. */
export async function startThrottle(upstream: string, every = 10): Promise<Throttle> {
  const arrivals: number[] = [];
  let refused = 0;
  const server = createServer(async (req, res) => {
    arrivals.push(Date.now());
    if (arrivals.length % every === 0) {
      refused += 1;
      res.writeHead(429, { 'retry-after': '1' }).end();
      return;
    }
    const body = await bodyOf(req);
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)),
    ) as Record<string, string>;
    const answer = await fetch(`${upstream}${req.url}`, {
      method: req.method,
      headers,
      body: body.length ? body : undefined,
      redirect: 'manual',
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out).end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    arrivals,
    refused: () => refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
