import type { Json, Order, OrderEntry } from '../store/orders-types.ts';
import type { UsersStore } from '../store/users.ts';

/** GET /orders/{id}: the full form, with the fields whose data is missing answered as empty objects. */
function renderOrder(entry: OrderEntry): Json {
  const order: Json = structuredClone(entry.order);
  for (const field of entry.missing) order[field] = {};
  return order;
}

/** Phone of a seller as search results show it (the mock derives it from the user id). */
function phoneOf(id: number, verified: boolean): Json {
  const phone: Json = { area_code: '11', number: `9${String(id).padStart(8, '0')}`, extension: '' };
  return verified ? { ...phone, verified: true } : phone;
}

/** A search result: the full form plus the search-only seller and order item fields. */
function renderSearchResult(entry: OrderEntry, users: UsersStore): Json {
  const order = structuredClone(entry.order) as Order;
  const seller = users.byId(order.seller.id);
  order.seller = {
    id: order.seller.id,
    nickname: seller?.nickname ?? '',
    first_name: seller?.first_name ?? '',
    last_name: seller?.last_name ?? '',
    phone: phoneOf(order.seller.id, true),
    alternative_phone: phoneOf(order.seller.id + 1, false),
  };
  order.order_items = order.order_items.map((line) => ({
    ...line,
    base_currency_id: null,
    base_exchange_rate: null,
    differential_pricing_id: null,
    manufacturing_days: null,
  }));
  return order;
}

const orderJson = new WeakMap<OrderEntry, string>();
const searchJson = new WeakMap<OrderEntry, string>();

/** renderOrder as JSON, rendered once per order: orders never change after the seed. */
export function orderJsonOf(entry: OrderEntry): string {
  let json = orderJson.get(entry);
  if (json === undefined) {
    json = JSON.stringify(renderOrder(entry));
    orderJson.set(entry, json);
  }
  return json;
}

/** renderSearchResult as JSON, rendered once per order and search form. */
export function searchResultJsonOf(entry: OrderEntry, users: UsersStore): string {
  let json = searchJson.get(entry);
  if (json === undefined) {
    json = JSON.stringify(renderSearchResult(entry, users));
    searchJson.set(entry, json);
  }
  return json;
}
