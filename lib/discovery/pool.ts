import { hasStatus } from '../client/typed.ts';
import type { Schemas } from '../client/types.ts';
import { DATA_NEEDS } from '../profile/needs.ts';
import type { ProfileInput } from '../profile/types.ts';
import { type Answer, answerOf } from './reader.ts';

/** An order discovery saw in a search, as the spec documents it, with the id it is kept by. */
export type SeenOrder = Schemas['Order'] & { id: number };

/** Orders seen by discovery, by id: later steps take packs and shipments from them. */
export type OrderPool = Map<number, SeenOrder>;

const keptById = (order: Schemas['Order']): order is SeenOrder => typeof order?.id === 'number';

/** The orders of an order search answer (200), each with its id; none for any other answer. */
export function resultsOf(answer: Answer): SeenOrder[] {
  const found = answerOf(answer, 'searchOrders');
  const results = hasStatus(found, 200) ? found.body.results : undefined;
  return Array.isArray(results) ? (results as Schemas['Order'][]).filter(keptById) : [];
}

/** paging.total of an order search answer (200), when it gives one as a number. */
export function totalOf(answer: Answer): number | undefined {
  const found = answerOf(answer, 'searchOrders');
  const total = hasStatus(found, 200) ? found.body.paging?.total : undefined;
  return typeof total === 'number' ? total : undefined;
}

/** Needs found by their own searches or reads, whatever the searches of the orders pool return. */
const OWN_SEARCHES = new Set([
  'orders.fraud',
  'orders.mshops',
  'orders.unknown',
  'orders.currencies',
  'orders.expired',
]);

/**
 * Needs taken from the orders the searches return, directly or through later steps (packs,
 * conversations, the site of the catalog): a failed search of the pool is a failed read of each.
 */
export const POOL_NEEDS: readonly string[] = DATA_NEEDS.filter(
  (need) => need.discoverable && !need.path.startsWith('orders.byStatus.') && !OWN_SEARCHES.has(need.path),
).map((need) => need.path);

/** An order between the profile's seller and buyer. */
export function sameParties(order: SeenOrder, profile: ProfileInput): boolean {
  return (
    Number(order.seller?.id) === profile.users.seller.id && Number(order.buyer?.id) === profile.users.buyer.id
  );
}

export const packOf = (order: SeenOrder): number => order.pack_id ?? order.id;
