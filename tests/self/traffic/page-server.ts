import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The client application: plays a session of steps (session.ts) with fetch, as an integrating page would. */
const SCRIPT = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'client.js'), 'utf8');
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>client</title><script>${SCRIPT}</script></head><body>client</body></html>`;

/** The client page's origin: serves /client.html and forwards every other request to the target, so the page's calls are same-origin. */
export async function startPageServer(
  target: string,
): Promise<{ origin: string; stop: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (req.url === '/client.html' || req.url === '/favicon.ico') {
      res.writeHead(req.url === '/favicon.ico' ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.url === '/favicon.ico' ? '' : PAGE);
      return;
    }
    const out = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
