import type { StoreContext } from './context.ts';
import { type CurrenciesStore, createCurrenciesStore } from './currencies.ts';
import { readSeed } from './data.ts';
import { buildOrder } from './orders-build.ts';
import { bulkOrders } from './orders-bulk.ts';
import {
  isStatusOnly,
  type SearchFilters,
  type SearchPage,
  searchByStatusLists,
  searchIndexed,
} from './orders-search.ts';
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

function indexBy<K>(entries: readonly OrderEntry[], key: (entry: OrderEntry) => K) {
  const index = new Map<K, OrderEntry[]>();
  for (const entry of entries) {
    const list = index.get(key(entry)) ?? [];
    list.push(entry);
    index.set(key(entry), list);
  }
  return index;
}

const byCreation = (a: OrderEntry, b: OrderEntry) => a.createdAt - b.createdAt || a.order.id - b.order.id;

/** The caller's orders a search has to look at (ORD-SEARCH-ROLE): only those of the asked statuses when it asks for some. */
function candidatesOf(
  filters: SearchFilters,
  byParty: Map<number, OrderEntry[]>,
  byPartyStatus: Map<string, OrderEntry[]>,
): readonly OrderEntry[] {
  if (!filters.statuses) return byParty.get(filters.callerId) ?? [];
  const lists = filters.statuses.map((status) => byPartyStatus.get(`${filters.callerId}:${status}`) ?? []);
  return lists.length === 1 ? lists[0]! : lists.flat().sort(byCreation);
}

function createOrderRepository(entries: OrderEntry[], ctx: StoreContext): OrderRepository {
  entries.sort(byCreation);
  const byId = new Map(entries.map((entry) => [entry.order.id, entry]));
  const seller = (entry: OrderEntry) => entry.order.seller.id;
  const buyer = (entry: OrderEntry) => entry.order.buyer.id;
  const indexes = {
    seller: {
      party: indexBy(entries, seller),
      status: indexBy(entries, (e) => `${seller(e)}:${e.order.status}`),
    },
    buyer: {
      party: indexBy(entries, buyer),
      status: indexBy(entries, (e) => `${buyer(e)}:${e.order.status}`),
    },
  };
  const nicknameOf = (id: number) => ctx.users.byId(id)?.nickname ?? '';
  return {
    get: (id) => byId.get(id),
    all: () => entries,
    search: (filters) => {
      const index = indexes[filters.role];
      if (isStatusOnly(filters)) {
        return searchByStatusLists(
          filters,
          (status) => index.status.get(`${filters.callerId}:${status}`) ?? [],
        );
      }
      const counterpart = (entry: OrderEntry) =>
        nicknameOf(filters.role === 'seller' ? entry.order.buyer.id : entry.order.seller.id);
      return searchIndexed(candidatesOf(filters, index.party, index.status), filters, counterpart);
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
