import type { PackInfo } from './context.ts';
import { readSeed } from './data.ts';
import type { OrderSeed, OrdersSeed } from './orders-types.ts';

interface PacksSeed {
  packs: (PackInfo & { packless: boolean; purpose: string })[];
}

export interface PacksStore {
  /** The pack with this id (pack_id, or the order id of an order whose pack_id is null). */
  get(packId: number): PackInfo | undefined;
  all(): readonly PackInfo[];
  /** Registers the own pack of an order made after the start (a live order): its conversation, empty. */
  addOrder(order: OrderSeed): void;
}

/** An order whose pack_id is null is addressed by its own id under /packs and /messages/packs. */
function ownPack(order: OrderSeed, siteId: string): PackInfo {
  return {
    packId: order.id,
    orderIds: [order.id],
    buyerId: order.buyerId,
    sellerIds: [order.sellerId],
    siteId,
    cancelled: order.status === 'cancelled' || order.status === 'manually_cancelled',
    mediationInProcess: (order.mediations?.length ?? 0) > 0,
    fulfilledNotDelivered: false,
  };
}

export function createPacksStore(
  seed = readSeed<PacksSeed>('packs.json'),
  orders = readSeed<OrdersSeed>('orders.json').orders,
): PacksStore {
  const byId = new Map<number, PackInfo>(seed.packs.map((pack) => [pack.packId, pack]));
  const siteId = seed.packs[0]?.siteId ?? 'MLB';
  for (const order of orders) {
    if (order.packId === null && !byId.has(order.id)) byId.set(order.id, ownPack(order, siteId));
  }
  return {
    get: (packId) => byId.get(packId),
    all: () => [...byId.values()],
    addOrder: (order) => {
      if (order.packId === null && !byId.has(order.id)) byId.set(order.id, ownPack(order, siteId));
    },
  };
}
