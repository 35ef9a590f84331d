import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from './proxy.ts';

const DROPPED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

/** Every 2xx of the upstream passed on with its status and headers but an empty body; the rest unchanged. */
async function passEmptied(upstream: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = Object.fromEntries(
    Object.entries(req.headers).filter(([name]) => !DROPPED.has(name)),
  ) as Record<string, string>;
  const answer = await fetch(`${upstream}${req.url}`, { method: req.method, headers, redirect: 'manual' });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!DROPPED.has(name) && name !== 'content-encoding') out[name] = value;
  });
  const body = Buffer.from(await answer.arrayBuffer());
  res.writeHead(answer.status, out).end(answer.status >= 200 && answer.status < 300 ? undefined : body);
}

/** A front of the mock that answers every 2xx with an empty body (a broken serializer, a proxy eating bodies). */
export async function startEmptyBodies(
  upstream: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    passEmptied(upstream, req, res).catch(() => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  });
  const url = await listen(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
