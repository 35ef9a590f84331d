import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { forward, listen } from './proxy.ts';

/** What the target did with one request. */
interface Arrival {
  method: string;
  path: string;
  /** The query string, without its `?`. */
  query: string;
  /** The connection it came on (numbered in order of arrival). */
  connection: number;
  /** It came on a connection that had carried a request before. */
  reused: boolean;
  outcome: 'answered' | 'reset';
}

export interface KeepAliveTarget {
  url: string;
  /** Every request, in order of arrival. */
  log: Arrival[];
  close: () => Promise<void>;
}

interface KeepAliveOptions {
  /** A connection idle longer than this is dead to the server: a request on it is reset. */
  idleMs?: number;
  /** Answers a request itself (true when it did), before the passing on to upstream. */
  route?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

interface ConnectionState {
  id: number;
  served: number;
  idleSince: number;
}

/**
 * A front of upstream with a short keep-alive and no Keep-Alive hint (the client keeps its own idea of
 * how long a connection lives): a request that comes on a connection idle longer than idleMs is reset
 * before any answer, as when the server closes the idle connection just as the client reuses it.
 */
export async function startKeepAliveTarget(
  upstream: string,
  { idleMs = 300, route }: KeepAliveOptions = {},
): Promise<KeepAliveTarget> {
  const log: Arrival[] = [];
  const states = new WeakMap<Socket, ConnectionState>();
  const sockets = new Set<Socket>();
  let connections = 0;
  const server = createServer(async (req, res) => {
    const state = states.get(req.socket) as ConnectionState;
    const reused = state.served > 0;
    const arrival: Arrival = {
      method: req.method ?? '',
      path: (req.url ?? '').split('?')[0] ?? '',
      query: (req.url ?? '').split('?')[1] ?? '',
      connection: state.id,
      reused,
      outcome: 'answered',
    };
    log.push(arrival);
    state.served += 1;
    if (reused && Date.now() - state.idleSince > idleMs) {
      arrival.outcome = 'reset';
      req.socket.destroy();
      return;
    }
    res.on('finish', () => {
      state.idleSince = Date.now();
    });
    res.on('error', () => undefined);
    if (route?.(req, res)) return;
    await forward(upstream, req, res);
  });
  // No Keep-Alive: timeout=… header: the client cannot know how short the keep-alive is.
  server.keepAliveTimeout = 0;
  server.on('connection', (socket) => {
    connections += 1;
    states.set(socket, { id: connections, served: 0, idleSince: Date.now() });
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  const url = await listen(server);
  return {
    url,
    log,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
