/** Reads of the caller's orders for completeness checks: every page of a search, and one order by id. */

import { expectHot, type TargetProfile } from '../../../fixtures/index.ts';
import type { ApiClient } from '../../../lib/client/client.ts';
import { FULL_PAGE, sendWithinBound } from '../../../lib/client/page-bound.ts';
import { readFresh } from '../../../lib/client/read-cache.ts';
import type { BodyAt } from '../../../lib/client/typed.ts';
import { hasStatus } from '../../../lib/client/typed.ts';
import type { Schemas } from '../../../lib/client/types.ts';
import { rawProfile } from '../../../lib/profile/guard.ts';
import type { Query } from '../../../lib/rules/order-completeness.ts';
import type { FoundOrder, Role } from '../../../lib/rules/order-search-rules.ts';
import { acceptedOrRefused } from '../../contract/support/reference.ts';

export type { Role } from '../../../lib/rules/order-search-rules.ts';
export { partyId } from '../../../lib/rules/order-search-rules.ts';

/**
 * The fields of an order that the search filters read (a foreign answer may leave listed ones out),
 * for an order that shows its id (the key of a collection).
 */
export type SeenOrder = FoundOrder & Pick<Schemas['Order'], 'hidden_for_seller'> & { id: number };

type SearchBody = BodyAt<'searchOrders', 200>;

/** The orders of one page that show their id (an order without one cannot be kept apart). */
const withIds = (body: SearchBody): SeenOrder[] =>
  (body.results ?? []).flatMap((order) => (order.id === undefined ? [] : [{ ...order, id: order.id }]));

export type { Query } from '../../../lib/rules/order-completeness.ts';

/** Every page of one search, as far as the page budget and the target's paging allow. */
export interface Collected {
  orders: Map<number, SeenOrder>;
  /** Every match the first page's paging.total announced was read. */
  complete: boolean;
  /** paging.total of the first page. */
  total: number;
  /** A page past the first the target answered empty though total announced more (offset applied). */
  emptyPageAt?: number;
}

/** The pages a completeness check reads of one listing: the profile's pageBudget, else 10. */
export const pageBudget = (target: TargetProfile): number => rawProfile(target).pageBudget ?? 10;

/** The search of the caller's orders with `query`: the caller's party filter is always added. */
function searchQuery(target: TargetProfile, role: Role, query: Query, sort: string): Query {
  return { [role]: target.users[role].id, ...query, sort };
}

/**
 * Every page of a search, oldest first (date_asc, so orders created during the run come last and do
 * not shift the pages read). The paging parameters are not named by the reference: offset and limit
 * are tried, and a page whose paging does not echo the asked offset ends the reading (incomplete).
 * Undefined when a foreign target refuses the search itself (a filter value it does not accept).
 */
export async function collectSearch(
  api: ApiClient,
  target: TargetProfile,
  role: Role,
  query: Query,
  sort = 'date_asc',
): Promise<Collected | undefined> {
  const first = await api.call('searchOrders', { as: role, query: searchQuery(target, role, query, sort) });
  if (!acceptedOrRefused(first, target, { status: 200 })) return undefined;
  // Another 2xx than the documented 200: its body is not judged here (the schema check reports it).
  const body: SearchBody = hasStatus(first, 200) ? first.body : {};
  const results = body.results ?? [];
  const orders = new Map(withIds(body).map((order) => [order.id, order]));
  const total = body.paging?.total ?? results.length;
  // A default page smaller than a full one (one order, say: the reference leaves it open) is read on at a
  // full page, within the bound the target takes.
  const limit = Math.max(body.paging?.limit ?? results.length, FULL_PAGE);
  const collected: Collected = { orders, complete: orders.size >= total, total };
  let read = results.length;
  for (let page = 1; page < pageBudget(target) && read < total && limit > 0; page += 1) {
    const res = await sendWithinBound(
      (paging) =>
        api.call('searchOrders', {
          as: role,
          query: { ...searchQuery(target, role, query, sort), ...paging },
        }),
      'searchOrders',
      { offset: read, limit },
    );
    if (!hasStatus(res, 200)) return collected;
    const next = res.body;
    if (next.paging?.offset !== read) return collected;
    const page = next.results ?? [];
    if (page.length === 0) return { ...collected, emptyPageAt: read };
    for (const order of withIds(next)) orders.set(order.id, order);
    read += page.length;
  }
  collected.complete = read >= total;
  return collected;
}

/**
 * Whether the reading went to the end the target announced: every match read, or a page the target
 * answered empty (its offset applied) though paging.total announced more, which is a drop itself.
 */
export const readToEnd = (collected: Collected | undefined): boolean =>
  collected !== undefined && (collected.complete || collected.emptyPageAt !== undefined);

/** One order read by id as `role` (its current state), or undefined when it is no longer readable. */
export async function readOrderNow(
  api: ApiClient,
  role: Role,
  id: number,
): Promise<{ order: SeenOrder; missing: string[] } | undefined> {
  // Read now: the run's earlier answer of this read would not show a change.
  const res = await readFresh(() => api.call('getOrder', { as: role, path: { order_id: id } }));
  if (!hasStatus(res, [200, 206])) return undefined;
  const missing = (res.headers['x-content-missing'] ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  const { mediations, ...order } = res.body;
  // A 206 may answer mediations as an empty object (the field left out): not shown. Its other emptied
  // fields stay the empty objects they are (no id to read in them), as before.
  const seen = { ...order, id: order.id ?? id, ...(Array.isArray(mediations) ? { mediations } : {}) };
  return { order: seen as SeenOrder, missing };
}

/** Fails unless the search of the caller's own orders is answered (the mock: always). */
export function expectCollected(collected: Collected | undefined, what: string): Collected {
  expectHot(collected, `${what}: the search of the caller's own orders is answered`).toBeDefined();
  return collected!;
}
