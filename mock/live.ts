/**
 * A live mock (MOCK_LIVE=orders): orders keep arriving while a run reads, as on a real server. Every
 * third order read or search adds a paid order between the profile's seller and buyer, created at
 * that moment; searches and reads by id see it like any other. For the nightly-style series of
 * issue 25 (completeness stays free of false alarms on changing data); the default mock is untouched.
 */
import type { FastifyInstance } from 'fastify';
import { readSeed } from './store/data.ts';
import type { OrderRepository } from './store/orders.ts';
import { buildOrder } from './store/orders-build.ts';
import { type SearchFilters, searchIndexed } from './store/orders-search.ts';
import type { OrderEntry, OrderSeed, OrdersSeed } from './store/orders-types.ts';

const LIVE_FIRST_ID = 2_700_000_000;
const SELLER = 2001;
const BUYER = 3001;
const ITEMS = ['MLB100000001', 'MLB100000003', 'MLB100000005'];
/** Reads between two new orders (MOCK_LIVE=orders). */
const EVERY = 3;

const byCreation = (a: OrderEntry, b: OrderEntry) => a.createdAt - b.createdAt || a.order.id - b.order.id;

/** The repository with the live orders added: reads by id and searches merge both. */
function withLive(
  base: OrderRepository,
  live: OrderEntry[],
  nickname: (id: number) => string,
): OrderRepository {
  return {
    get: (id) => live.find((entry) => entry.order.id === id) ?? base.get(id),
    all: () => [...base.all(), ...live],
    search: (filters: SearchFilters) => {
      const everything = { ...filters, offset: 0, limit: Number.MAX_SAFE_INTEGER };
      const party = (entry: OrderEntry) => entry.order[filters.role].id === filters.callerId;
      const counterpart = (entry: OrderEntry) =>
        nickname(filters.role === 'seller' ? entry.order.buyer.id : entry.order.seller.id);
      const added = searchIndexed(
        live.filter(party),
        { ...everything, sort: 'date_asc' },
        counterpart,
      ).results;
      const merged = [...base.search(everything).results, ...added].sort(byCreation);
      if (filters.sort === 'date_desc') merged.reverse();
      return { total: merged.length, results: merged.slice(filters.offset, filters.offset + filters.limit) };
    },
  };
}

export function installLiveOrders(app: FastifyInstance, every = EVERY): void {
  const seed = readSeed<OrdersSeed>('orders.json');
  let live: OrderEntry[] = [];
  let wrapped: OrderRepository | undefined;
  let reads = 0;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/orders')) return;
    const store = app.world.orders;
    if (store.orders !== wrapped) {
      // A new world (start or reset): its orders, none added yet.
      live = [];
      wrapped = withLive(store.orders, live, (id) => app.world.users.byId(id)?.nickname ?? '');
      store.orders = wrapped;
    }
    reads += 1;
    if (reads % every !== 0) return;
    const n = live.length;
    // Built at this moment (not the world's start): its closing and last update can be no earlier than its creation.
    const now = new Date();
    const order: OrderSeed = {
      id: LIVE_FIRST_ID + n,
      status: 'paid',
      daysAgo: 0,
      buyerId: BUYER,
      sellerId: SELLER,
      packId: null,
      itemId: ITEMS[n % ITEMS.length]!,
      tags: ['paid'],
    };
    // Its conversation exists from its creation, as for every order: addressed by the order's own id.
    app.world.packs.addOrder(order);
    const entry = buildOrder(order, {
      now,
      users: app.world.users,
      items: seed.items,
      shippingIdOffset: seed.shippingIdOffset,
    });
    // Its shipment exists from its creation too, under the order's shipping.id.
    store.shipments.add(entry);
    live.push(entry);
  });
}
