/**
 * Issue 25's two shapes of regression: filters that drop matches (every answer still well-formed,
 * only smaller) and values with the wrong meaning (right type, wrong thing).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Fault, onJson, onRequest, query, type RouteKey } from './kit.ts';

const SEARCH: RouteKey = 'GET /orders/search';
const LISTING: RouteKey = 'GET /messages/packs/:pack_id/sellers/:user_id';

type Json = Record<string, unknown>;
interface Result {
  id: number;
  status: string;
  tags: string[];
  order_items: { item: { id: string; title: string } }[];
}

/** Removes the search results `drop` selects from a page, and from paging.total, as a server that never had them. */
function dropResults(
  name: string,
  requirement: string,
  description: string,
  drop: (result: Result, request: FastifyRequest, app: FastifyInstance) => boolean,
): Fault {
  return {
    name,
    requirement,
    description,
    install: (app) =>
      onJson(
        app,
        SEARCH,
        (body, request) => {
          const results = body.results as Result[];
          const kept = results.filter((r) => !drop(r, request, app));
          const paging = body.paging as { total: number };
          paging.total -= results.length - kept.length;
          return { ...body, results: kept };
        },
        200,
      ),
  };
}

const list = (value: unknown) =>
  String(value ?? '')
    .split(',')
    .filter(Boolean);

/** The filters of a search beyond the caller's party, the sort and the paging. */
const NOT_FILTERS = new Set(['seller', 'buyer', 'sort', 'offset', 'limit']);
const filtered = (request: FastifyRequest) =>
  Object.keys(query(request)).some((key) => !NOT_FILTERS.has(key));

function callerIsBuyer(app: FastifyInstance, request: FastifyRequest): boolean {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const caller = token ? app.world.users.byToken(token) : undefined;
  return caller !== undefined && String(query(request).buyer) === String(caller.id);
}

const DROPS: Fault[] = [
  {
    name: 'order-status-first-value-only',
    requirement: 'ORD-SEARCH-STATUS-COMPLETE',
    description: 'order.status with several comma-separated statuses applies only the first',
    install: (app) =>
      onRequest(app, SEARCH, (request) => {
        const statuses = list(query(request)['order.status']);
        if (statuses.length > 1) query(request)['order.status'] = statuses[0];
      }),
  },
  dropResults(
    'order-tags-exact-match',
    'ORD-SEARCH-TAGS-COMPLETE',
    'tags=X returns only orders whose tags are exactly the given ones (an order carrying one more tag is dropped)',
    (result, request) => {
      const asked = list(query(request).tags);
      return asked.length > 0 && result.tags.some((tag) => !asked.includes(tag));
    },
  ),
  {
    name: 'order-search-pages-after-first-empty',
    requirement: 'ORD-SEARCH-PAGING-COMPLETE',
    description: 'every page of the order search past the first answers no result, paging unchanged',
    install: (app) =>
      onJson(
        app,
        SEARCH,
        (body, request) => (Number(query(request).offset) > 0 ? { ...body, results: [] } : body),
        200,
      ),
  },
  dropResults(
    'buyer-filtered-search-drops-manually-cancelled',
    'ORD-SEARCH-STATUS-COMPLETE',
    "the buyer's special case kept only in the unfiltered search: any other filter drops manually cancelled orders",
    (result, request, app) =>
      result.status === 'manually_cancelled' && filtered(request) && callerIsBuyer(app, request),
  ),
  dropResults(
    'order-q-skips-nickname',
    'ORD-SEARCH-Q-COMPLETE',
    "q searches the order id and its items only, never the counterpart's nickname",
    (result, request) => {
      const q = String(query(request).q ?? '').toLowerCase();
      if (!q) return false;
      const line = result.order_items[0]?.item;
      return ![String(result.id), line?.id ?? '', line?.title ?? ''].some((text) =>
        text.toLowerCase().includes(q),
      );
    },
  ),
];

const MEANINGS: Fault[] = [
  {
    name: 'discount-seller-total-swapped',
    requirement: 'MEAN-DISCOUNT-SELLER-PORTION',
    description:
      'the amounts of a discounted item answer the seller-funded portion as total and the total as seller',
    install: (app) =>
      onJson(
        app,
        'GET /orders/:order_id/discounts',
        (body) => {
          for (const detail of (body.details as {
            items?: { amounts?: { total: number; seller: number } }[];
          }[]) ?? [])
            for (const item of detail.items ?? [])
              if (item.amounts) item.amounts = { total: item.amounts.seller, seller: item.amounts.total };
          return body;
        },
        200,
      ),
  },
  {
    name: 'legacy-resource-id-is-pack',
    requirement: 'MEAN-MSG-LEGACY-RESOURCE',
    description: 'a legacy message names its pack id as resource_id (an id of the wrong resource)',
    install: (app) =>
      onJson(
        app,
        'GET /messages/:message_id',
        (body) => {
          if (body.resource !== 'orders') return body;
          const order = app.world.orders.orders.get(Number(body.resource_id));
          return order?.order.pack_id ? { ...body, resource_id: order.order.pack_id } : body;
        },
        200,
      ),
  },
  {
    name: 'message-to-is-pack-id',
    requirement: 'MEAN-MSG-PARTIES',
    description: 'messages of a pack listing name the pack id as to.user_id (an id of the wrong resource)',
    install: (app) =>
      onJson(
        app,
        LISTING,
        (body, request) => {
          const pack = Number((request.params as Record<string, string>).pack_id);
          for (const message of (body.messages as Json[]) ?? []) message.to = { user_id: pack };
          return body;
        },
        200,
      ),
  },
  {
    name: 'state-cities-emptied',
    requirement: 'LOC-CITIES-COMPLETE',
    description: 'a state read answers cities: [] (a list emptied for one kind of location)',
    install: (app) =>
      onJson(app, 'GET /classified_locations/states/:state_id', (body) => ({ ...body, cities: [] }), 200),
  },
];

/** The faults of issue 25, in catalog order. */
export const COMPLETENESS_FAULTS: readonly Fault[] = [...DROPS, ...MEANINGS];
