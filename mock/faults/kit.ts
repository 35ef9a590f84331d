import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a regression does, as the mutation report groups them (issue 36): two reads of one fact that disagree, a value of the right type with the wrong meaning, data only a deep read reaches, or another. */
export type FaultClass = 'disagreeing' | 'meaning' | 'hidden-deep' | 'other';

/** A realistic regression of a real server, planted by the mutation run to prove the suite catches it. */
export interface Fault {
  name: string;
  /** The requirement id of spec/requirements/ that the fault breaks. */
  requirement: string;
  description: string;
  /** Set when only a write (upload, send, delete) can reveal the fault: why a read-only run cannot see it. */
  needsWrite?: string;
  /** Set when the fault breaks only a choice the reference leaves open (a gap): no foreign target can be held to it. */
  breaksGap?: string;
  /** Its class in the mutation report; set by the catalog from the family it belongs to. */
  faultClass?: FaultClass;
  install(app: FastifyInstance): void;
}

/** `GET /orders/:order_id`: a route as Fastify names it. */
export type RouteKey = `${'GET' | 'POST' | 'DELETE'} ${string}`;

function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

type Json = Record<string, unknown>;

/** Rewrites the JSON body a route answers with the given status (all statuses when omitted). */
export function onJson(
  app: FastifyInstance,
  route: RouteKey,
  transform: (body: Json, request: FastifyRequest, reply: FastifyReply) => unknown,
  status?: number,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (routeOf(request) !== route || (status !== undefined && reply.statusCode !== status)) return payload;
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json'))
      return payload;
    const next = transform(JSON.parse(payload) as Json, request, reply);
    return JSON.stringify(next);
  });
}

/** Rewrites the raw bytes a route answers with (file downloads). */
export function onBytes(app: FastifyInstance, route: RouteKey, transform: (bytes: Buffer) => Buffer): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (routeOf(request) !== route || reply.statusCode !== 200) return payload;
    if (Buffer.isBuffer(payload)) return transform(payload);
    if (typeof payload === 'string') return transform(Buffer.from(payload, 'latin1'));
    return payload;
  });
}

/** Changes the status (and the body's status and error) a route answers. */
export function onStatus(
  app: FastifyInstance,
  route: RouteKey,
  from: number,
  to: number,
  error?: string,
): void {
  onJson(
    app,
    route,
    (body, _request, reply) => {
      reply.code(to);
      return 'status' in body ? { ...body, status: to, ...(error ? { error } : {}) } : body;
    },
    from,
  );
}

/** Changes the request before the handler sees it: query, headers (onRequest), parsed JSON body (preHandler). */
export function onRequest(
  app: FastifyInstance,
  route: RouteKey,
  change: (request: FastifyRequest) => void,
): void {
  app.addHook('preHandler', async (request) => {
    if (routeOf(request) === route) change(request);
  });
}

export function query(request: FastifyRequest): Record<string, unknown> {
  return request.query as Record<string, unknown>;
}

/** Deletes a dotted path (`status_detail`, `order_items.0.unit_price`) from a JSON value. */
export function removePath(body: unknown, path: string): unknown {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node = body as Record<string, unknown> | undefined;
  for (const key of keys) node = node?.[key] as Record<string, unknown> | undefined;
  if (node && typeof node === 'object') delete node[last];
  return body;
}

/** Sets a dotted path of a JSON value. */
export function setPath(body: unknown, path: string, value: unknown): unknown {
  const keys = path.split('.');
  const last = keys.pop()!;
  let node = body as Record<string, unknown> | undefined;
  for (const key of keys) node = node?.[key] as Record<string, unknown> | undefined;
  if (node && typeof node === 'object') node[last] = value;
  return body;
}

/** Applies a change to every element of an array field of the body (e.g. `results`). */
export function eachOf(body: Json, field: string, change: (item: Json) => void): Json {
  const list = body[field];
  if (Array.isArray(list)) for (const item of list) change(item as Json);
  return body;
}

/** The body with each element of an array field replaced by its change (the body as is without the field). */
export function mapList(body: Json, key: string, change: (item: Json, index: number) => Json): Json {
  return Array.isArray(body[key]) ? { ...body, [key]: (body[key] as Json[]).map(change) } : body;
}

/** A pack listing whose every party other than the seller of the path is a user one id past the pack's buyer. */
export function buyerShifted(listing: Json, request: FastifyRequest): Json {
  const seller = Number((request.params as Record<string, string>).user_id);
  const shifted = (party: unknown) =>
    party && typeof party === 'object' && Number((party as Json).user_id) !== seller
      ? { ...(party as Json), user_id: Number((party as Json).user_id) + 1 }
      : party;
  return mapList(listing, 'messages', (m) => ({ ...m, from: shifted(m.from), to: shifted(m.to) }));
}
