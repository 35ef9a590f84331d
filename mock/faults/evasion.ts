import { type Fault, onJson, onRequest, query, type RouteKey } from './kit.ts';

/**
 * Regressions that break a rule and also leave out the field the rule reads, so a suite that judges a
 * rule only "where the field is there" sees nothing wrong: each requirement must end failed or not
 * verified, never verified (issue 32, "a rule cannot be evaded by dropping its field").
 */

type Json = Record<string, unknown>;

const ORDER_SEARCH: RouteKey = 'GET /orders/search';
const SITE_SEARCH: RouteKey = 'GET /sites/:site_id/search';

/** A page whose results each lose the given fields. */
function withoutInResults(page: Json, fields: string[]): Json {
  if (!Array.isArray(page.results)) return page;
  const results = (page.results as Json[]).map((result) =>
    Object.fromEntries(Object.entries(result).filter(([key]) => !fields.includes(key))),
  );
  return { ...page, results };
}

export const EVASION_FAULTS: readonly Fault[] = [
  {
    name: 'tags-not-ignored-and-tags-left-out',
    requirement: 'ORD-SEARCH-TAGS-NOT',
    description: 'order search ignores tags.not and leaves tags out of its results',
    install: (app) => {
      onRequest(app, ORDER_SEARCH, (request) => {
        delete query(request)['tags.not'];
      });
      onJson(app, ORDER_SEARCH, (page) => withoutInResults(page, ['tags']));
    },
  },
  {
    name: 'status-filter-ignored-and-status-left-out',
    requirement: 'ORD-SEARCH-STATUS',
    description: 'order search ignores order.status and leaves status out of its results',
    install: (app) => {
      onRequest(app, ORDER_SEARCH, (request) => {
        delete query(request)['order.status'];
      });
      onJson(app, ORDER_SEARCH, (page) => withoutInResults(page, ['status']));
    },
  },
  {
    name: 'item-location-ignored-and-coordinates-left-out',
    requirement: 'SEARCH-LOCATION-RANGE',
    description: 'site search answers items of the whole world and leaves location and seller_address out',
    install: (app) => {
      onRequest(app, SITE_SEARCH, (request) => {
        query(request).item_location = 'lat:-90_90,lon:-180_180';
      });
      onJson(app, SITE_SEARCH, (page) => withoutInResults(page, ['location', 'seller_address']));
    },
  },
  {
    name: 'category-path-left-out',
    requirement: 'CAT-PATH-EXTENDS',
    description:
      "a category read leaves path_from_root out, so no child's path can be seen to extend its parent's",
    install: (app) =>
      onJson(app, 'GET /categories/:category_id', (category) => {
        const { path_from_root: _dropped, ...rest } = category;
        return rest;
      }),
  },
  {
    name: 'delivery-promises-left-out',
    requirement: 'SHIP-EDT-TYPES',
    description: 'shipping options leave estimated_delivery_time out of every option',
    install: (app) =>
      onJson(app, 'GET /items/:item_id/shipping_options', (answer) => {
        if (!Array.isArray(answer.options)) return answer;
        const options = (answer.options as Json[]).map(
          ({ estimated_delivery_time: _dropped, ...rest }) => rest,
        );
        return { ...answer, options };
      }),
  },
  {
    name: 'user-status-unwrapped',
    requirement: 'USR-STATUS-FIELDS',
    description:
      'the user-status read answers the fields of status at top level, without the {status: …} envelope',
    install: (app) =>
      onJson(app, 'GET /users/:user_id', (answer, _request, reply) =>
        reply.statusCode === 200 && answer.status && typeof answer.status === 'object'
          ? answer.status
          : answer,
      ),
  },
];
