import { type Fault, onJson, type RouteKey, removePath, setPath } from './kit.ts';

const ORDER: RouteKey = 'GET /orders/:order_id';
const SEARCH: RouteKey = 'GET /orders/search';

type Body = Record<string, unknown>;

/** A field removed from an answer. */
function dropField(name: string, requirement: string, route: RouteKey, path: string, status = 200): Fault {
  return {
    name,
    requirement,
    description: `${route} answers without ${path}`,
    install: (app) => onJson(app, route, (body) => removePath(body, path), status),
  };
}

/** A field of an order removed or retyped only for orders in one status: the code path of that status. */
function orderField(name: string, requirement: string, status: string, path: string, value?: unknown): Fault {
  const change = (body: Body) => (value === undefined ? removePath(body, path) : setPath(body, path, value));
  return {
    name,
    requirement,
    description: `the read of a ${status} order answers ${value === undefined ? `without ${path}` : `${path} as ${JSON.stringify(value)}`}`,
    install: (app) => onJson(app, ORDER, (body) => (body.status === status ? change(body) : body), 200),
  };
}

/** A field answered with another type or value. */
function setField(
  name: string,
  requirement: string,
  route: RouteKey,
  path: string,
  value: unknown,
  what: string,
): Fault {
  return {
    name,
    requirement,
    description: `${route} answers ${path} ${what}`,
    install: (app) => onJson(app, route, (body) => setPath(body, path, value), 200),
  };
}

/** Faults in the shape of answers: fields removed, mistyped, enums widened, nullability broken. */
export const SHAPE_FAULTS: Fault[] = [
  orderField('order-without-status-detail', 'ORD-ORDER-FIELDS', 'cancelled', 'status_detail'),
  orderField('order-item-without-unit-price', 'ORD-ITEM-FIELDS', 'paid', 'order_items.0.unit_price'),
  orderField('order-total-as-string', 'ORD-ORDER-FIELDS', 'partially_paid', 'total_amount', '12.50'),
  setField(
    'order-status-widened',
    'ORD-STATUS-VALUES',
    ORDER,
    'status',
    'shipped',
    'as "shipped", outside the enum',
  ),
  setField(
    'order-pack-id-as-string',
    'ORD-ORDER-PACK',
    ORDER,
    'pack_id',
    'none',
    'as a string instead of integer or null',
  ),
  setField(
    'order-channel-widened',
    'ORD-ORDER-CONTEXT',
    ORDER,
    'context.channel',
    'web',
    'as "web", outside the enum',
  ),
  {
    name: 'search-without-paging',
    requirement: 'ORD-SEARCH-RESPONSE',
    description: `${SEARCH} answers without paging`,
    install: (app) => onJson(app, SEARCH, (body) => removePath(body, 'paging'), 200),
  },
  dropField(
    'fiscal-list-without-pack-id',
    'FIS-LIST-FIELDS',
    'GET /packs/:pack_id/fiscal_documents',
    'pack_id',
  ),
  dropField(
    'message-without-text',
    'MSG-FIELDS-CURRENT',
    'GET /messages/packs/:pack_id/sellers/:user_id',
    'messages.0.text',
  ),
  setField(
    'listing-seller-max-length-wrong',
    'MSG-LIMIT-FIELDS',
    'GET /messages/packs/:pack_id/sellers/:user_id',
    'seller_max_message_length',
    '350',
    'as a string',
  ),
  dropField(
    'country-without-currency',
    'LOC-COUNTRY-FIELDS',
    'GET /classified_locations/countries/:country_id',
    'currency_id',
  ),
  setField(
    'category-listing-allowed-on-root',
    'CAT-LEAF-LISTING',
    'GET /categories/:category_id',
    'settings.listing_allowed',
    true,
    'true even on a non-leaf',
  ),
  dropField('user-status-without-list', 'USR-STATUS-FIELDS', 'GET /users/:user_id', 'status.list'),
  dropField('conversion-without-ratio', 'CUR-CONVERT-RATIO', 'GET /currency_conversions/search', 'ratio'),
  dropField(
    'lead-time-without-cost',
    'SHP-READ-LEAD-TIME-COST',
    'GET /shipments/:shipping_id',
    'lead_time.cost',
  ),
];
