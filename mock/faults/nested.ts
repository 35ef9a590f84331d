import { type Fault, onJson, type RouteKey } from './kit.ts';

type Json = Record<string, unknown>;

/** Every value at a dotted path, `*` for every element of an array (`results.*.payments.*.installments`). */
function rewriteAt(node: unknown, keys: string[], change: (value: unknown) => unknown): void {
  if (node === null || typeof node !== 'object') return;
  const [key, ...rest] = keys;
  if (key === undefined) return;
  const children = key === '*' ? (Array.isArray(node) ? node.map((_, i) => String(i)) : []) : [key];
  for (const child of children) {
    const record = node as Json;
    if (!(child in record)) continue;
    if (rest.length === 0) record[child] = change(record[child]);
    else rewriteAt(record[child], rest, change);
  }
}

/** One nested field of one resource answered with another type, wherever that resource appears in the answer. */
function nested(
  name: string,
  requirement: string,
  route: RouteKey,
  path: string,
  what: string,
  change: (value: unknown) => unknown,
): Fault {
  return {
    name,
    requirement,
    description: `${route} answers ${path} ${what}`,
    install: (app) =>
      onJson(
        app,
        route,
        (body) => {
          rewriteAt(body, path.split('.'), (value) =>
            value === undefined || value === null ? value : change(value),
          );
          return body;
        },
        200,
      ),
  };
}

const asString = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const numberAsString = (name: string, requirement: string, route: RouteKey, path: string) =>
  nested(name, requirement, route, path, 'as a numeric string', asString);

const ORDER: RouteKey = 'GET /orders/:order_id';
const SEARCH: RouteKey = 'GET /orders/search';

/** Numbers as strings, dates without offsets, booleans as strings: one field, nested inside one resource. */
export const NESTED_FAULTS: Fault[] = [
  numberAsString('order-taxes-amount-as-string', 'ORD-ORDER-FIELDS', ORDER, 'taxes.amount'),
  numberAsString('search-shipping-id-as-string', 'ORD-ORDER-SHIPPING', SEARCH, 'results.*.shipping.id'),
  numberAsString('search-paging-total-as-string', 'ORD-SEARCH-PAGING', SEARCH, 'paging.total'),
  numberAsString(
    'search-item-quantity-as-string',
    'ORD-ITEM-FIELDS',
    SEARCH,
    'results.*.order_items.*.quantity',
  ),
  numberAsString('order-coupon-amount-as-string', 'ORD-ORDER-FIELDS', ORDER, 'coupon.amount'),
  numberAsString('order-item-unit-price-as-string', 'ORD-ITEM-FIELDS', ORDER, 'order_items.*.unit_price'),
  numberAsString(
    'product-attribute-id-as-string',
    'ORD-PRODUCT-FIELDS',
    'GET /orders/:order_id/product',
    'attributes.*.id',
  ),
  numberAsString(
    'listing-paging-offset-as-string',
    'MSG-LIST-PAGING',
    'GET /messages/packs/:pack_id/sellers/:user_id',
    'paging.offset',
  ),
  numberAsString(
    'attachment-size-as-string',
    'MSG-ATTACHMENT-FIELDS',
    'GET /messages/packs/:pack_id/sellers/:user_id',
    'messages.*.message_attachments.*.size',
  ),
  numberAsString(
    'shipping-buyer-loyalty-as-string',
    'SHIP-RESPONSE-FIELDS',
    'GET /items/:item_id/shipping_options',
    'buyer.loyalty_level',
  ),
  numberAsString(
    'site-search-paging-limit-as-string',
    'SEARCH-PAGING',
    'GET /sites/:site_id/search',
    'paging.limit',
  ),
  numberAsString(
    'site-search-paging-total-as-string',
    'SEARCH-PAGING',
    'GET /sites/:site_id/search',
    'paging.total',
  ),
  numberAsString(
    'category-max-title-length-as-string',
    'CAT-SETTINGS-FIELDS',
    'GET /categories/:category_id',
    'settings.max_title_length',
  ),
  numberAsString(
    'country-latitude-as-string',
    'LOC-COUNTRY-FIELDS',
    'GET /classified_locations/countries/:country_id',
    'geo_information.location.latitude',
  ),
  numberAsString(
    'state-longitude-as-string',
    'LOC-STATE-FIELDS',
    'GET /classified_locations/states/:state_id',
    'geo_information.location.longitude',
  ),
  nested(
    'fiscal-date-without-offset',
    'FIS-DOC-FIELDS',
    'GET /packs/:pack_id/fiscal_documents',
    'fiscal_documents.*.date',
    'without an offset',
    (value) => String(value).replace(/(Z|[+-]\d\d:\d\d)$/, ''),
  ),
  nested(
    'attachment-threat-flag-as-string',
    'MSG-ATTACHMENT-FIELDS',
    'GET /messages/packs/:pack_id/sellers/:user_id',
    'messages.*.message_attachments.*.potential_security_threat',
    'as "true"/"false"',
    (value) => String(value),
  ),
  nested(
    'list-allow-as-string',
    'USR-STATUS-FIELDS',
    'GET /users/:user_id',
    'status.list.allow',
    'as "true"/"false"',
    (value) => String(value),
  ),
  nested(
    'city-state-name-dropped',
    'LOC-CITY-FIELDS',
    'GET /classified_locations/cities/:city_id',
    'state',
    'without its name',
    (value) => ({ id: (value as Json).id }),
  ),
  nested(
    'order-item-variation-attributes-null',
    'ORD-ITEM-FIELDS',
    ORDER,
    'order_items.*.item.variation_attributes',
    'as null instead of an array',
    () => null,
  ),
];
