import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import { itemLocation } from '../routes/catalog-params.ts';
import { searchResultJsonOf } from '../routes/orders-render.ts';
import { parseSearch } from '../routes/orders-search-query.ts';
import type { GeoRange } from '../store/catalog-items.ts';
import {
  beforeHandler,
  type Choice,
  callerIdOf,
  firstQuery,
  is,
  type Json,
  onAnswer,
  queryOf,
  type RouteKey,
} from './kit.ts';

const SEARCH: RouteKey = 'GET /orders/search';
const SITE_SEARCH: RouteKey = 'GET /sites/:site_id/search';
const CURRENCY: RouteKey = 'GET /currency_conversions/search';

const searchSort: Choice = {
  name: 'order-search-sort',
  gap: 'ORD-SEARCH-SORT-ORDER: "sort | An id from available_sorts (date_asc and date_desc occur)" (the default and the list are not shown)',
  description: 'the default sort of the order search and what available_sorts lists',
  variants: {
    'asc-default-other-listed': 'date_asc by default; available_sorts names only the sort not applied',
    'desc-default-other-listed': 'date_desc by default; available_sorts names only the sort not applied',
    mock: 'date_asc by default; available_sorts names both',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    if (pick.variant === 'desc-default-other-listed')
      beforeHandler(app, [SEARCH], (request) => {
        if (firstQuery(request, 'sort') === undefined) queryOf(request).sort = 'date_desc';
      });
    onAnswer(app, [SEARCH], is(200), (body) => {
      const page = body as Json;
      const applied = (page.sort as Json).id;
      return { ...page, available_sorts: (page.available_sorts as Json[]).filter((s) => s.id !== applied) };
    });
  },
};

const searchTags: Choice = {
  name: 'order-search-tags',
  gap: 'ORD-SEARCH-TAGS-SEVERAL: "tags, tags.not | Comma-separated tags to include / exclude" (all or any is not said)',
  description: 'several tags in tags=',
  variants: { mock: 'an order must carry every tag', any: 'an order must carry one of them' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, [SEARCH], is(200), (body, request) => {
      const tags = String(queryOf(request).tags ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean);
      const caller = app.world.users.byId(callerIdOf(request) ?? 0);
      if (tags.length < 2 || !caller) return body;
      const asked = parseSearch(request, caller);
      const everyPage = { ...asked, tags: undefined, offset: 0, limit: Number.MAX_SAFE_INTEGER };
      const matching = app.world.orders.orders
        .search(everyPage)
        .results.filter((entry) => tags.some((tag) => entry.order.tags.includes(tag)));
      const page = matching.slice(asked.offset, asked.offset + asked.limit);
      const results = page.map((entry) => JSON.parse(searchResultJsonOf(entry, app.world.users)) as Json);
      const answer = body as Json;
      return { ...answer, results, paging: { ...(answer.paging as Json), total: matching.length } };
    });
  },
};

/** How one run's site search filters: each search choice sets its part. */
interface SitePolicy {
  exactCategory: boolean;
  exclusiveBounds: boolean;
}
const sitePolicies = new WeakMap<FastifyInstance, SitePolicy>();

const EPSILON = 1e-9;
const shrunk = (range: GeoRange): GeoRange => ({
  latMin: range.latMin + EPSILON,
  latMax: range.latMax - EPSILON,
  lonMin: range.lonMin + EPSILON,
  lonMax: range.lonMax - EPSILON,
});

function categoryFilter(app: FastifyInstance, results: Json[]) {
  const counts = new Map<string, number>();
  for (const item of results)
    counts.set(String(item.category_id), (counts.get(String(item.category_id)) ?? 0) + 1);
  const values = [...counts].map(([id, count]) => ({
    id,
    name: app.world.catalog.categories.category(id)?.name ?? id,
    results: count,
  }));
  return values.length === 0 ? [] : [{ id: 'category', name: 'Categorias', type: 'text', values }];
}

/** The site search again, with this run's filters. */
function researched(app: FastifyInstance, policy: SitePolicy, request: FastifyRequest, page: Json): Json {
  const category = firstQuery(request, 'category');
  const range = itemLocation(request);
  const { categories, items } = app.world.catalog;
  const categoryIds =
    category === undefined
      ? undefined
      : policy.exactCategory
        ? new Set([category])
        : categories.subtree(category);
  const paging = page.paging as Json;
  const { total, results } = items.search({
    siteId: String(page.site_id),
    categoryIds,
    range: range && policy.exclusiveBounds ? shrunk(range) : range,
    limit: Number(paging.limit),
  });
  return { ...page, results, paging: { ...paging, total }, available_filters: categoryFilter(app, results) };
}

function sitePolicy(app: FastifyInstance): SitePolicy {
  const existing = sitePolicies.get(app);
  if (existing) return existing;
  const policy: SitePolicy = { exactCategory: false, exclusiveBounds: false };
  sitePolicies.set(app, policy);
  onAnswer(app, [SITE_SEARCH], is(200), (body, request) => researched(app, policy, request, body as Json));
  return policy;
}

const siteSearchCategory: Choice = {
  name: 'site-search-category',
  gap: 'SEARCH-CATEGORY-DESCENDANTS: whether the category filter includes the descendants is not shown',
  description: 'what category= of the site search matches',
  variants: { mock: 'the category and every category below it', exact: 'the category itself only' },
  install: (app, pick) => {
    if (pick.variant !== 'mock') sitePolicy(app).exactCategory = true;
  },
};

const siteSearchBounds: Choice = {
  name: 'site-search-bounds',
  gap: 'SEARCH-LOCATION-INCLUSIVE: whether the item_location bounds belong to the range is not shown',
  description: 'items exactly on a bound of item_location',
  variants: { mock: 'included', exclusive: 'left out' },
  install: (app, pick) => {
    if (pick.variant !== 'mock') sitePolicy(app).exclusiveBounds = true;
  },
};

const REFERENCE_CURRENCY = 'USD';

const currencyIdentity: Choice = {
  name: 'currency-pairs',
  gap: 'CUR-CONVERT-IDENTITY: "Convert between currencies by ratio." (the ratio of a currency to itself, and which pairs, not stated)',
  description: 'which pairs of known currencies the conversion answers',
  variants: {
    'identity-refused': 'from = to refused with 400 bad_request',
    'only-via-usd': 'from = to refused, and pairs without USD refused, with 400 bad_request',
    mock: 'every pair; from = to is 1',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, [CURRENCY], (request) => {
      const from = firstQuery(request, 'from') ?? '';
      const to = firstQuery(request, 'to') ?? '';
      const { currencies } = app.world.orders;
      if (!currencies.knows(from) || !currencies.knows(to)) return;
      if (from === to) throw badRequest(`Conversion from ${from} to ${to} is not supported`);
      const viaUsd = from === REFERENCE_CURRENCY || to === REFERENCE_CURRENCY;
      if (pick.variant === 'only-via-usd' && !viaUsd)
        throw badRequest(`Conversion from ${from} to ${to} is not supported`);
    });
  },
};

const currencyPrecision: Choice = {
  name: 'currency-precision',
  gap: 'CUR-CONVERT-INVERSE: the precision of a ratio is not stated (A to B times B to A is 1 only up to rounding)',
  description: 'how many digits a ratio carries',
  variants: { mock: '12 significant digits', 'four-digits': '4 significant digits' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, [CURRENCY], is(200), (body) => {
      const answer = body as Json;
      return { ...answer, ratio: Number(Number(answer.ratio).toPrecision(4)) };
    });
  },
};

const shippingDestination: Choice = {
  name: 'shipping-destination',
  gap: 'SHIP-ERR-NO-DESTINATION: "zip_code=<zip_code> or city_to=<city_id>" (the answer to both is not shown)',
  description: 'shipping options asked with both zip_code and city_to',
  variants: { mock: '400 bad_request', 'zip-code-wins': 'city_to ignored, the zip code answered' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, ['GET /items/:item_id/shipping_options'], (request) => {
      if (firstQuery(request, 'zip_code') !== undefined) delete queryOf(request).city_to;
    });
  },
};

/** Choices of how rules the reference leaves open apply: sorts, tags, category and range filters, pairs. */
export const RULE_CHOICES: Choice[] = [
  searchSort,
  searchTags,
  siteSearchCategory,
  siteSearchBounds,
  currencyIdentity,
  currencyPrecision,
  shippingDestination,
];
