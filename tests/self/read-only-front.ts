import { type AddressInfo, createConnection, createServer, type Server, type Socket } from 'node:net';

/** One request as it crossed the wire: its method and request target, byte for byte. */
export interface RecordedRequest {
  method: string;
  target: string;
}

/** A TCP front before a target that records every request head it forwards. */
export interface RecordingFront {
  url: string;
  requests: () => RecordedRequest[];
  /** Request bytes the front could not read as HTTP/1.1 (a head without a request line, a chunked body). */
  unreadable: () => string[];
  close: () => Promise<void>;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Reads request heads off one client stream. Between heads it skips each body by its content-length;
 * a chunked body is not parsed: the rest of that connection is kept as unreadable, and the request
 * that announced it is recorded all the same (a read-only run sends no body at all).
 */
class HeadReader {
  private pending = Buffer.alloc(0);
  private skip = 0;
  private lost = false;

  constructor(
    private readonly record: (request: RecordedRequest) => void,
    private readonly unreadable: (bytes: string) => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.lost) {
      this.unreadable(chunk.toString('latin1').slice(0, 200));
      return;
    }
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.skip > 0) {
        const skipped = Math.min(this.skip, this.pending.length);
        this.pending = this.pending.subarray(skipped);
        this.skip -= skipped;
        if (this.skip > 0) return;
      }
      const end = this.pending.indexOf(HEAD_END);
      if (end < 0) return;
      this.readHead(this.pending.subarray(0, end).toString('latin1'));
      this.pending = this.pending.subarray(end + HEAD_END.length);
      if (this.lost) {
        if (this.pending.length > 0) this.unreadable(this.pending.toString('latin1').slice(0, 200));
        return;
      }
    }
  }

  private readHead(head: string): void {
    const [line = '', ...headers] = head.split('\r\n');
    const match = /^(\S+) (\S+) HTTP\/1\.[01]$/.exec(line);
    if (!match) {
      this.unreadable(line.slice(0, 200));
      this.lost = true;
      return;
    }
    this.record({ method: match[1] as string, target: match[2] as string });
    const header = (name: string) =>
      headers
        .find((h) => h.toLowerCase().startsWith(`${name}:`))
        ?.slice(name.length + 1)
        .trim();
    if (header('transfer-encoding')) this.lost = true;
    this.skip = Number(header('content-length') ?? 0) || 0;
  }
}

function relay(client: Socket, upstream: URL, reader: HeadReader): void {
  const server = createConnection({ host: upstream.hostname, port: Number(upstream.port) });
  client.on('data', (chunk: Buffer) => {
    reader.push(chunk);
    server.write(chunk);
  });
  server.on('data', (chunk: Buffer) => client.write(chunk));
  client.on('end', () => server.end());
  server.on('end', () => client.end());
  client.on('error', () => server.destroy());
  server.on('error', () => client.destroy());
  client.on('close', () => server.destroy());
  server.on('close', () => client.destroy());
}

/** Starts a front on a free loopback port relaying every connection to `target` (http://host:port). */
export async function startRecordingFront(target: string): Promise<RecordingFront> {
  const upstream = new URL(target);
  const requests: RecordedRequest[] = [];
  const unreadable: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const reader = new HeadReader(
      (request) => requests.push(request),
      (bytes) => unreadable.push(bytes),
    );
    relay(client, upstream, reader);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...requests],
    unreadable: () => [...unreadable],
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Percent-decodes where it can; a broken escape stays as written. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Whether a request target reaches the pack listing GET /messages/packs/{pack_id}/sellers/{user_id}, however written. */
export function isPackListing(target: string): boolean {
  const path = decoded(target.split('?')[0] ?? '');
  return /^\/+messages\/+packs\/+[^/]*\/+sellers\/+[^/]*\/*$/i.test(path);
}

/**
 * What is wrong with the mark_as_read of a pack listing, or undefined when it is safe: present, and
 * every parameter a lenient server could read as mark_as_read (any case, punctuation or encoding) is `false`.
 */
export function markAsReadProblem(target: string): string | undefined {
  const query = target.includes('?') ? target.slice(target.indexOf('?') + 1) : '';
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    });
  const loose = (name: string) =>
    decoded(name)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
  const values = pairs.filter(([name]) => loose(name ?? '').includes('markasread')).map(([, v]) => v ?? '');
  if (values.length === 0) return 'no mark_as_read';
  const other = values.find((value) => decoded(value) !== 'false');
  return other === undefined ? undefined : `mark_as_read=${other.slice(0, 60)}`;
}
