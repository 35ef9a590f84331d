import { type Fault, onJson, onRequest, query, type RouteKey } from './kit.ts';

/**
 * Regressions that hide data rather than break an answer: the data a requirement needs vanishes from
 * the target, so a run that discovers its data finds none and reports the requirement "not verified";
 * or a listed field is renamed, which a foreign target's fresh run only reports as an omission. Only a
 * comparison with the remembered runs (the target's memory, the coverage drop) shows them.
 */

const ORDER: RouteKey = 'GET /orders/:order_id';
const SEARCH: RouteKey = 'GET /orders/search';
const FRAUD = 'fraud_risk_detected';
/** A tag no order carries: a search for the dropped tag finds nothing, as on a server that stopped tagging. */
const NO_TAG = 'no_such_tag';

type Json = Record<string, unknown>;

/** A serializer that renames a field: the listed name is gone, another carries its value. */
function renamed(order: Json, from: string, to: string): Json {
  if (!(from in order)) return order;
  const { [from]: value, ...rest } = order;
  return { ...rest, [to]: value };
}

const withoutFraud = (order: Json): Json =>
  Array.isArray(order.tags) ? { ...order, tags: order.tags.filter((tag) => tag !== FRAUD) } : order;

/** Rewrites a comma-separated list parameter of the query. */
function rewriteList(q: Record<string, unknown>, name: string, change: (tags: string[]) => string[]) {
  if (typeof q[name] !== 'string') return;
  const next = change((q[name] as string).split(','));
  if (next.length > 0) q[name] = next.join(',');
  else delete q[name];
}

export const HIDING_FAULTS: readonly Fault[] = [
  {
    name: 'fraud-tag-dropped',
    requirement: 'ORD-STATUS-FRAUD',
    description: 'orders flagged as fraud no longer carry the tag fraud_risk_detected (reads and searches)',
    install: (app) => {
      onRequest(app, SEARCH, (request) => {
        rewriteList(query(request), 'tags', (tags) => tags.map((tag) => (tag === FRAUD ? NO_TAG : tag)));
        rewriteList(query(request), 'tags.not', (tags) => tags.filter((tag) => tag !== FRAUD));
      });
      onJson(app, ORDER, (order) => withoutFraud(order));
      onJson(app, SEARCH, (page) =>
        Array.isArray(page.results) ? { ...page, results: (page.results as Json[]).map(withoutFraud) } : page,
      );
    },
  },
  {
    name: 'partial-never-answered',
    requirement: 'ORD-READ-PARTIAL',
    description:
      'an order whose data could not be obtained is answered 200 without X-Content-Missing, never 206',
    install: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.routeOptions.url !== '/orders/:order_id' || reply.statusCode !== 206) return payload;
        reply.code(200);
        reply.removeHeader('x-content-missing');
        return payload;
      }),
  },
  {
    name: 'order-currency-renamed',
    requirement: 'ORD-ORDER-FIELDS',
    description: 'orders answer currency_id renamed to currency (reads and search results)',
    install: (app) => {
      onJson(app, ORDER, (order) => renamed(order, 'currency_id', 'currency'));
      onJson(app, SEARCH, (page) =>
        Array.isArray(page.results)
          ? { ...page, results: (page.results as Json[]).map((o) => renamed(o, 'currency_id', 'currency')) }
          : page,
      );
    },
  },
];
