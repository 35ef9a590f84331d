import type { FastifyRequest } from 'fastify';
import { eachOf, type Fault, onBytes, onJson, onRequest, query, type RouteKey, setPath } from './kit.ts';

const MESSAGE: RouteKey = 'POST /messages/packs/:pack_id/sellers/:user_id';
const SEARCH: RouteKey = 'GET /orders/search';
const SITE_SEARCH: RouteKey = 'GET /sites/:site_id/search';

function body(request: FastifyRequest): Record<string, unknown> | undefined {
  const value = request.body;
  return value && typeof value === 'object' && !Buffer.isBuffer(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** A limit of the message text moved: every text in the class `applies` is judged as `change` makes it. */
function textLimitOff(
  name: string,
  requirement: string,
  description: string,
  applies: (length: number) => boolean,
  change: (text: string) => string,
  sellerOnly = true,
): Fault {
  return {
    name,
    requirement,
    description,
    install: (app) =>
      onRequest(app, MESSAGE, (request) => {
        const json = body(request);
        const seller = (request.params as Record<string, string>).user_id;
        const from = (json?.from as Record<string, unknown> | undefined)?.user_id;
        if (sellerOnly && String(from) !== seller) return;
        if (typeof json?.text === 'string' && applies([...json.text].length)) json.text = change(json.text);
      }),
  };
}

/** A paging parameter the handler cannot read: invalid values treated as absent instead of refused. */
function invalidPagingIgnored(request: FastifyRequest): void {
  for (const name of ['limit', 'offset']) {
    const value = query(request)[name];
    if (value === undefined) continue;
    const number = Number(value);
    const valid = /^\d+$/.test(String(value)) && (name === 'offset' || number > 0);
    if (!valid) delete query(request)[name];
  }
}

/** A query parameter the handler never sees: a filter, sort or paging the server ignores. */
function ignoreParams(name: string, requirement: string, route: RouteKey, params: string[]): Fault {
  return {
    name,
    requirement,
    description: `${route} ignores ${params.join(', ')}`,
    install: (app) =>
      onRequest(app, route, (request) => {
        for (const param of params) delete query(request)[param];
      }),
  };
}

function flipFirstByte(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  if (copy.length > 0) copy[0] = copy[0]! ^ 0xff;
  return copy;
}

/** Faults in limits, filters, sorts, paging, state rules and files. */
export const RULE_FAULTS: Fault[] = [
  textLimitOff(
    'seller-text-over-350-accepted',
    'MSG-CREATE-ERR-SELLER-LENGTH',
    'message creation cuts any text over 350 characters to 350 instead of refusing it',
    (length) => length > 350,
    (text) => [...text].slice(0, 350).join(''),
  ),
  textLimitOff(
    'seller-text-350-refused',
    'MSG-CREATE-ERR-SELLER-LENGTH',
    'message creation counts one character too many: a text of 350 or more is refused',
    (length) => length >= 350 && length <= 3500,
    (text) => `${text}x`,
  ),
  textLimitOff(
    'buyer-text-over-3500-accepted',
    'MSG-CREATE-ERR-BUYER-LENGTH',
    'message creation cuts any text over 3500 characters to 3500 instead of refusing it',
    (length) => length > 3500,
    (text) => [...text].slice(0, 3500).join(''),
    false,
  ),
  {
    name: 'charset-not-checked',
    requirement: 'MSG-CREATE-ERR-CHARSET',
    description: 'message creation replaces characters outside ISO-8859-1 instead of refusing them',
    install: (app) =>
      onRequest(app, MESSAGE, (request) => {
        const json = body(request);
        if (typeof json?.text === 'string')
          json.text = [...json.text].map((c) => (c.codePointAt(0)! > 0xff ? '?' : c)).join('');
      }),
  },
  {
    name: 'attachments-26-accepted',
    requirement: 'MSG-CREATE-ATTACHMENTS-MAX',
    description:
      'message creation keeps the first 25 of any list of more than 25 attachments instead of refusing',
    install: (app) =>
      onRequest(app, MESSAGE, (request) => {
        const json = body(request);
        if (Array.isArray(json?.attachments) && json.attachments.length > 25)
          json.attachments = json.attachments.slice(0, 25);
      }),
  },
  {
    name: 'listing-invalid-paging-accepted',
    requirement: 'MSG-ERR-LIMIT-ZERO',
    description: 'the pack listing treats any invalid limit or offset as absent instead of refusing it',
    install: (app) => onRequest(app, 'GET /messages/packs/:pack_id/sellers/:user_id', invalidPagingIgnored),
  },
  {
    name: 'fiscal-third-document-accepted',
    requirement: 'FIS-ERR-MAX-FILES',
    description: 'an upload to a pack where the seller already holds two documents is answered as uploaded',
    needsWrite: 'only an upload shows the per-seller limit',
    install: (app) =>
      onJson(
        app,
        'POST /packs/:pack_id/fiscal_documents',
        (json, request, reply) => {
          const pack = Number((request.params as Record<string, string>).pack_id);
          const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
          const seller = token ? app.world.users.byToken(token) : undefined;
          if (!seller || app.world.fiscal.ofSeller(pack, seller.id).length < 2) return json;
          reply.code(200);
          return { ids: ['0000000000000000deadbeef'] };
        },
        409,
      ),
  },
  {
    name: 'attachment-size-not-enforced',
    requirement: 'ATT-ERR-TOO-LARGE',
    description: 'an attachment over 25 MB is answered as uploaded',
    needsWrite: 'only an upload shows the size limit',
    install: (app) =>
      onJson(
        app,
        'POST /messages/attachments',
        (json, request, reply) => {
          if (Number(request.headers['content-length'] ?? 0) <= 25 * 1024 * 1024) return json;
          reply.code(200);
          return { id: 'oversized-attachment' };
        },
        400,
      ),
  },
  ignoreParams('order-status-filter-ignored', 'ORD-SEARCH-STATUS', SEARCH, ['order.status']),
  ignoreParams('order-tags-filter-ignored', 'ORD-SEARCH-TAGS', SEARCH, ['tags']),
  ignoreParams('order-q-ignored', 'ORD-SEARCH-Q', SEARCH, ['q']),
  ignoreParams('order-sort-ignored', 'ORD-SEARCH-SORT', SEARCH, ['sort']),
  ignoreParams('order-paging-ignored', 'ORD-SEARCH-PAGING', SEARCH, ['offset', 'limit']),
  ignoreParams('order-date-created-ignored', 'ORD-SEARCH-DATE-CREATED', SEARCH, [
    'order.date_created.from',
    'order.date_created.to',
  ]),
  ignoreParams('site-search-category-ignored', 'SEARCH-CATEGORY', SITE_SEARCH, ['category']),
  ignoreParams('site-search-range-ignored', 'SEARCH-LOCATION-RANGE', SITE_SEARCH, ['item_location']),
  ignoreParams('site-search-limit-ignored', 'SEARCH-LIMIT', SITE_SEARCH, ['limit']),
  {
    name: 'seller-search-shows-manually-cancelled',
    requirement: 'ORD-SEARCH-SELLER-MANUAL',
    description: "a seller's order search also returns manually cancelled orders",
    install: (app) =>
      onJson(
        app,
        SEARCH,
        (json, request) => {
          if (!query(request).seller || query(request).buyer) return json;
          const seller = Number(query(request).seller);
          const extra = app.world.orders.orders
            .all()
            .filter((e) => e.order.seller.id === seller && e.order.status === 'manually_cancelled')
            .map((e) => e.order);
          const results = Array.isArray(json.results) ? json.results : [];
          return { ...json, results: [...results, ...extra] };
        },
        200,
      ),
  },
  {
    name: 'partial-order-without-header',
    requirement: 'ORD-READ-PARTIAL',
    description: 'a 206 partial order comes without X-Content-Missing',
    install: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.routeOptions.url === '/orders/:order_id' && reply.statusCode === 206)
          reply.removeHeader('x-content-missing');
        return payload;
      }),
  },
  {
    name: 'shipping-cost-above-list-cost',
    requirement: 'SHIP-COST-NOT-ABOVE-LIST',
    description: 'shipping options charge more than their list cost',
    install: (app) =>
      onJson(
        app,
        'GET /items/:item_id/shipping_options',
        (json) =>
          eachOf(json, 'options', (option) => {
            option.cost = Number(option.list_cost ?? 0) + 10;
          }),
        200,
      ),
  },
  {
    name: 'unknown-delivery-with-handling',
    requirement: 'SHIP-EDT-HANDLING',
    description: 'an option of unknown delivery time states a handling time',
    install: (app) =>
      onJson(
        app,
        'GET /items/:item_id/shipping_options',
        (json) =>
          eachOf(json, 'options', (option) => {
            const edt = option.estimated_delivery_time as Record<string, unknown> | undefined;
            if (edt?.type === 'unknown') edt.handling = 24;
          }),
        200,
      ),
  },
  {
    name: 'currency-identity-not-one',
    requirement: 'CUR-CONVERT-IDENTITY',
    description: 'a currency converted to itself has a ratio other than 1',
    install: (app) =>
      onJson(
        app,
        'GET /currency_conversions/search',
        (json, request) => (query(request).from === query(request).to ? { ...json, ratio: 1.01 } : json),
        200,
      ),
  },
  {
    name: 'fiscal-download-altered',
    requirement: 'FIS-DOWNLOAD-FILE',
    description: 'a downloaded fiscal document differs from the uploaded file',
    install: (app) => onBytes(app, 'GET /packs/:pack_id/fiscal_documents/:fiscal_document_id', flipFirstByte),
  },
  {
    name: 'attachment-download-altered',
    requirement: 'ATT-DOWNLOAD-FILE',
    description: 'a downloaded attachment differs from the uploaded file',
    install: (app) => onBytes(app, 'GET /messages/attachments/:attachment_id', flipFirstByte),
  },
  {
    name: 'city-points-at-wrong-state',
    requirement: 'LOC-CITY-PARENT',
    description: 'a city names a state other than its own',
    install: (app) =>
      onJson(
        app,
        'GET /classified_locations/cities/:city_id',
        (json) => setPath(json, 'state.id', 'TUxCUFdST05H'),
        200,
      ),
  },
  {
    name: 'neighborhood-points-at-wrong-city',
    requirement: 'LOC-NEIGHBORHOOD-PARENT',
    description: 'a neighborhood names a city other than its own',
    install: (app) =>
      onJson(
        app,
        'GET /classified_locations/neighborhoods/:neighborhood_id',
        (json) => setPath(json, 'city.id', 'TUxCQ1dST05H'),
        200,
      ),
  },
  {
    name: 'category-path-truncated',
    requirement: 'CAT-PATH-EXTENDS',
    description: "a category's path_from_root misses its last element",
    install: (app) =>
      onJson(
        app,
        'GET /categories/:category_id',
        (json) =>
          Array.isArray(json.path_from_root)
            ? { ...json, path_from_root: json.path_from_root.slice(0, -1) }
            : json,
        200,
      ),
  },
];
