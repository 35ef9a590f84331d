import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';
import type { RouteKey } from '../faults/kit.ts';

export type { RouteKey } from '../faults/kit.ts';

export type Json = Record<string, unknown>;

/** What a choice is installed with: the variant drawn for this run, and seeded randomness for its decisions. */
export interface Pick {
  variant: string;
  seed: number;
  /** A number in [0, 1) fixed by the seed, the choice and the key: the same run decides the same way. */
  chance(key: string): number;
}

/**
 * One place where the reference is silent and a faithful server could answer otherwise than the mock.
 * The first variant is the production-like one (what the captures of ../shared/real-responses show);
 * the variant named `mock` is the default mock's own choice.
 */
export interface Choice {
  name: string;
  /** The requirement id (spec/requirements, basis gap) or the reference's sentence that leaves it open. */
  gap: string;
  description: string;
  /** Variant name → what it does; the first one is the production-like choice. */
  variants: Record<string, string>;
  install(app: FastifyInstance, pick: Pick): void;
}

/** FNV-1a: a 32-bit hash of a text, the seed of every seeded decision. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG; the first draw of a generator seeded by a hash is all a choice needs. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pickOf(choice: Choice, seed: number, variant: string): Pick {
  return { variant, seed, chance: (key) => prng(hash(`${seed}:${choice.name}:${key}`))() };
}

export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? ''}`;
}

function isJson(reply: FastifyReply, payload: unknown): payload is string {
  return typeof payload === 'string' && String(reply.getHeader('content-type') ?? '').includes('json');
}

type Transform = (body: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;

/**
 * Rewrites the JSON a route answers (any route when `routes` is empty), for the statuses `when` accepts.
 * Unlike the faults' onJson, the body may be an array (bare-array answers) and a route list is allowed.
 */
export function onAnswer(
  app: FastifyInstance,
  routes: readonly RouteKey[],
  when: (status: number) => boolean,
  transform: Transform,
): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (routes.length > 0 && !routes.includes(routeOf(request) as RouteKey)) return payload;
    if (!when(reply.statusCode) || !isJson(reply, payload)) return payload;
    return JSON.stringify(transform(JSON.parse(payload), request, reply));
  });
}

export const ok = (status: number) => status >= 200 && status < 300;
export const is =
  (...statuses: number[]) =>
  (status: number) =>
    statuses.includes(status);
export const failed = (status: number) => status >= 400;

/** The routes whose handler refuses a call without a token (Authentication 1: orders, fiscal documents, messages, attachments, shipping options). */
const TOKEN_ROUTES = /^[A-Z]+ \/(orders|packs|messages|shipments|items\/:item_id\/shipping_options)\b/;

/** Whether the request carries a token, in the Authorization header or the access_token query parameter. */
const carriesToken = (request: FastifyRequest) =>
  Boolean(request.headers.authorization) || firstQuery(request, 'access_token') !== undefined;

/**
 * Changes the request of the given routes before the handler runs (query, params, parsed body). A change
 * that refuses the request (throws) yields to the handler on a protected route called without a token:
 * "A call without a token is answered with 403" (Authentication 3), whatever else is wrong with it.
 */
export function beforeHandler(
  app: FastifyInstance,
  routes: readonly RouteKey[],
  change: (request: FastifyRequest, reply: FastifyReply) => void,
): void {
  app.addHook('preHandler', async (request, reply) => {
    const route = routeOf(request);
    if (!routes.includes(route as RouteKey)) return;
    try {
      change(request, reply);
    } catch (refusal) {
      if (TOKEN_ROUTES.test(route) && !carriesToken(request)) return;
      throw refusal;
    }
  });
}

/** The id of the user whose token the request carries (header or access_token query), if any is known. */
export function callerIdOf(request: FastifyRequest): number | undefined {
  const header = /^Bearer\s+(.*)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
  const token = header ?? firstQuery(request, 'access_token');
  return token === undefined ? undefined : request.server.world.users.byToken(token)?.id;
}

export interface ErrorBody {
  message: string;
  error: string;
  status: number;
  cause?: unknown[];
}

/**
 * Answers the errors of the given routes (any route when empty) that `match` picks with another status,
 * code or message; `to` returns the new error, or a whole other answer (status and body) to send instead.
 */
export function onError(
  app: FastifyInstance,
  routes: readonly RouteKey[],
  match: (error: ErrorBody, request: FastifyRequest) => boolean,
  to: (error: ErrorBody, request: FastifyRequest) => Partial<ErrorBody> | { answer: unknown; status: number },
): void {
  onAnswer(app, routes, failed, (body, request, reply) => {
    const error = errorOf(body);
    if (!error || !match(error, request)) return body;
    const next = to(error, request);
    if ('answer' in next) {
      reply.code(next.status);
      return next.answer;
    }
    const status = next.status ?? error.status;
    reply.code(status);
    return { ...(body as Json), ...next, status };
  });
}

/** An error answer in the reference's shape, from inside an onSend transform. */
export function answerError(reply: FastifyReply, status: number, error: string, message: string): Json {
  reply.code(status);
  return new ApiError(status, error, message).toBody();
}

/** The error body of an answer, when it is one. */
function errorOf(body: unknown): { message: string; error: string; status: number } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { message, error, status } = body as Json;
  return typeof error === 'string' && typeof status === 'number'
    ? { message: String(message), error, status }
    : undefined;
}

/** The query of a request as a mutable record. */
export function queryOf(request: FastifyRequest): Record<string, unknown> {
  return (request.query ?? {}) as Record<string, unknown>;
}

/** The first value of a query parameter. */
export function firstQuery(request: FastifyRequest, name: string): string | undefined {
  const value = queryOf(request)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** A copy of an object keeping only the given keys, in the object's order. */
export function keepOnly(object: Json, keys: readonly string[]): Json {
  return Object.fromEntries(Object.entries(object).filter(([key]) => keys.includes(key)));
}

/** A copy of an object without the given keys. */
export function without(object: Json, keys: readonly string[]): Json {
  return Object.fromEntries(Object.entries(object).filter(([key]) => !keys.includes(key)));
}

/** Runs when the mock's state is reset (POST /__mock/reset), so a choice's own state starts over with it. */
export function onReset(app: FastifyInstance, clear: () => void): void {
  app.addHook('onResponse', async (request) => {
    if (request.method === 'POST' && request.routeOptions.url === '/__mock/reset') clear();
  });
}

/** An ISO 8601 timestamp with seconds and an offset or Z, as every timestamp of the mock is written. */
export const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** The instant `ms` written with a UTC offset of `minutes` (0 gives Z); milliseconds only when not zero, unless kept. */
export function writeTimestamp(ms: number, minutes: number, keepMillis = false): string {
  const local = new Date(ms + minutes * 60_000).toISOString().slice(0, -1);
  const text = keepMillis ? local : local.replace(/\.000$/, '');
  if (minutes === 0) return `${text}Z`;
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${text}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** The UTC offset, in minutes, that a timestamp is written with. */
export function offsetOf(timestamp: string): number {
  const match = /([+-])(\d{2}):(\d{2})$/.exec(timestamp);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}
