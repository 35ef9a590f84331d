import { ORDER_STATUSES, type OrderSeed } from './orders-types.ts';

/** First id of generated orders: far from every id of the target profile. */
const BULK_FIRST_ID = 2_500_000_000;
/** Generated orders per unit of scale above 1. */
const BULK_PER_SCALE = 1000;

const SELLERS = [2001, 2002];
const BUYERS = [3001, 3002];
const ITEMS = ['MLB100000001', 'MLB100000002', 'MLB100000003', 'MLB100000004', 'MLB100000005'];

/** Extra orders for benchmarks (scale > 1): varied status, parties, items and dates within retention. */
export function bulkOrders(scale: number): OrderSeed[] {
  const count = Math.max(0, scale - 1) * BULK_PER_SCALE;
  return Array.from({ length: count }, (_, i) => {
    const status = ORDER_STATUSES[i % ORDER_STATUSES.length]!;
    return {
      id: BULK_FIRST_ID + i,
      status,
      daysAgo: 1 + ((i * 7) % 300) + (i % 24) / 24,
      buyerId: BUYERS[i % BUYERS.length]!,
      sellerId: SELLERS[Math.floor(i / 2) % SELLERS.length]!,
      packId: null,
      itemId: ITEMS[i % ITEMS.length]!,
      quantity: 1 + (i % 3),
      tags: status === 'paid' ? ['paid'] : [],
    };
  });
}
