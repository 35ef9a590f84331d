import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import { appliedFilters, DEFAULT_LIMIT, SORTS } from '../routes/orders-search-query.ts';
import {
  beforeHandler,
  type Choice,
  callerIdOf,
  type ErrorBody,
  firstQuery,
  onError,
  queryOf,
  type RouteKey,
} from './kit.ts';

const ORDER_ROUTES: RouteKey[] = [
  'GET /orders/:order_id',
  'GET /orders/:order_id/product',
  'GET /orders/:order_id/discounts',
];
const SEARCH: RouteKey = 'GET /orders/search';
const NOT_SHOWN_SEARCH = 'ORD-SEARCH-ERRORS: "Errors of order search ... : not shown."';

/** A search answered with no result, as "no action" or as a search of nobody's orders would be. */
function emptySearchPage(request: FastifyRequest): unknown {
  const number = (name: string, fallback: number) => {
    const text = firstQuery(request, name);
    if (text === undefined) return fallback;
    if (!/^\d{1,9}$/.test(text)) throw badRequest(`Invalid ${name}: ${text}`);
    return Number(text);
  };
  const sort = firstQuery(request, 'sort') ?? 'date_asc';
  const name = SORTS[sort as keyof typeof SORTS] ?? sort;
  return {
    query: firstQuery(request, 'q') ?? '',
    results: [],
    sort: { id: sort, name },
    available_sorts: Object.entries(SORTS).map(([id, label]) => ({ id, name: label })),
    filters: appliedFilters(request),
    paging: { total: 0, offset: number('offset', 0), limit: number('limit', DEFAULT_LIMIT) },
    display: 'complete',
  };
}

const emptyPage = (_error: ErrorBody, request: FastifyRequest) => {
  try {
    return { answer: emptySearchPage(request), status: 200 };
  } catch (error) {
    return (error as { toBody(): ErrorBody }).toBody();
  }
};

const orderNotFound: Choice = {
  name: 'order-not-found-status',
  gap: 'ORD-ERR-STATUS: "HTTP status codes of the order error codes listed above: not shown."',
  description: 'order_not_found answered with another status',
  variants: { mock: '404 (observed)', 'status-400': '400 order_not_found' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ORDER_ROUTES,
      (e) => e.error === 'order_not_found',
      () => ({ status: 400 }),
    );
  },
};

const orderInvalidId: Choice = {
  name: 'order-invalid-id-status',
  gap: 'ORD-ERR-STATUS: "HTTP status codes of the order error codes listed above: not shown."',
  description: 'invalid_order_id and empty_order_id answered with another status',
  variants: { mock: '400', 'status-404': '404 with the same codes' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ORDER_ROUTES,
      (e) => e.error === 'invalid_order_id' || e.error === 'empty_order_id',
      () => ({ status: 404 }),
    );
  },
};

/** Spellings of an integer that common parsers read as one: 1e3, 0x1F, +5, 5.0; "null" as no id at all. */
function lenientId(text: string): string {
  if (/^(null|undefined)$/i.test(text)) return '';
  if (/^\+?\d+(\.0+)?$/.test(text)) return text.replace(/^\+/, '').replace(/\.0+$/, '');
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(text) || /^0x[0-9a-f]+$/i.test(text)) {
    const value = Number(text);
    if (Number.isSafeInteger(value)) return String(value);
  }
  return text;
}

const orderIdParsing: Choice = {
  name: 'order-id-parsing',
  gap: 'ORD-ERR-INVALID-ORDER-ID: "invalid_order_id | Invalid order ID. | order_id must be an integer" (which spellings are integers is not said)',
  description: 'order ids read as a lenient integer parser reads them; "null" is empty_order_id',
  variants: {
    mock: 'decimal digits only',
    lenient: '1e3 is 1000, 0x1F is 31, +5 and 5.0 are 5, null is empty',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, ORDER_ROUTES, (request) => {
      const params = request.params as Record<string, string>;
      params.order_id = lenientId(params.order_id ?? '');
    });
  },
};

const searchOtherParty: Choice = {
  name: 'order-search-other-party',
  gap: `${NOT_SHOWN_SEARCH} A search of another user's orders`,
  description: 'a search whose buyer= / seller= names someone other than the caller',
  variants: {
    not_owned_order: '403 not_owned_order',
    'caller.id.invalid': '403 caller.id.invalid (the mock)',
    forbidden: '403 forbidden',
    'empty-page': '200 with no result',
  },
  install: (app, pick) => {
    if (pick.variant === 'caller.id.invalid') return;
    onError(
      app,
      [SEARCH],
      (e) => e.error === 'caller.id.invalid',
      (e, request) => {
        if (pick.variant === 'empty-page') return emptyPage(e, request);
        return pick.variant === 'forbidden'
          ? { error: 'forbidden', message: 'Access Denied' }
          : { error: 'not_owned_order', message: 'The user has not access to the order.' };
      },
    );
  },
};

const searchWithoutToken: Choice = {
  name: 'order-search-no-token',
  gap: 'AUTH-NO-TOKEN-403 and ORD-ERR-NOT-IDENTIFIED-USER: Authentication 3 gives both codes; which one search answers is not shown',
  description: 'a search without a token',
  variants: {
    access_token_not_granted: '403 access_token_not_granted',
    mock: '403 not_identified_user',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      [SEARCH],
      (e) => e.error === 'not_identified_user',
      () => ({ error: 'access_token_not_granted', message: 'The access token was not sent' }),
    );
  },
};

const searchWithoutFilter: Choice = {
  name: 'order-search-no-filter',
  gap: 'ORD-SEARCH-NO-FILTER-ANSWER: "/orders/search performs no action unless at least a filter accompanies it."',
  description: 'a search naming neither buyer nor seller',
  variants: { mock: '400 bad_request', 'empty-page': '200 with no result (no action)' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(app, [SEARCH], (e) => e.message.startsWith('At least one filter'), emptyPage);
  },
};

const VALUE_FILTERS = {
  'mediations.stage': (o: OrderLike) => o.mediations.map((m) => m.stage),
  'mediations.status': (o: OrderLike) => o.mediations.map((m) => m.status),
  'feedback.status': (o: OrderLike) => feedbacks(o).map((f) => f.status),
  // One rating scale for both sides: a value the data holds on either side is known on both.
  'feedback.sale.rating': (o: OrderLike) => feedbacks(o).map((f) => f.rating),
  'feedback.purchase.rating': (o: OrderLike) => feedbacks(o).map((f) => f.rating),
};
interface FeedbackLike {
  status: string;
  rating: string;
}
interface OrderLike {
  mediations: { stage: string; status: string }[];
  feedback: { sale: FeedbackLike | null; purchase: FeedbackLike | null };
}
const feedbacks = (o: OrderLike) => [o.feedback.sale, o.feedback.purchase].filter((f) => f !== null);

/** The values each filter knows: those its data holds. */
function knownValues(app: FastifyInstance): Record<string, Set<string>> {
  const orders = app.world.orders.orders.all().map((entry) => entry.order as unknown as OrderLike);
  return Object.fromEntries(
    Object.entries(VALUE_FILTERS).map(([name, valuesOf]) => [name, new Set(orders.flatMap(valuesOf))]),
  );
}

const searchUnknownValues: Choice = {
  name: 'order-search-unknown-values',
  gap: `${NOT_SHOWN_SEARCH} "mediations.stage, mediations.status | Comma-separated values" (no value set given)`,
  description: 'values of mediations.*, feedback.status and feedback.*.rating that the data never holds',
  variants: { refused: '400 bad_request', mock: 'accepted, matching nothing' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const cache = new WeakMap<object, Record<string, Set<string>>>();
    beforeHandler(app, [SEARCH], (request) => {
      const known = cache.get(app.world.orders) ?? knownValues(app);
      cache.set(app.world.orders, known);
      for (const [name, values] of Object.entries(known)) {
        const raw = queryOf(request)[name];
        const given = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).flatMap((v) =>
          String(v).split(','),
        );
        const unknown = given.map((v) => v.trim()).find((v) => v !== '' && !values.has(v));
        if (unknown !== undefined) throw badRequest(`Invalid ${name}: ${unknown}`);
      }
    });
  },
};

export const DATE_FILTERS = ['date_created', 'date_closed', 'date_last_updated'].flatMap((field) => [
  `order.${field}.from`,
  `order.${field}.to`,
]);

const searchDateZ: Choice = {
  name: 'order-search-date-z',
  gap: 'ORD-SEARCH-DATE-CREATED: "order.date_created.from / .to ... | ISO 8601 timestamps with offset" (Z is not an offset)',
  description: 'date filters written with Z instead of a numeric offset',
  variants: { mock: 'accepted', refused: '400 bad_request: an offset is asked for' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, [SEARCH], (request) => {
      for (const name of DATE_FILTERS) {
        const value = firstQuery(request, name);
        if (value !== undefined && /z$/i.test(value))
          throw badRequest(`Invalid ${name}: ${value}; expected an ISO 8601 timestamp with offset`);
      }
    });
  },
};

const FISCAL: RouteKey[] = [
  'GET /packs/:pack_id/fiscal_documents',
  'POST /packs/:pack_id/fiscal_documents',
  'DELETE /packs/:pack_id/fiscal_documents',
  'GET /packs/:pack_id/fiscal_documents/:fiscal_document_id',
];

const fiscalWithoutPack: Choice = {
  name: 'fiscal-order-without-pack',
  gap: 'FIS-ERR-NO-PACK: "400 | bad_request | Order does not belong to a pack" (against "when it is null, the order id is used as the pack id")',
  description: 'fiscal documents of an order whose pack_id is null, addressed by the order id',
  variants: {
    'bad-request': '400 bad_request "Order does not belong to a pack"',
    mock: 'the order id is the pack id',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, FISCAL, (request) => {
      const text = (request.params as Record<string, string>).pack_id ?? '';
      if (!/^\d{1,15}$/.test(text)) return;
      const order = app.world.orders.orders.get(Number(text))?.order;
      if (order && order.pack_id === null) throw badRequest(`Order does not belong to a pack: ${text}`);
    });
  },
};

const fiscalOtherPack: Choice = {
  name: 'fiscal-document-of-other-pack',
  gap: 'FIS-ERR-DOWNLOAD-UNKNOWN, FIS-AUTH-DOC-NOT-ALLOWED: the 400 "document to download does not exist", 403 "not allowed the document" and 404 rows all fit',
  description: 'a document downloaded through a pack it does not belong to',
  variants: {
    forbidden: '403 forbidden Access Denied',
    'not-found': '404 not_found',
    mock: '400 bad_request (does not exist in this pack)',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const elsewhere = (id: string) =>
      app.world.packs.all().some((pack) => app.world.fiscal.find(pack.packId, id) !== undefined);
    onError(
      app,
      ['GET /packs/:pack_id/fiscal_documents/:fiscal_document_id'],
      (e, request) =>
        e.status === 400 &&
        e.message.startsWith('The fiscal_document with id') &&
        elsewhere((request.params as Record<string, string>).fiscal_document_id ?? ''),
      () =>
        pick.variant === 'forbidden'
          ? { status: 403, error: 'forbidden', message: 'Access Denied' }
          : { status: 404, error: 'not_found', message: 'The fiscal_document could not be retrieved' },
    );
  },
};

const fiscalSameKind: Choice = {
  name: 'fiscal-two-of-a-kind',
  gap: 'FIS-ERR-SAME-TYPE-TWICE, FIS-ERR-TOO-MANY-FILES: the 409 "two files of the same type in one request" and 400 "more than one file of a kind" rows both fit',
  description: 'two files of one type in one upload',
  variants: { 'bad-request': '400 bad_request', mock: '409 conflict' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ['POST /packs/:pack_id/fiscal_documents'],
      (e) => e.status === 409 && e.message.startsWith('Files Not allowed, you can upload only one'),
      () => ({ status: 400, error: 'bad_request' }),
    );
  },
};

const shipmentErrors: Choice = {
  name: 'shipment-errors',
  gap: 'SHP-ERR-NOT-FOUND, SHP-ERR-INVALID-ID: the answers to an unknown or non-numeric shipment id are not shown',
  description: 'unknown and malformed shipment ids',
  variants: {
    mock: '404 not_found_shipping_id (observed), 400 for a malformed id',
    'plain-404': '404 not_found for both',
    'all-400': '400 bad_request for both',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ['GET /shipments/:shipping_id', 'GET /shipments/:shipment_id/lead_time'],
      (e) => e.error === 'not_found_shipping_id' || e.message.startsWith('Invalid shipping id'),
      () =>
        pick.variant === 'plain-404'
          ? { status: 404, error: 'not_found', message: 'Shipment not found' }
          : { status: 400, error: 'bad_request', message: 'Invalid shipment' },
    );
  },
};

const LOCATIONS: RouteKey[] = [
  'GET /classified_locations/countries/:country_id',
  'GET /classified_locations/states/:state_id',
  'GET /classified_locations/cities/:city_id',
  'GET /classified_locations/neighborhoods/:neighborhood_id',
];
const CATALOG: RouteKey[] = [
  'GET /sites/:site_id/categories',
  'GET /categories/:category_id',
  'GET /categories/:category_id/attributes',
  'GET /sites/:site_id/search',
  'GET /items/:item_id/shipping_options',
];

function malformedAsUnknown(name: string, gap: string, routes: RouteKey[]): Choice {
  return {
    name,
    gap,
    description: 'a malformed id answered as an unknown one',
    variants: { mock: '400 invalid_id', 'not-found': '404 not_found' },
    install: (app, pick) => {
      if (pick.variant === 'mock') return;
      onError(
        app,
        routes,
        (e) => e.error === 'invalid_id',
        () => ({ status: 404, error: 'not_found', message: 'Resource not found' }),
      );
    },
  };
}

const currencyErrors: Choice = {
  name: 'currency-errors',
  gap: 'CUR-ERR-UNKNOWN: "Errors of ... calls: not shown" (an unknown currency)',
  description: 'an unknown currency',
  variants: { mock: '404 not_found', 'status-400': '400 bad_request' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ['GET /currency_conversions/search'],
      (e) => e.status === 404,
      () => ({ status: 400, error: 'bad_request' }),
    );
  },
};

const invalidToken: Choice = {
  name: 'invalid-token',
  gap: 'AUTH-INVALID-TOKEN, AUTH-MALFORMED-TOKEN, ORD-AUTH-TOKEN-INVALID: the answer to an unknown or malformed token is not shown',
  description: 'an unknown or malformed token',
  variants: {
    mock: '401 invalid_token (unknown), 400 Malformed access_token (observed)',
    'status-401': '401 unauthorized for both',
    'status-403': '403 forbidden for both',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      [],
      (e) => e.message === 'invalid_token' || e.message.startsWith('Malformed access_token'),
      () =>
        pick.variant === 'status-401'
          ? { status: 401, error: 'unauthorized', message: 'Invalid access token' }
          : { status: 403, error: 'forbidden', message: 'Invalid access token' },
    );
  },
};

const LISTING: RouteKey = 'GET /messages/packs/:pack_id/sellers/:user_id';

const messagePackUnknown: Choice = {
  name: 'message-pack-unknown',
  gap: 'MSG-PACK-UNKNOWN: the answer to an unknown pack (or a seller not of the pack) is not shown',
  description: 'a pack listing or message send for a pack that does not exist',
  variants: { mock: '403', 'status-400': '400 bad_request', 'status-404': '404 not_found' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const unknown = (request: FastifyRequest) => {
      const params = request.params as Record<string, string>;
      const pack = app.world.packs.get(Number(params.pack_id));
      return !pack?.sellerIds.includes(Number(params.user_id));
    };
    // The send documents no 404: there the 404 variant keeps the mock's 403.
    const routes: RouteKey[] =
      pick.variant === 'status-404' ? [LISTING] : [LISTING, 'POST /messages/packs/:pack_id/sellers/:user_id'];
    onError(
      app,
      routes,
      (e, request) =>
        e.status === 403 && e.message === 'Access denied to the order resource' && unknown(request),
      () =>
        pick.variant === 'status-400'
          ? { status: 400, error: 'bad_request', message: 'Invalid pack' }
          : { status: 404, error: 'not_found', message: 'Pack not found' },
    );
  },
};

const rejectedById: Choice = {
  name: 'message-rejected-by-id',
  gap: 'MSG-MODERATED-HIDDEN-BYID: the answer to the counterpart reading a rejected message by id is not shown',
  description: 'the recipient reading by id a message moderation rejected',
  variants: { mock: '403', 'status-400': '400 as an unknown message id' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ['GET /messages/:message_id'],
      (e, request) => {
        const message = app.world.messaging.message(
          (request.params as Record<string, string>).message_id ?? '',
        );
        // Only the recipient's refusal: an anonymous call's 403 (no token, no message) stays what it is.
        const caller = callerIdOf(request);
        return e.status === 403 && message !== undefined && caller !== undefined && message.toId === caller;
      },
      () => ({ status: 400, error: 'bad_request', message: 'The specified message id does not exists' }),
    );
  },
};

const attachmentUnknown: Choice = {
  name: 'attachment-unknown',
  gap: 'ATT-DOWNLOAD-UNKNOWN: the answer to an unknown attachment id is not shown',
  description: 'an unknown attachment id',
  variants: { mock: '404 not_found', 'status-400': '400 bad_request' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ['GET /messages/attachments/:attachment_id'],
      (e) => e.status === 404,
      () => ({ status: 400, error: 'bad_request' }),
    );
  },
};

const blockedCause: Choice = {
  name: 'blocked-cause',
  gap: 'MSG-CREATE-BLOCKED-CAUSE: "cause blocked_by_cancelled_order" (the form of a cause element is not shown)',
  description: 'the cause of conversation_blocked',
  variants: {
    mock: '["blocked_by_cancelled_order"]',
    objects: '[{code: "blocked_by_cancelled_order", message}]',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      ['POST /messages/packs/:pack_id/sellers/:user_id'],
      (e) => e.error === 'conversation_blocked',
      () => ({
        cause: [
          { code: 'blocked_by_cancelled_order', message: 'The order of the conversation was cancelled' },
        ],
      }),
    );
  },
};

/** Messages the reference gives word for word (or nearly): never reworded. */
const STATED_CODES = new Set([
  'order_not_found',
  'empty_order_id',
  'invalid_order_id',
  'not_identified_user',
  'not_owned_order',
  'caller.id.invalid',
  'access_token_not_granted',
  'conversation_blocked',
]);
const STATED_MESSAGES = new Set(['Access Denied', 'Access token is required', 'Application id is required']);

const errorWording: Choice = {
  name: 'error-wording',
  gap: 'FIS-MESSAGES-OBSERVED and the error tables: most rows give a condition, not a message',
  description: 'error messages the reference does not word are worded otherwise',
  variants: { mock: 'the observed texts', reworded: 'a generic text naming the code' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      [],
      (e) => !STATED_CODES.has(e.error) && !STATED_MESSAGES.has(e.message),
      (e) => ({ message: `Request refused (${e.error.replace(/_/g, ' ')})` }),
    );
  },
};

/** Choices of statuses, error codes and messages where the reference gives none. */
export const ERROR_CHOICES: Choice[] = [
  orderNotFound,
  orderInvalidId,
  orderIdParsing,
  searchOtherParty,
  searchWithoutToken,
  searchWithoutFilter,
  searchUnknownValues,
  searchDateZ,
  fiscalWithoutPack,
  fiscalOtherPack,
  fiscalSameKind,
  shipmentErrors,
  malformedAsUnknown(
    'location-malformed-id',
    'LOC-ERR-INVALID-ID: "Errors of ... location ... calls: not shown"',
    LOCATIONS,
  ),
  malformedAsUnknown(
    'catalog-malformed-id',
    'CAT-ERR-INVALID-ID, SHIP-ERR-NOT-FOUND: "Errors of ... category, site search, shipping options ... calls: not shown"',
    CATALOG,
  ),
  currencyErrors,
  invalidToken,
  messagePackUnknown,
  rejectedById,
  attachmentUnknown,
  blockedCause,
];

/** Installed last: it words the final error of every other choice. */
export const WORDING_CHOICES: Choice[] = [errorWording];
