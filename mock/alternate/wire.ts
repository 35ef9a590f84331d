import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DATE_FILTERS } from './errors.ts';
import {
  beforeHandler,
  type Choice,
  firstQuery,
  hash,
  offsetOf,
  ok,
  onAnswer,
  queryOf,
  TIMESTAMP,
  writeTimestamp,
} from './kit.ts';

/** Keys whose values echo the request (the order search's filters and query): written as sent. */
const ECHOES = new Set(['filters', 'query']);

function retimed(value: unknown, write: (text: string, path: string) => string, path = ''): unknown {
  if (typeof value === 'string') return TIMESTAMP.test(value) ? write(value, path) : value;
  if (Array.isArray(value)) return value.map((item) => retimed(item, write, `${path}[]`));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      ECHOES.has(key) && path === '' ? item : retimed(item, write, `${path}.${key}`),
    ]),
  );
}

/** UTC-4, the offset of the live capture orders_get_05. */
const CAPTURE_OFFSET = -240;

/** Other forms ISO 8601 gives an instant with an offset (and ajv's date-time accepts): basic and hour-only offsets, more fraction digits. */
const OTHER_FORMS: Record<string, (ms: number) => string> = {
  'basic-offset': (ms) => writeTimestamp(ms, -180, true).replace(/([+-]\d{2}):(\d{2})$/, '$1$2'),
  'hour-offset': (ms) => writeTimestamp(ms, -180).replace(/([+-]\d{2}):00$/, '$1'),
  'micros-half-hour': (ms) => writeTimestamp(ms, 330, true).replace(/(\.\d{3})/, '$1000'),
};

const timestamps: Choice = {
  name: 'timestamps',
  gap: 'GEN-TIMESTAMPS: "Timestamps are ISO 8601 strings with an offset or with Z."',
  description: 'every timestamp of an answer rewritten (the same instant) with Z or another offset',
  variants: {
    'utc-z': 'Z, milliseconds only when not zero (messages_pack_list_04: 2026-02-22T21:53:41Z)',
    offset: 'every timestamp with -04:00 (orders_get_05)',
    mixed: 'per field, Z or -04:00 (orders_get_05 mixes -04:00 and +00:00)',
    'basic-offset': 'every timestamp with the offset in ISO 8601 basic form: -0300',
    'hour-offset': 'every timestamp with an offset of hours only: -03',
    'micros-half-hour': 'six fraction digits and a half-hour offset: 2026-02-22T22:23:41.000000+05:30',
    mock: 'the mock: -03:00 on orders, Z on messages and documents',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const write = (text: string, path: string) => {
      const ms = Date.parse(text);
      if (pick.variant === 'utc-z') return writeTimestamp(ms, 0);
      if (pick.variant === 'offset') return writeTimestamp(ms, CAPTURE_OFFSET, true);
      if (pick.variant in OTHER_FORMS) return OTHER_FORMS[pick.variant]!(ms);
      return writeTimestamp(
        ms,
        hash(`${pick.seed}:${path}`) % 2 === 0 ? 0 : CAPTURE_OFFSET,
        offsetOf(text) !== 0,
      );
    };
    onAnswer(app, [], ok, (body) => retimed(body, write));
    // A client sends back the forms this server writes: the date filters read an offset of hours only too.
    beforeHandler(app, ['GET /orders/search'], (request) => {
      for (const name of DATE_FILTERS) {
        const value = firstQuery(request, name);
        if (value !== undefined && /T[\d:.]+[+-]\d{2}$/.test(value)) queryOf(request)[name] = `${value}:00`;
      }
    });
  },
};

/** Idle time after which the short keep-alive closes a connection. */
export const SHORT_KEEP_ALIVE_MS = 300;

/**
 * Closes a connection left idle for `ms` after an answer, as a proxy in front of a server does. Node's own
 * keepAliveTimeout cannot do it: Node waits 1 s more than its setting before it closes.
 */
function closeIdle(app: FastifyInstance, ms: number): void {
  const timers = new WeakMap<Socket, NodeJS.Timeout>();
  app.addHook('onRequest', async (request) => {
    const socket = request.raw.socket;
    clearTimeout(timers.get(socket));
  });
  app.addHook('onResponse', async (request) => {
    const socket = request.raw.socket;
    if (!(socket instanceof Socket) || socket.destroyed) return;
    timers.set(socket, setTimeout(() => socket.end(), ms).unref());
  });
}

/** A server behind a proxy that closes idle connections fast and gives no Keep-Alive hint. */
const keepAlive: Choice = {
  name: 'keep-alive',
  gap: 'not shown: the reference says nothing of connections; closing an idle keep-alive connection is ordinary HTTP',
  description:
    'idle connections closed after 300 ms; no Keep-Alive: timeout= hint, so clients reuse them late',
  variants: {
    'short-no-hint': '300 ms, Connection: keep-alive set by the handler so Node writes no Keep-Alive hint',
    'short-with-hint': 'Node closes after 2 s and says Keep-Alive: timeout=1',
    mock: "Fastify's 72 s with its hint",
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    app.server.keepAliveTimeout = pick.variant === 'short-no-hint' ? SHORT_KEEP_ALIVE_MS : 1000;
    if (pick.variant !== 'short-no-hint') return;
    closeIdle(app, SHORT_KEEP_ALIVE_MS);
    // Node writes its own `Keep-Alive: timeout=N` only when the handler set no Connection header.
    app.addHook('onRequest', async (request, reply) => {
      const close = /close/i.test(String(request.headers.connection ?? ''));
      if (request.raw.httpVersion === '1.1' && !close) reply.header('connection', 'keep-alive');
    });
  },
};

const jsonContentType: Choice = {
  name: 'json-content-type',
  gap: 'GEN-JSON-BODIES: "Bodies are JSON" (the Content-Type parameters are not shown)',
  description: 'JSON answers under another spelling of the JSON media type',
  variants: {
    'upper-utf8': 'application/json;charset=UTF-8',
    'no-charset': 'application/json',
    mock: 'application/json; charset=utf-8',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const type = pick.variant === 'upper-utf8' ? 'application/json;charset=UTF-8' : 'application/json';
    app.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('content-type') ?? '').startsWith('application/json'))
        reply.header('content-type', type);
      return payload;
    });
  },
};

/** Choices of the wire: how timestamps are written, connections kept, JSON labelled. */
export const WIRE_CHOICES: Choice[] = [timestamps, keepAlive, jsonContentType];
