/** Blind batch 01: order search (paging, sort, role rules, free text, denormalised titles). */
import type { FastifyRequest } from 'fastify';
import { SORTS } from '../../../routes/orders-search-query.ts';
import { onJson, query } from '../../kit.ts';
import type { BlindFault } from '../kit.ts';
import { first, type Json, refilterSearch } from './shared.ts';

/** Parameters that are not filters of the search. */
const NOT_FILTERS = new Set(['sort', 'offset', 'limit', 'access_token', 'order.status']);

/** A search whose only filter is order.status (besides the caller's own seller= or buyer=). */
function statusOnly(request: FastifyRequest): boolean {
  const q = query(request);
  const rest = Object.keys(q).filter((name) => !NOT_FILTERS.has(name));
  return (
    q['order.status'] !== undefined && rest.length === 1 && (rest[0] === 'seller' || rest[0] === 'buyer')
  );
}

/** The role the search runs as: the party parameter naming the caller (seller= first, as the mock does). */
function roleOf(request: FastifyRequest, callerId: number): 'seller' | 'buyer' | undefined {
  const q = query(request);
  if (first(q.seller) === String(callerId)) return 'seller';
  return first(q.buyer) === String(callerId) ? 'buyer' : undefined;
}

export const SEARCH_FAULTS: BlindFault[] = [
  {
    name: 'b01-search-total-is-page-size',
    description:
      'paging.total of the order search is the number of results on the page instead of the number of matching orders (the count is taken after the slice).',
    bugClass: 'aggregate computed over the wrong set (page instead of matches)',
    quote: '{total, offset, limit} integers',
    basis: 'implied',
    visibleTo: 'the seller and the buyer, only on searches matching more orders than one page holds',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001' },
      { as: 'buyer', method: 'GET', url: '/orders/search?buyer=3001' },
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001&order.status=paid&limit=5' },
    ],
    install(app) {
      onJson(
        app,
        'GET /orders/search',
        (body) => {
          const paging = body.paging as Json | undefined;
          if (paging && Array.isArray(body.results)) paging.total = body.results.length;
          return body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-search-status-index-ignores-desc',
    description:
      'A search filtered by order.status alone is answered from the per-status index, which always merges oldest first: sort=date_desc is echoed but the results come in ascending date order.',
    bugClass: 'sort direction lost on an optimised path',
    quote:
      'An id from available_sorts (date_asc and date_desc occur) … object {id, name} of the applied sort',
    basis: 'implied',
    visibleTo:
      'the seller and the buyer, only on searches with sort=date_desc whose only filter is order.status and that match two orders or more',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001&order.status=paid&sort=date_desc' },
      {
        as: 'buyer',
        method: 'GET',
        url: '/orders/search?buyer=3001&order.status=paid,cancelled&sort=date_desc',
      },
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001&sort=date_desc' },
    ],
    install(app) {
      const flipped = new WeakSet<FastifyRequest>();
      app.addHook('preHandler', async (request) => {
        if (`${request.method} ${request.routeOptions.url ?? ''}` !== 'GET /orders/search') return;
        const q = query(request);
        if (first(q.sort) !== 'date_desc' || !statusOnly(request)) return;
        q.sort = 'date_asc';
        flipped.add(request);
      });
      onJson(
        app,
        'GET /orders/search',
        (body, request) =>
          flipped.has(request) ? { ...body, sort: { id: 'date_desc', name: SORTS.date_desc } } : body,
        200,
      );
    },
  },
  {
    name: 'b01-search-buyer-drops-manually-cancelled',
    description:
      "The predicate that hides manually cancelled orders from a seller's search is applied to every role, so a buyer no longer finds its manually cancelled purchases.",
    bugClass: 'filter applied to the wrong role',
    quote: 'Searching as buyer also returns orders cancelled manually (status manually_cancelled)',
    basis: 'stated',
    visibleTo: 'only the buyer, on its searches that match a manually cancelled order',
    witnesses: [
      { as: 'buyer', method: 'GET', url: '/orders/search?buyer=3001&order.status=manually_cancelled' },
      { as: 'buyer', method: 'GET', url: '/orders/search?buyer=3001' },
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001' },
    ],
    install(app) {
      refilterSearch(
        app,
        (request, caller) => roleOf(request, caller.id) === 'buyer',
        (order) => order.status !== 'manually_cancelled',
      );
    },
  },
  {
    name: 'b01-search-q-matches-own-nickname',
    description:
      "The free-text search q compares with the nickname of the caller instead of the counterpart (the join picks the wrong party), so searching by the counterpart's nickname finds nothing and searching by one's own finds everything.",
    bugClass: 'join on the wrong party',
    quote: 'Free search over order id, item id, item title, nickname of the counterpart',
    basis: 'stated',
    visibleTo: 'the seller and the buyer, on searches with q naming a nickname',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001&q=COMPRADOR_C' },
      { as: 'buyer', method: 'GET', url: '/orders/search?buyer=3001&q=casa_borges' },
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001&q=LOJA_AURORA' },
    ],
    install(app) {
      refilterSearch(
        app,
        (request, caller) =>
          roleOf(request, caller.id) !== undefined && (first(query(request).q) ?? '') !== '',
        (order, original, caller) => {
          const needle = (first(original.q) ?? '').toLowerCase();
          const line = (Array.isArray(order.order_items) ? order.order_items[0] : undefined) as
            | Json
            | undefined;
          const item = (line?.item ?? {}) as Json;
          return [String(order.id), String(item.id ?? ''), String(item.title ?? ''), caller.nickname].some(
            (text) => text.toLowerCase().includes(needle),
          );
        },
        true,
      );
    },
  },
  {
    name: 'b01-search-title-from-live-listing',
    description:
      'Search results take order_items[].item.title from the current listing (a join on the item id to the catalog) instead of the title stored with the order, so the same order shows another title than its by-id read.',
    bugClass: 'stale / wrong denormalised name',
    quote: 'array of Order (full form)',
    basis: 'implied',
    visibleTo:
      'the seller and the buyer, in search results of orders whose listing title is not the one bought',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001' },
      { as: 'buyer', method: 'GET', url: '/orders/search?buyer=3001&order.status=confirmed' },
    ],
    install(app) {
      onJson(
        app,
        'GET /orders/search',
        (body) => {
          for (const order of (Array.isArray(body.results) ? body.results : []) as Json[])
            for (const line of (Array.isArray(order.order_items) ? order.order_items : []) as Json[]) {
              const item = line.item as Json | undefined;
              const listing = item ? app.world.catalog.items.get(String(item.id)) : undefined;
              if (item && listing) item.title = listing.title;
            }
          return body;
        },
        200,
      );
    },
  },
];
