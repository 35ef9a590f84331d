/** What the faults of blind batch 01 share: route matching, the caller of a request, a response cache, a search re-filter. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LIMIT } from '../../../routes/orders-search-query.ts';
import type { MockUser } from '../../../store/users.ts';
import { onJson, query, type RouteKey } from '../../kit.ts';

export type Json = Record<string, unknown>;

export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

/** The bearer token of the Authorization header, if any. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return (match ? match[1]! : header).trim() || undefined;
}

/** The user of the Authorization header, if it names a known one. */
export function callerOf(request: FastifyRequest): MockUser | undefined {
  const token = bearer(request);
  return token === undefined ? undefined : request.server.world.users.byToken(token);
}

export function param(request: FastifyRequest, name: string): string {
  const value = (request.params as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

export function first(value: unknown): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A response cache in front of a route: 200 answers are kept under `key` and served to any later request
 * with the same key that `mayServe` admits (the regression: a key that forgets something the answer depends on).
 */
export function cacheResponses(
  app: FastifyInstance,
  route: RouteKey,
  key: (request: FastifyRequest) => string | undefined,
  mayServe: (request: FastifyRequest) => boolean,
): void {
  const cache = new Map<string, string>();
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (routeOf(request) !== route) return;
    const k = key(request);
    const hit = k === undefined ? undefined : cache.get(k);
    if (hit === undefined || !mayServe(request)) return;
    reply.code(200).type(JSON_TYPE).send(hit);
    return reply;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (routeOf(request) !== route || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const k = key(request);
    if (k !== undefined) cache.set(k, payload);
    return payload;
  });
}

/** Every order JSON of an order answer: the by-id body itself, or each search result. */
export function onOrders(app: FastifyInstance, change: (order: Json, request: FastifyRequest) => void): void {
  onJson(app, 'GET /orders/:order_id', (body, request) => {
    change(body, request);
    return body;
  });
  onJson(
    app,
    'GET /orders/search',
    (body, request) => {
      if (Array.isArray(body.results)) for (const order of body.results) change(order as Json, request);
      return body;
    },
    200,
  );
}

const SEARCH_ROUTE: RouteKey = 'GET /orders/search';
const ECHO_SKIPPED = new Set(['sort', 'offset', 'limit', 'access_token']);
/** Enough for the seeded data at scale 1 (the largest party holds fewer than 60 orders). */
const WIDE_PAGE = 100;

interface Stashed {
  original: Json;
  offset: number;
  limit: number;
}

/**
 * An order search whose matches are narrowed afterwards by `keep` (the regression's own predicate): the
 * search runs unpaged (without q when `dropQ`), then is filtered, paged and counted again, echoes intact.
 */
export function refilterSearch(
  app: FastifyInstance,
  applies: (request: FastifyRequest, caller: MockUser) => boolean,
  keep: (order: Json, original: Json, caller: MockUser) => boolean,
  dropQ = false,
): void {
  const stash = new WeakMap<FastifyRequest, Stashed>();
  const pagingValue = (value: unknown, fallback: number) => {
    if (value === undefined) return fallback;
    const text = first(value);
    return text !== undefined && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
  };
  app.addHook('preHandler', async (request) => {
    if (routeOf(request) !== SEARCH_ROUTE) return;
    const caller = callerOf(request);
    const q = query(request);
    if (!caller || !applies(request, caller)) return;
    const offset = pagingValue(q.offset, 0);
    const limit = pagingValue(q.limit, DEFAULT_LIMIT);
    if (offset === undefined || limit === undefined || limit < 1 || limit > WIDE_PAGE) return;
    stash.set(request, { original: { ...q }, offset, limit });
    q.offset = '0';
    q.limit = String(WIDE_PAGE);
    if (dropQ) delete q.q;
  });
  onJson(
    app,
    SEARCH_ROUTE,
    (body, request) => {
      const stashed = stash.get(request);
      const caller = callerOf(request);
      if (!stashed || !caller || !Array.isArray(body.results)) return body;
      const { original, offset, limit } = stashed;
      const kept = (body.results as Json[]).filter((order) => keep(order, original, caller));
      return {
        ...body,
        query: first(original.q) ?? '',
        results: kept.slice(offset, offset + limit),
        filters: Object.keys(original)
          .filter((name) => !ECHO_SKIPPED.has(name))
          .map((name) => {
            const raw = original[name];
            return { id: name, values: (Array.isArray(raw) ? raw : [raw]).map(String) };
          }),
        paging: { total: kept.length, offset, limit },
      };
    },
    200,
  );
}
