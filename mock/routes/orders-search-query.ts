import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import type { SearchFilters, SortId, TimeRange } from '../store/orders-search.ts';
import type { MockUser } from '../store/users.ts';
import { orderErrors, positiveId } from './orders-access.ts';

export const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 100;
export const SORTS: Record<SortId, string> = { date_asc: 'Date ascending', date_desc: 'Date descending' };

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

type Query = Record<string, unknown>;

/** Every value of a parameter (it may be repeated), as text. */
function values(query: Query, name: string): string[] {
  const raw = query[name];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map(String);
}

function single(query: Query, name: string): string | undefined {
  return values(query, name)[0];
}

/** A comma-separated list (repeated parameters are merged); undefined when absent. */
function list(query: Query, name: string): string[] | undefined {
  const items = values(query, name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return items.length > 0 ? items : undefined;
}

function bool(query: Query, name: string): boolean | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw badRequest(`Invalid ${name}: ${value}; expected true or false`);
}

function time(query: Query, name: string): number | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  const ms = TIMESTAMP.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(ms))
    throw badRequest(`Invalid ${name}: ${value}; expected an ISO 8601 timestamp with offset`);
  return ms;
}

function range(query: Query, field: string): TimeRange | undefined {
  const from = time(query, `order.${field}.from`);
  const to = time(query, `order.${field}.to`);
  return from === undefined && to === undefined ? undefined : { from, to };
}

function integer(query: Query, name: string, fallback: number, min: number, max: number): number {
  const value = single(query, name);
  if (value === undefined) return fallback;
  const parsed = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(parsed >= min && parsed <= max))
    throw badRequest(`Invalid ${name}: ${value}; expected ${min}..${max}`);
  return parsed;
}

function party(query: Query, name: string): number | undefined {
  const value = single(query, name);
  if (value === undefined) return undefined;
  const id = positiveId(value);
  if (id === undefined) throw badRequest(`Invalid ${name}: ${value}`);
  return id;
}

/** Who searches: the buyer= or seller= that matches the caller; the other one filters the counterpart. */
function roleOf(query: Query, caller: MockUser): Pick<SearchFilters, 'role' | 'callerId' | 'counterpartId'> {
  const seller = party(query, 'seller');
  const buyer = party(query, 'buyer');
  // Rules for orders, 4: no action without a filter; the mock refuses a search naming neither party
  // (ORD-SEARCH-FILTER-REQUIRED, ORD-SEARCH-NO-FILTER-ANSWER).
  if (seller === undefined && buyer === undefined) {
    throw badRequest('At least one filter is required: buyer or seller');
  }
  // ORD-SEARCH-ROLE: the caller's orders as the party it names; another's are refused (ORD-ERR-CALLER-ID-INVALID)
  if (seller === caller.id) return { role: 'seller', callerId: caller.id, counterpartId: buyer };
  if (buyer === caller.id) return { role: 'buyer', callerId: caller.id, counterpartId: seller };
  throw orderErrors.callerInvalid();
}

function sortOf(query: Query): SortId {
  const value = single(query, 'sort') ?? 'date_asc';
  if (Object.hasOwn(SORTS, value)) return value as SortId; // not `in`: "constructor" is in every object
  throw badRequest(`Invalid sort: ${value}; available: ${Object.keys(SORTS).join(', ')}`);
}

/** Parses and validates every filter of GET /orders/search. */
export function parseSearch(request: FastifyRequest, caller: MockUser): SearchFilters {
  const query = (request.query ?? {}) as Query;
  return {
    ...roleOf(query, caller),
    item: single(query, 'item'),
    tags: list(query, 'tags'),
    tagsNot: list(query, 'tags.not'),
    q: single(query, 'q') || undefined,
    statuses: list(query, 'order.status'),
    created: range(query, 'date_created'),
    closed: range(query, 'date_closed'),
    updated: range(query, 'date_last_updated'),
    mediationStages: list(query, 'mediations.stage'),
    mediationStatuses: list(query, 'mediations.status'),
    feedbackStatuses: list(query, 'feedback.status'),
    saleRatings: list(query, 'feedback.sale.rating'),
    purchaseRatings: list(query, 'feedback.purchase.rating'),
    saleFulfilled: bool(query, 'feedback.sale.fulfilled'),
    purchaseFulfilled: bool(query, 'feedback.purchase.fulfilled'),
    sort: sortOf(query),
    offset: integer(query, 'offset', 0, 0, 1_000_000_000),
    limit: integer(query, 'limit', DEFAULT_LIMIT, 1, MAX_LIMIT),
  };
}

/** The filters of the request as the response's `filters` array lists them. */
export function appliedFilters(request: FastifyRequest): { id: string; values: string[] }[] {
  const skip = new Set(['sort', 'offset', 'limit', 'access_token']);
  const query = (request.query ?? {}) as Query;
  return Object.keys(query)
    .filter((name) => !skip.has(name))
    .map((name) => ({ id: name, values: values(query, name) }));
}
