import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Fault, onJson, onRequest, query, type RouteKey } from './kit.ts';

const SEARCH: RouteKey = 'GET /orders/search';
const LISTING: RouteKey = 'GET /messages/packs/:pack_id/sellers/:user_id';
const FISCAL_FILE: RouteKey = 'GET /packs/:pack_id/fiscal_documents/:fiscal_document_id';

type Json = Record<string, unknown>;
const params = (request: FastifyRequest) => request.params as Record<string, string>;

function callerOf(app: FastifyInstance, request: FastifyRequest) {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return token ? app.world.users.byToken(token) : undefined;
}

/** Paging that skips one more element than the offset it reports (`slice(offset + 1, ...)`). */
function offsetOffByOne(name: string, requirement: string, route: RouteKey): Fault {
  const asked = new WeakMap<FastifyRequest, number>();
  return {
    name,
    requirement,
    description: `${route} starts a page one element after any offset above 0 while reporting the offset asked`,
    install: (app) => {
      onRequest(app, route, (request) => {
        const offset = Number(query(request).offset);
        if (!Number.isInteger(offset) || offset < 1) return;
        asked.set(request, offset);
        query(request).offset = String(offset + 1);
      });
      onJson(
        app,
        route,
        (body, request) => {
          const offset = asked.get(request);
          const paging = body.paging as Json | undefined;
          if (offset !== undefined && paging) paging.offset = offset;
          return body;
        },
        200,
      );
    },
  };
}

/** A filter bound changed or a filter dropped, by rewriting the query before the handler reads it. */
function changeQuery(
  name: string,
  requirement: string,
  route: RouteKey,
  description: string,
  change: (q: Json) => void,
): Fault {
  return {
    name,
    requirement,
    description,
    install: (app) => onRequest(app, route, (request) => change(query(request))),
  };
}

/** The start of the day of a timestamp: a bound compared as a date, the time of day lost. */
const startOfDay = (iso: unknown) => (typeof iso === 'string' ? `${iso.slice(0, 10)}T00:00:00.000Z` : iso);

/** Faults in the rules a read can observe: filters, paging, visibility, promises, and writes that are lost. */
export const BEHAVIOUR_FAULTS: Fault[] = [
  changeQuery(
    'order-feedback-filters-ignored',
    'ORD-SEARCH-FEEDBACK-FULFILLED',
    SEARCH,
    'order search ignores the mediation and feedback filters',
    (q) => {
      for (const key of Object.keys(q))
        if (key.startsWith('feedback.') || key.startsWith('mediations.')) delete q[key];
    },
  ),
  changeQuery(
    'order-date-to-bound-off',
    'ORD-SEARCH-DATE-CREATED',
    SEARCH,
    'order search compares the .to bounds of date filters as the start of their day',
    (q) => {
      for (const key of Object.keys(q)) if (key.endsWith('.to')) q[key] = startOfDay(q[key]);
    },
  ),
  changeQuery(
    'order-tags-not-ignored',
    'ORD-SEARCH-TAGS-NOT',
    SEARCH,
    'order search ignores tags.not',
    (q) => {
      delete q['tags.not'];
    },
  ),
  offsetOffByOne('order-search-offset-off-by-one', 'ORD-SEARCH-PAGING', SEARCH),
  offsetOffByOne('listing-offset-off-by-one', 'MSG-LIST-PAGING', LISTING),
  {
    name: 'order-q-leaks-other-users',
    requirement: 'ORD-SEARCH-ROLE',
    description: "order search with q also returns another user's order whose id matches q",
    install: (app) =>
      onJson(
        app,
        SEARCH,
        (body, request) => {
          const q = Number(query(request).q);
          const found = Number.isInteger(q) ? app.world.orders.orders.get(q)?.order : undefined;
          const results = Array.isArray(body.results) ? (body.results as Json[]) : [];
          if (!found || results.some((o) => o.id === found.id)) return body;
          return { ...body, results: [...results, found] };
        },
        200,
      ),
  },
  {
    name: 'listing-total-counts-hidden',
    requirement: 'MSG-MODERATED-HIDDEN',
    description: "the pack listing's paging.total also counts the messages hidden from the caller",
    install: (app) =>
      onJson(
        app,
        LISTING,
        (body, request) => {
          const all = app.world.messaging.conversation(
            Number(params(request).pack_id),
            Number(params(request).user_id),
          );
          const paging = body.paging as Json | undefined;
          if (paging) paging.total = all.length;
          return body;
        },
        200,
      ),
  },
  {
    name: 'fiscal-document-through-other-pack',
    requirement: 'FIS-ERR-DOWNLOAD-UNKNOWN',
    description: "a fiscal document is downloaded through another pack's path",
    install: (app) =>
      onRequest(app, FISCAL_FILE, (request) => {
        const id = params(request).fiscal_document_id;
        const pack = app.world.packs.all().find((p) => app.world.fiscal.find(p.packId, id ?? ''));
        if (pack) params(request).pack_id = String(pack.packId);
      }),
  },
  {
    name: 'attachment-download-by-stranger',
    requirement: 'ATT-AUTH-DOWNLOAD',
    description: 'any user with a token downloads any attachment',
    install: (app) =>
      onRequest(app, 'GET /messages/attachments/:attachment_id', (request) => {
        const attachment = app.world.messaging.attachment(params(request).attachment_id ?? '');
        const owner = attachment ? app.world.users.byId(attachment.ownerId) : undefined;
        if (callerOf(app, request) && owner) request.headers.authorization = `Bearer ${owner.token}`;
      }),
  },
  {
    name: 'shipping-options-empty-to-city',
    requirement: 'SHIP-BY-CITY',
    description: 'shipping options to a city answer an empty options list',
    install: (app) =>
      onJson(
        app,
        'GET /items/:item_id/shipping_options',
        (body, request) => (query(request).city_to ? { ...body, options: [] } : body),
        200,
      ),
  },
  {
    name: 'delivery-promise-dropped',
    requirement: 'SHP-PROMISE-REFLECTED',
    description: 'the shipment read drops the delivery promise of its lead time',
    install: (app) =>
      onJson(
        app,
        'GET /shipments/:shipping_id',
        (body) => {
          const lead = body.lead_time as Json | undefined;
          if (lead) delete lead.estimated_delivery_time;
          return body;
        },
        200,
      ),
  },
  {
    name: 'fiscal-delete-not-done',
    requirement: 'FIS-DELETE-RESULT',
    description: 'a delete of fiscal documents is answered 200 and the documents come back',
    needsWrite: 'only a delete followed by a listing shows it',
    install: (app) => {
      app.addHook('onResponse', async (request, reply) => {
        if (`${request.method} ${request.routeOptions.url}` !== 'DELETE /packs/:pack_id/fiscal_documents')
          return;
        if (reply.statusCode !== 200) return;
        const caller = callerOf(app, request);
        const removed = (request as unknown as { removedDocs?: unknown }).removedDocs;
        if (caller && Array.isArray(removed))
          app.world.fiscal.add(Number(params(request).pack_id), caller.id, removed);
      });
      onRequest(app, 'DELETE /packs/:pack_id/fiscal_documents', (request) => {
        const caller = callerOf(app, request);
        if (caller)
          (request as unknown as { removedDocs?: unknown }).removedDocs = app.world.fiscal
            .ofSeller(Number(params(request).pack_id), caller.id)
            .map((d) => ({ fileType: d.fileType, filename: d.filename, bytes: d.bytes }));
      });
    },
  },
  {
    name: 'fiscal-upload-lost',
    requirement: 'FIS-UPLOAD-RESULT',
    description: 'an upload answered 200 with ids is never listed',
    needsWrite: 'only an upload followed by a listing shows it',
    install: (app) =>
      app.addHook('onResponse', async (request, reply) => {
        if (`${request.method} ${request.routeOptions.url}` !== 'POST /packs/:pack_id/fiscal_documents')
          return;
        const caller = callerOf(app, request);
        if (reply.statusCode === 200 && caller)
          app.world.fiscal.removeOfSeller(Number(params(request).pack_id), caller.id);
      }),
  },
];
