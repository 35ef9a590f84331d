import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Passes a request on to upstream (the embedded mock) and its answer back, as a front of it would. */
export async function forward(upstream: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await passOn(upstream, req, res);
  } catch {
    if (!res.headersSent) res.writeHead(502).end();
    else res.destroy();
  }
}

async function passOn(upstream: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
}

/** Listens on a free port of the loopback; resolves with its base URL. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}
