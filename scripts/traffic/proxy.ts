import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { headerRecord } from '../../lib/exchange/decode.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import { decodedResponse, type NumberedExchange, numbered } from './exchange.ts';

interface RunningProxy {
  url: string;
  /** Stops listening, waits for exchanges in flight, and returns every exchange seen, in start order. */
  stop(): Promise<NumberedExchange[]>;
}

function rawPairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/** Request headers as sent upstream: the same, but for Host, which names the upstream. */
function upstreamHeaders(req: IncomingMessage, upstream: URL): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of rawPairs(req.rawHeaders)) {
    if (name.toLowerCase() === 'host') continue;
    const prior = headers[name];
    headers[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  }
  headers.host = upstream.host;
  return headers;
}

/**
 * A forwarding proxy: every request goes to the upstream as sent (only Host changes), and the client
 * receives the upstream's status, headers and bytes unchanged; each exchange is kept for judging.
 *
 * The one request path of the suite that does not go through lib/client, on purpose: these are a
 * third party's requests, not the suite's. The client's transport would change what is judged (it
 * reads a whole body before answering, decompresses it, caps it, retries a reset read, paces and waits
 * out 429/503), while the proxy must stream each request and answer through, byte for byte, once, at
 * the third party's own pace. The suite's own calls during a traffic run (none today) would use lib/client.
 */
export async function startProxy(options: {
  upstream: string;
  port: number;
  host?: string;
}): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const send = upstream.protocol === 'https:' ? httpsRequest : httpRequest;
  const seen: Exchange[] = [];
  const inFlight = new Set<Promise<void>>();

  const forward = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const startedMs = Date.now();
    const sent: Buffer[] = [];
    const path = `${basePath}${req.url ?? '/'}`;
    await new Promise<void>((resolve) => {
      const out = send(
        {
          protocol: upstream.protocol,
          hostname: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path,
          headers: upstreamHeaders(req, upstream),
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
          const chunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            res.write(chunk);
          });
          answer.on('end', () => {
            res.end();
            const responseHeaders = headerRecord(rawPairs(answer.rawHeaders));
            seen.push({
              startedMs,
              endedMs: Date.now(),
              request: {
                method: (req.method ?? 'GET').toUpperCase(),
                url: new URL(path, upstream),
                headers: headerRecord(rawPairs(req.rawHeaders)),
                body: Buffer.concat(sent),
              },
              // The proxy sees the body as sent, still encoded: the one decoder reads it (size-capped).
              response: decodedResponse(answer.statusCode ?? 0, responseHeaders, Buffer.concat(chunks)),
            });
            resolve();
          });
          answer.on('error', () => {
            res.destroy();
            resolve();
          });
        },
      );
      out.on('error', (error) => {
        // The upstream did not answer: the client's connection is cut, as the upstream cut it; nothing is judged.
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: upstream ${upstream.host} did not answer: ${error.message}`);
        resolve();
      });
      // The request streams to the upstream as it arrives (a 25 MB upload is not held back), and is kept.
      req.on('data', (chunk: Buffer) => {
        sent.push(chunk);
        out.write(chunk);
      });
      req.on('end', () => out.end());
      req.on('error', () => out.destroy());
    });
  };

  const server: Server = createServer((req, res) => {
    const done = forward(req, res).catch(() => {
      res.destroy();
    });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.all(inFlight);
      return numbered(seen);
    },
  };
}
