import type { StoreContext } from './context.ts';
import { type CurrenciesStore, createCurrenciesStore } from './currencies.ts';
import { readSeed } from './data.ts';
import { buildOrder } from './orders-build.ts';
import { bulkOrders } from './orders-bulk.ts';
import { type SearchFilters, type SearchPage, searchIndexed } from './orders-search.ts';
import { DAY_MS } from './orders-time.ts';
import type { OrderEntry, OrdersSeed } from './orders-types.ts';
import type { PacksStore } from './packs.ts';
import { createShipmentsStore, type ShipmentsStore } from './shipments.ts';
import { createUserStatusStore, type UserStatusStore } from './user-status.ts';

export interface OrderRepository {
  get(id: number): OrderEntry | undefined;
  search(filters: SearchFilters): SearchPage;
  all(): readonly OrderEntry[];
}

/** The orders area: orders, their shipments, currency ratios and user account status. */
export interface OrdersStore {
  orders: OrderRepository;
  shipments: ShipmentsStore;
  currencies: CurrenciesStore;
  userStatus: UserStatusStore;
}

function indexBy(entries: readonly OrderEntry[], key: (entry: OrderEntry) => number) {
  const index = new Map<number, OrderEntry[]>();
  for (const entry of entries) {
    const list = index.get(key(entry)) ?? [];
    list.push(entry);
    index.set(key(entry), list);
  }
  return index;
}

function createOrderRepository(entries: OrderEntry[], ctx: StoreContext): OrderRepository {
  entries.sort((a, b) => a.createdAt - b.createdAt || a.order.id - b.order.id);
  const byId = new Map(entries.map((entry) => [entry.order.id, entry]));
  const bySeller = indexBy(entries, (entry) => entry.order.seller.id);
  const byBuyer = indexBy(entries, (entry) => entry.order.buyer.id);
  const nicknameOf = (id: number) => ctx.users.byId(id)?.nickname ?? '';
  return {
    get: (id) => byId.get(id),
    all: () => entries,
    search: (filters) => {
      const index = filters.role === 'seller' ? bySeller : byBuyer;
      const counterpart = (entry: OrderEntry) =>
        nicknameOf(filters.role === 'seller' ? entry.order.buyer.id : entry.order.seller.id);
      return searchIndexed(index.get(filters.callerId) ?? [], filters, counterpart);
    },
  };
}

/** Builds the area from fixtures/data (orders.json, currencies.json, user-status.json). */
export function createOrdersStore(ctx: StoreContext, _packs: PacksStore): OrdersStore {
  const seed = readSeed<OrdersSeed>('orders.json');
  const build = {
    now: ctx.now,
    users: ctx.users,
    items: seed.items,
    shippingIdOffset: seed.shippingIdOffset,
  };
  const oldest = ctx.now.getTime() - seed.retentionDays * DAY_MS;
  // Rules for orders, 6: only orders created up to 12 months ago are kept.
  const entries = [...seed.orders, ...bulkOrders(ctx.scale)]
    .map((order) => buildOrder(order, build))
    .filter((entry) => entry.createdAt >= oldest);
  return {
    orders: createOrderRepository(entries, ctx),
    shipments: createShipmentsStore(entries),
    currencies: createCurrenciesStore(),
    userStatus: createUserStatusStore(ctx.users),
  };
}
