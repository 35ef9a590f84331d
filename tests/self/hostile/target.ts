import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { gzipSync } from 'node:zlib';

/** What one route of the hostile target does, named as the suite's report must name it. */
export type Misbehaviour =
  | 'reset'
  | 'endless body'
  | '100 MB body'
  | 'gzip bomb'
  | '429 with Retry-After'
  | '429 without Retry-After'
  | '503 with Retry-After'
  | '503 without Retry-After'
  | 'redirect to another port'
  | 'echo of the token';

/** Which misbehaviour answers which path: one operation of the suite's slice each. */
const ROUTES: { path: RegExp; query?: RegExp; misbehaviour: Misbehaviour }[] = [
  // The slice's status search; each user's own search before the run (the token check) is answered.
  { path: /^\/orders\/search$/, query: /order\.status=/, misbehaviour: 'reset' },
  { path: /^\/orders\/\d+\/product$/, misbehaviour: 'endless body' },
  { path: /^\/orders\/\d+\/discounts$/, misbehaviour: '100 MB body' },
  { path: /^\/orders\/\d+$/, misbehaviour: 'gzip bomb' },
  { path: /^\/shipments\/\d+\/lead_time$/, misbehaviour: '429 with Retry-After' },
  { path: /^\/shipments\/\d+$/, misbehaviour: '503 with Retry-After' },
  { path: /^\/packs\/\d+\/fiscal_documents$/, misbehaviour: '429 without Retry-After' },
  { path: /^\/messages\/packs\//, misbehaviour: '503 without Retry-After' },
  { path: /^\/messages\/[^/]+$/, misbehaviour: 'redirect to another port' },
  { path: /^\/items\/[^/]+\/shipping_options$/, misbehaviour: 'echo of the token' },
  { path: /^\/users\/\d+$/, misbehaviour: 'echo of the token' },
];

interface HostileOptions {
  /** After this many requests the target closes its port and drops every connection. */
  dieAfter?: number;
}

export interface HostileTarget {
  url: string;
  /** When each request arrived, by misbehaviour. */
  arrivals: Map<Misbehaviour | 'other', number[]>;
  /** Requests the redirect target received: must stay 0, the suite follows no redirect. */
  redirectHits: () => number;
  /** Cookie headers the target received back: must stay empty, the suite keeps no cookie. */
  cookiesSeen: string[];
  close: () => Promise<void>;
}

let bombBytes: Buffer | undefined;

/** 1 GiB of zeros as 128 gzip members of 8 MiB each, about 1 MB on the wire; made before the run. */
function bomb(): Buffer {
  if (!bombBytes) {
    const member = gzipSync(Buffer.alloc(8 * 1024 * 1024));
    bombBytes = Buffer.concat(Array.from({ length: 128 }, () => member));
  }
  return bombBytes;
}

/**
 * The caller's secrets sent back every way a careless server does: cookies, custom headers (plain and
 * base64), and a JSON error whose padding puts the token across the suite's cut points (80 and 4096).
 */
function echo(req: IncomingMessage, res: ServerResponse): void {
  const authorization = req.headers.authorization ?? '';
  const query = (req.url ?? '').split('?')[1] ?? '';
  const token = authorization.replace(/^Bearer /, '') || new URLSearchParams(query).get('access_token') || '';
  res.setHeader('set-cookie', [`session=${token}; Path=/`, `q=${query}; Path=/`]);
  res.setHeader('x-echo-authorization', authorization);
  res.setHeader('x-echo-query', query);
  res.setHeader('x-echo-base64', Buffer.from(token).toString('base64'));
  // The cause comes first so the token starts 10 characters before the evidence cut at 4096.
  const body = {
    cause: [`${'c'.repeat(4086 - '{"cause":["'.length)}${token}`],
    message: `${'m'.repeat(70)}${token} was refused; query ${query}`,
    error: 'echo',
    status: `${'s'.repeat(70)}${token}`,
  };
  res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function misbehave(what: Misbehaviour, req: IncomingMessage, res: ServerResponse, redirectTo: string): void {
  switch (what) {
    case 'reset':
      req.socket.destroy();
      return;
    case 'endless body':
      res.writeHead(200, { 'content-type': 'application/json' }).write('{"id": ');
      return; // never ends
    case '100 MB body': {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 100) {
          sent += 1;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      pump();
      return;
    }
    case 'gzip bomb':
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb());
      return;
    case '429 with Retry-After':
    case '503 with Retry-After':
      res.writeHead(what.startsWith('429') ? 429 : 503, { 'retry-after': '1' }).end();
      return;
    case '429 without Retry-After':
    case '503 without Retry-After':
      res.writeHead(what.startsWith('429') ? 429 : 503).end();
      return;
    case 'redirect to another port':
      res.writeHead(302, { location: `${redirectTo}${req.url}` }).end();
      return;
    case 'echo of the token':
      echo(req, res);
  }
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** Starts the hostile target on a free port; every route misbehaves as ROUTES says. */
export async function startHostileTarget(options: HostileOptions = {}): Promise<HostileTarget> {
  bomb();
  let redirectHits = 0;
  const elsewhere = createServer((_req, res) => {
    redirectHits += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const redirectTo = await listen(elsewhere);
  const arrivals = new Map<Misbehaviour | 'other', number[]>();
  const cookiesSeen: string[] = [];
  const sockets = new Set<Socket>();
  let served = 0;
  const server = createServer((req, res) => {
    served += 1;
    res.on('error', () => undefined);
    if (req.headers.cookie) cookiesSeen.push(req.headers.cookie);
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const what = ROUTES.find(
      (route) => route.path.test(path) && (route.query?.test(query) ?? true),
    )?.misbehaviour;
    arrivals.set(what ?? 'other', [...(arrivals.get(what ?? 'other') ?? []), Date.now()]);
    if (options.dieAfter !== undefined && served >= options.dieAfter) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"message":"gone","error":"not_found","status":404,"cause":[]}');
      server.close();
      for (const socket of sockets) socket.destroy();
      return;
    }
    if (what) misbehave(what, req, res, redirectTo);
    else
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"message":"no such route","error":"not_found","status":404,"cause":[]}');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  const url = await listen(server);
  return {
    url,
    arrivals,
    redirectHits: () => redirectHits,
    cookiesSeen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([server, elsewhere].map((s) => new Promise((resolve) => s.close(resolve))));
    },
  };
}
