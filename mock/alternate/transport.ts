import { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { deflateSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import { type Choice, type Pick, type RouteKey, routeOf } from './kit.ts';

/** The reads whose errors the reference does not show: "Errors of order search, location, category, site search, shipping options and user status calls: not shown." */
export const ERRORS_NOT_SHOWN: readonly RouteKey[] = [
  'GET /orders/search',
  'GET /classified_locations/countries',
  'GET /classified_locations/countries/:country_id',
  'GET /classified_locations/states/:state_id',
  'GET /classified_locations/cities/:city_id',
  'GET /classified_locations/neighborhoods/:neighborhood_id',
  'GET /sites/:site_id/categories',
  'GET /categories/:category_id',
  'GET /categories/:category_id/attributes',
  'GET /sites/:site_id/search',
  'GET /items/:item_id/shipping_options',
  'GET /users/:user_id',
];

const NO_TRANSPORT_GAP =
  'not shown: the reference says nothing of the transport (HTTP/1.1 framing, content codings, connections, latency)';

/** The control surface of the mock is not the API: no choice of the transport touches it. */
const isControl = (request: FastifyRequest) => request.url.startsWith('/__mock');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A body the transport may re-encode: a string or bytes (file streams and empty answers are left alone). */
function bytesOf(payload: unknown): Buffer | undefined {
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  return Buffer.isBuffer(payload) ? payload : undefined;
}

/** Whether the request lets the answer use this coding: no Accept-Encoding means any (RFC 9110, 12.5.3). */
function accepts(request: FastifyRequest, coding: string): boolean {
  const header = request.headers['accept-encoding'];
  if (header === undefined) return true;
  return String(header)
    .split(',')
    .map((part) => part.trim().split(';'))
    .some(([name, q]) => (name === coding || name === '*') && !/q=0(\.0*)?$/.test(q?.trim() ?? ''));
}

const compression: Choice = {
  name: 'compression',
  gap: `${NO_TRANSPORT_GAP}; a request without Accept-Encoding accepts any coding (RFC 9110, 12.5.3)`,
  description: 'answers sent with a content coding',
  variants: {
    mock: 'identity: bodies as they are',
    gzip: 'every body gzip-coded (Content-Encoding: gzip)',
    'gzip-over-1k': 'bodies over 1 KiB gzip-coded, smaller ones as they are',
    deflate: 'every body deflate-coded (Content-Encoding: deflate)',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const coding = pick.variant === 'deflate' ? 'deflate' : 'gzip';
    const floor = pick.variant === 'gzip-over-1k' ? 1024 : 0;
    app.addHook('onSend', async (request, reply, payload) => {
      const bytes = bytesOf(payload);
      if (!bytes || bytes.length <= floor || isControl(request) || !accepts(request, coding)) return payload;
      const coded = coding === 'gzip' ? gzipSync(bytes) : deflateSync(bytes);
      reply.header('content-encoding', coding).header('vary', 'Accept-Encoding');
      reply.header('content-length', coded.length);
      return coded;
    });
  },
};

/** Cuts bytes into pieces of `size` as a stream: sent with Transfer-Encoding: chunked, without Content-Length. */
function chunkedStream(bytes: Buffer, size: number): Readable {
  const pieces: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.subarray(at, at + size));
  return Readable.from(pieces, { objectMode: false });
}

const chunked: Choice = {
  name: 'chunked-bodies',
  gap: `${NO_TRANSPORT_GAP}; chunked transfer coding is ordinary HTTP/1.1 (RFC 9112, 7.1)`,
  description: 'bodies sent with Transfer-Encoding: chunked instead of Content-Length',
  variants: {
    mock: 'Content-Length, one piece',
    chunked: 'chunked, in pieces of 512 bytes',
    'chunked-small': 'chunked, in pieces of 37 bytes (a piece may cut a character of UTF-8)',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const size = pick.variant === 'chunked' ? 512 : 37;
    app.addHook('onSend', async (request, reply, payload) => {
      const bytes = bytesOf(payload);
      if (!bytes || bytes.length === 0 || isControl(request) || request.method === 'HEAD') return payload;
      reply.removeHeader('content-length');
      return chunkedStream(bytes, size);
    });
  },
};

const connectionClose: Choice = {
  name: 'connection-answers',
  gap: `${NO_TRANSPORT_GAP}; a server may close a connection after any answer it marks Connection: close (RFC 9112, 9.6)`,
  description: 'a connection closed after a number of answers (Connection: close on the last one)',
  variants: {
    mock: 'no limit',
    'close-after-20': 'closed after 20 answers',
    'close-after-3': 'closed after 3 answers',
    'close-every-answer': 'closed after every answer',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const most = pick.variant === 'close-after-20' ? 20 : pick.variant === 'close-after-3' ? 3 : 1;
    const answered = new WeakMap<Socket, number>();
    app.addHook('onRequest', async (request, reply) => {
      const socket = request.raw.socket;
      if (!(socket instanceof Socket)) return;
      const count = (answered.get(socket) ?? 0) + 1;
      answered.set(socket, count);
      if (count >= most) reply.header('connection', 'close');
    });
  },
};

/** A delay in [low, high] ms fixed by the seed and the request's number. */
function delayOf(pick: Pick, n: number, low: number, high: number): number {
  return Math.round(low + pick.chance(`latency:${n}`) * (high - low));
}

const latency: Choice = {
  name: 'latency',
  gap: `${NO_TRANSPORT_GAP}; no answer time is stated`,
  description: 'each answer delayed by a seeded time',
  variants: {
    mock: 'as fast as the mock answers',
    '20-150ms': '20 to 150 ms per answer',
    '0-40ms': 'up to 40 ms per answer',
    'one-slow-in-50': 'one answer in 50 takes 1.5 s, the others 0 to 20 ms',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    let n = 0;
    app.addHook('onRequest', async (request) => {
      if (isControl(request)) return;
      n += 1;
      if (pick.variant === '20-150ms') await sleep(delayOf(pick, n, 20, 150));
      else if (pick.variant === '0-40ms') await sleep(delayOf(pick, n, 0, 40));
      else await sleep(pick.chance(`slow:${n}`) < 0.02 ? 1500 : delayOf(pick, n, 0, 20));
    });
  },
};

/** A refusal in the reference's error shape, with Retry-After. */
function refuse(reply: FastifyReply, status: 429 | 503, retryAfter: string): FastifyReply {
  const [error, message] =
    status === 429
      ? ['too_many_requests', 'Too many requests']
      : ['service_unavailable', 'Service unavailable'];
  return reply
    .code(status)
    .header('retry-after', retryAfter)
    .send(new ApiError(status, error, `${message}, retry later`).toBody());
}

/** Retry-After as seconds, or as the HTTP date that many seconds ahead (RFC 9110, 10.2.3). */
function retryAfter(seconds: number, asDate: boolean): string {
  return asDate ? new Date(Date.now() + seconds * 1000).toUTCString() : String(seconds);
}

const transientRefusal: Choice = {
  name: 'transient-refusal',
  gap: 'Errors of order search, location, category, site search, shipping options and user status calls: not shown; Request rate limits: not shown',
  description:
    'reads whose errors are not shown now and then refused for a moment (503 or 429 with Retry-After), then answered',
  variants: {
    mock: 'never refused',
    '503-one-in-15': 'a seeded one read in 15 answers 503 with Retry-After: 1',
    '429-one-in-15': 'a seeded one read in 15 answers 429 with Retry-After: 1 or 2',
    '429-date-one-in-15': 'a seeded one read in 15 answers 429 with Retry-After as an HTTP date 2 s ahead',
    'burst-of-4': 'a seeded one read in 40 starts 4 refusals in a row (503, Retry-After: 0 then 1)',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    let n = 0;
    let burst = 0;
    app.addHook('onRequest', async (request, reply) => {
      if (!ERRORS_NOT_SHOWN.includes(routeOf(request) as RouteKey)) return;
      n += 1;
      if (pick.variant === 'burst-of-4') {
        if (burst === 0 && pick.chance(`burst:${n}`) < 1 / 40) burst = 4;
        if (burst === 0) return;
        burst -= 1;
        return refuse(reply, 503, burst === 3 ? '0' : '1');
      }
      if (pick.chance(`refuse:${n}`) >= 1 / 15) return;
      if (pick.variant === '503-one-in-15') return refuse(reply, 503, '1');
      const seconds = 1 + Math.floor(pick.chance(`seconds:${n}`) * 2);
      return refuse(reply, 429, retryAfter(seconds, pick.variant === '429-date-one-in-15'));
    });
  },
};

/** A token bucket over every call of the API: `perSecond` tokens a second, at most `perSecond` kept. */
export function tokenBucket(perSecond: number): () => boolean {
  let tokens = perSecond;
  let at = Date.now();
  return () => {
    const now = Date.now();
    tokens = Math.min(perSecond, tokens + ((now - at) * perSecond) / 1000);
    at = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

const rateLimit: Choice = {
  name: 'rate-limit',
  gap: 'LIM-RATE: "Request rate limits: not shown."',
  description: 'a token bucket over every call; an empty bucket answers 429 with Retry-After: 1',
  variants: {
    mock: 'no limit',
    '20/s': '20 requests a second, bursts of 20',
    '50/s': '50 requests a second, bursts of 50',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const take = tokenBucket(Number.parseInt(pick.variant, 10));
    app.addHook('onRequest', async (request, reply) => {
      if (isControl(request) || take()) return;
      return refuse(reply, 429, '1');
    });
  },
};

/**
 * Choices of the transport, installed last: the refusals and the latency before any route runs, the
 * codings and framing of the body after every other choice wrote it.
 */
export const TRANSPORT_CHOICES: Choice[] = [
  rateLimit,
  transientRefusal,
  latency,
  connectionClose,
  compression,
  chunked,
];
