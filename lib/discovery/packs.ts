import { hasStatus } from '../client/typed.ts';
import type { ProfileInput } from '../profile/types.ts';
import { instantOf } from '../rules/instant.ts';
import type { Findings } from './findings.ts';
import { type OrderPool, type SeenOrder, sameParties } from './pool.ts';
import { answerOf, pathOf, type Reader } from './reader.ts';
import { READS_AT_ONCE, sideBySide } from './side-by-side.ts';
import { RETENTION_DAYS } from './windows.ts';

// The packs of the orders discovery saw, and the needs taken from the pool once they are known.

/** The order created first among those created within the 12 months kept. */
function oldestKept(orders: SeenOrder[]): SeenOrder | undefined {
  const boundary = Date.now() - RETENTION_DAYS * 86_400_000;
  const dated = orders
    .map((order) => ({ order, time: instantOf(order.date_created) }))
    .filter(({ time }) => time >= boundary);
  return dated.sort((a, b) => a.time - b.time)[0]?.order;
}

export function fromPool(profile: ProfileInput, findings: Findings, pool: OrderPool): void {
  const own = [...pool.values()].filter((o) => sameParties(o, profile));
  const from = 'orders of the searches';
  // Paid orders first: a cancelled or delivered shipment may carry no delivery promise.
  const paidFirst = [...own.filter((o) => o.status === 'paid'), ...own.filter((o) => o.status !== 'paid')];
  const withPack = paidFirst.find((o) => typeof o.pack_id === 'number' && o.shipping?.id);
  findings.add('orders.withPack', withPack?.id, from);
  findings.add('orders.withoutPack', own.find((o) => o.pack_id === null)?.id, from);
  // The buyer's order with another seller: the profile's seller is outside it (Orders rule 2).
  // One in a pack first, whose other orders the searches show are not the seller's either: its
  // conversation with the buyer is one the profile's seller is outside of too.
  const others = [...pool.values()].filter((o) => isOtherSellers(o, profile));
  const sellersIn = (pack: unknown) =>
    [...pool.values()].filter((o) => o.pack_id === pack).map((o) => Number(o.seller?.id));
  const inPack = others.filter((o) => typeof o.pack_id === 'number');
  const other =
    inPack.find((o) => !sellersIn(o.pack_id).includes(profile.users.seller.id)) ?? inPack[0] ?? others[0];
  findings.add(
    'orders.otherSeller',
    other?.id,
    `the buyer's searches: seller ${other?.seller?.id} of order ${other?.id}`,
  );
  const oldest = oldestKept(own);
  findings.add(
    'orders.oldest',
    oldest?.id,
    `the buyer's searches back to the 12-month boundary: created ${oldest?.date_created}`,
  );
  const site = own.find((o) => o.context?.site)?.context?.site;
  findings.add('messaging.siteId', site, 'context.site of the orders');
}

/**
 * A pack of the buyer none of whose orders is the profile's seller's, so the seller stands outside it (a
 * user outside the pack of Fiscal documents). Only from a pool that holds every order of the buyer within
 * the retention period, each with its seller and pack known: an order the pool missed or showed without
 * them could be the seller's in that pack.
 */
export function findOutsidePack(
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
  whole: boolean,
): void {
  if (!findings.wants('fiscal.outsidePack')) return;
  const orders = [...pool.values()].filter((o) => Number(o.buyer?.id) === profile.users.buyer.id);
  const known = orders.every((o) => o.seller?.id !== undefined && o.pack_id !== undefined);
  const sellersOf = (pack: unknown) =>
    orders.filter((o) => o.pack_id === pack).map((o) => Number(o.seller?.id));
  const outside = orders.find(
    (o) => typeof o.pack_id === 'number' && !sellersOf(o.pack_id).includes(profile.users.seller.id),
  );
  const value = whole && known ? outside?.pack_id : undefined;
  const why =
    whole && known
      ? `its orders (${outside?.id}) are seller ${outside?.seller?.id}'s`
      : "the buyer's orders were not all seen with their seller and pack";
  findings.add('fiscal.outsidePack', value ?? undefined, `the buyer's searches over 12 months: ${why}`);
}

/**
 * Own orders read one by one when the searches' results leave pack_id out (production's do): the
 * conversation with attachments or the pack of two sellers may be any of them.
 */
const MAX_PACK_READS = 40;
/** The buyer's orders with other sellers read for their pack the same way. */
const MAX_OTHER_PACK_READS = 6;

/** An order of the profile's buyer whose seller is another user: the profile's seller is outside it. */
export function isOtherSellers(order: SeenOrder, profile: ProfileInput): boolean {
  const seller = order.seller?.id;
  return (
    Number(order.buyer?.id) === profile.users.buyer.id &&
    seller !== undefined &&
    ![profile.users.seller.id, profile.users.buyer.id].includes(Number(seller))
  );
}

/**
 * pack_id is a listed field a search result may leave out; without it the pack of the order (its
 * conversation, its fiscal documents) cannot be addressed. The order read often carries it.
 */
export async function learnPacks(reader: Reader, profile: ProfileInput, pool: OrderPool): Promise<void> {
  const unknown = [...pool.values()].filter((o) => o.pack_id === undefined);
  // The buyer's orders with other sellers first (few, and the only way to a pack of two sellers).
  const others = unknown.filter((o) => isOtherSellers(o, profile)).slice(0, MAX_OTHER_PACK_READS);
  const own = unknown.filter((o) => sameParties(o, profile)).slice(0, MAX_PACK_READS);
  const orders = [...others, ...own];
  const reads = await sideBySide(orders, READS_AT_ONCE, async (order) => {
    const as = sameParties(order, profile) ? 'seller' : 'buyer';
    return answerOf(await reader.get(pathOf('/orders/{id}', order.id), {}, as), 'getOrder');
  });
  for (const [index, order] of orders.entries()) {
    const read = reads[index];
    const pack = read && hasStatus(read, [200, 206]) ? read.body.pack_id : undefined;
    if (pack === null || typeof pack === 'number') pool.set(order.id, { ...order, pack_id: pack });
  }
}
