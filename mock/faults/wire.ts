import { type Fault, onJson, type RouteKey } from './kit.ts';

/** A JSON answer sent with another Content-Type or charset header. */
function contentType(name: string, requirement: string, route: RouteKey, type: string): Fault {
  return {
    name,
    requirement,
    description: `${route} answers its JSON as "${type}"`,
    install: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (`${request.method} ${request.routeOptions.url}` === route && reply.statusCode === 200)
          reply.header('content-type', type);
        return payload;
      }),
  };
}

/** A JSON answer longer than a buffer, cut at the buffer's end (a stream closed early). */
function cutShort(name: string, requirement: string, route: RouteKey, bytes: number): Fault {
  return {
    name,
    requirement,
    description: `${route} cuts answers longer than ${bytes} characters short`,
    install: (app) =>
      app.addHook('onSend', async (request, _reply, payload) => {
        if (`${request.method} ${request.routeOptions.url}` !== route || typeof payload !== 'string')
          return payload;
        return payload.length > bytes ? payload.slice(0, bytes) : payload;
      }),
  };
}

/** A status the reference does not give, answered to a class of requests. */
function extraStatus(
  name: string,
  requirement: string,
  route: RouteKey,
  status: number,
  every: number,
): Fault {
  let calls = 0;
  return {
    name,
    requirement,
    description: `${route} answers every ${every === 1 ? '' : `${every}th `}call ${status}${status === 429 ? ' without Retry-After' : ''}`,
    install: (app) =>
      onJson(
        app,
        route,
        (body, _request, reply) => {
          calls += 1;
          if (calls % every !== 0) return body;
          reply.code(status);
          return status === 202
            ? { accepted: true }
            : { message: 'Too many requests', error: 'too_many_requests', status, cause: [] };
        },
        200,
      ),
  };
}

/** Faults of the wire: Content-Type and charset, bodies that are not JSON, statuses the reference does not give. */
export const WIRE_FAULTS: Fault[] = [
  contentType('order-read-as-html', 'GEN-JSON-BODIES', 'GET /orders/:order_id', 'text/html; charset=utf-8'),
  contentType(
    'category-as-text-plain',
    'GEN-JSON-BODIES',
    'GET /categories/:category_id',
    'text/plain; charset=utf-8',
  ),
  contentType(
    'countries-in-latin1',
    'GEN-JSON-BODIES',
    'GET /classified_locations/countries',
    'application/json; charset=iso-8859-1',
  ),
  cutShort('order-search-cut-short', 'GEN-JSON-BODIES', 'GET /orders/search', 4096),
  cutShort('listing-cut-short', 'GEN-JSON-BODIES', 'GET /messages/packs/:pack_id/sellers/:user_id', 2048),
  {
    name: 'user-status-html-error-page',
    requirement: 'GEN-JSON-BODIES',
    description: 'the user status answers an HTML page under a JSON Content-Type',
    install: (app) =>
      app.addHook('onSend', async (request, reply, payload) => {
        if (request.routeOptions.url !== '/users/:user_id' || reply.statusCode !== 200) return payload;
        reply.header('content-type', 'application/json; charset=utf-8');
        return '<html><body><h1>Service Unavailable</h1></body></html>';
      }),
  },
  extraStatus('site-search-202', 'SEARCH-ENVELOPE-FIELDS', 'GET /sites/:site_id/search', 202, 1),
  extraStatus('shipping-options-429', 'SHIP-RESPONSE-FIELDS', 'GET /items/:item_id/shipping_options', 429, 2),
  extraStatus('countries-429', 'LOC-COUNTRIES-FIELDS', 'GET /classified_locations/countries', 429, 3),
];
