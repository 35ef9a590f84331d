/**
 * The facts an answer shows: each resource instance by its kind and id, with the value of each field
 * the reference ties to another read of the same instance (an order in the search and in its read, a
 * category in its parent's children and in its own read, a state in its country and in its own read…).
 */
export interface Fact {
  kind: 'order' | 'category' | 'location' | 'message';
  id: string;
  field: string;
  value: unknown;
  /** Where it was read: the operation and the place in its answer. */
  place: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

function at(object: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), object);
}

/** The facts of one instance: the given fields it carries (a field left out shows no fact). */
function factsOf(kind: Fact['kind'], object: unknown, fields: string[], place: string, id?: unknown): Fact[] {
  if (!isObject(object)) return [];
  const key = idOf(id ?? object.id);
  if (key === undefined) return [];
  return fields.flatMap((field) => {
    const value = at(object, field);
    return value === undefined ? [] : [{ kind, id: key, field, value, place }];
  });
}

/** The order fields that a search result (full form) and the order's read both carry. */
const ORDER_FIELDS = [
  'status',
  'pack_id',
  'total_amount',
  'paid_amount',
  'currency_id',
  'date_created',
  'buyer.id',
  'seller.id',
];
const NAMED = ['name'];

const LOCATION_PARENTS = ['country', 'state', 'city'];

function location(body: Json, children: string, place: string): Fact[] {
  return [
    ...factsOf('location', body, NAMED, place),
    ...LOCATION_PARENTS.flatMap((parent) => factsOf('location', body[parent], NAMED, `${place} ${parent}`)),
    ...list(body[children]).flatMap((child) => factsOf('location', child, NAMED, `${place} ${children}[]`)),
  ];
}

function message(object: unknown, place: string): Fact[] {
  if (!isObject(object)) return [];
  // The legacy form names the id message_id and holds the text in text.plain.
  const legacy = object.message_id !== undefined;
  const id = legacy ? object.message_id : object.id;
  const text = legacy ? at(object, 'text.plain') : object.text;
  return [
    ...factsOf('message', object, ['from.user_id'], place, id),
    ...(typeof text === 'string' ? factsOf('message', { id, text }, ['text'], place) : []),
  ];
}

const EXTRACTORS: Record<string, (body: Json | Json[]) => Fact[]> = {
  getOrder: (body) => factsOf('order', body, ORDER_FIELDS, 'GET /orders/{order_id}'),
  searchOrders: (body) =>
    Array.isArray(body)
      ? []
      : list(body.results).flatMap((o) => factsOf('order', o, ORDER_FIELDS, 'GET /orders/search results[]')),
  getCategory: (body) =>
    Array.isArray(body)
      ? []
      : [
          ...factsOf('category', body, ['name', 'total_items_in_this_category'], 'GET /categories/{id}'),
          ...list(body.children_categories).flatMap((c) =>
            factsOf(
              'category',
              c,
              ['name', 'total_items_in_this_category'],
              'GET /categories/{id} children_categories[]',
            ),
          ),
          ...list(body.path_from_root).flatMap((c) =>
            factsOf('category', c, NAMED, 'GET /categories/{id} path_from_root[]'),
          ),
        ],
  listSiteCategories: (body) =>
    (Array.isArray(body) ? body : list(body.categories)).flatMap((c) =>
      factsOf('category', c, NAMED, 'GET /sites/{site_id}/categories'),
    ),
  listCountries: (body) =>
    (Array.isArray(body) ? body : []).flatMap((c) =>
      factsOf('location', c, ['name', 'locale', 'currency_id'], 'GET /classified_locations/countries'),
    ),
  getCountry: (body) =>
    Array.isArray(body)
      ? []
      : [
          ...factsOf('location', body, ['locale', 'currency_id'], 'GET /classified_locations/countries/{id}'),
          ...location(body, 'states', 'GET /classified_locations/countries/{id}'),
        ],
  getState: (body) =>
    Array.isArray(body) ? [] : location(body, 'cities', 'GET /classified_locations/states/{id}'),
  getCity: (body) =>
    Array.isArray(body) ? [] : location(body, 'neighborhoods', 'GET /classified_locations/cities/{id}'),
  getNeighborhood: (body) =>
    Array.isArray(body)
      ? []
      : location(body, 'subneighborhoods', 'GET /classified_locations/neighborhoods/{id}'),
  listPackMessages: (body) =>
    Array.isArray(body)
      ? []
      : list(body.messages).flatMap((m) =>
          message(m, 'GET /messages/packs/{pack_id}/sellers/{user_id} messages[]'),
        ),
  getMessage: (body) => (Array.isArray(body) ? [] : message(body, 'GET /messages/{message_id}')),
};

/** The facts of one answer: only a 200 (a 206 empties fields on purpose; an error shows no resource). */
export function factsOfAnswer(operationId: string, status: number, body: unknown): Fact[] {
  const extract = EXTRACTORS[operationId];
  if (!extract || status !== 200 || !(isObject(body) || Array.isArray(body))) return [];
  return extract(body as Json | Json[]);
}
