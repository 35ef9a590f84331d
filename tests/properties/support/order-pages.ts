/** Reads of the caller's orders for completeness checks: every page of a search, and one order by id. */

import { expect, type TargetProfile } from '../../../fixtures/index.ts';
import type { ApiClient } from '../../../lib/client/client.ts';
import type { Query } from '../../../lib/oracles/order-completeness.ts';
import type { FoundOrder, Role } from '../../../lib/oracles/order-search-rules.ts';
import { rawProfile } from '../../../lib/profile/guard.ts';
import { acceptedOrRefused } from '../../contract/support/reference.ts';

export type { Role } from '../../../lib/oracles/order-search-rules.ts';
export { partyId } from '../../../lib/oracles/order-search-rules.ts';

/** The fields of an order that the search filters read (a foreign answer may leave listed ones out). */
export type SeenOrder = FoundOrder & { status: string; hidden_for_seller?: boolean };

interface SearchBody {
  results: SeenOrder[];
  paging?: { total?: number; offset?: number; limit?: number };
}

export type { Query } from '../../../lib/oracles/order-completeness.ts';

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
export function searchQuery(target: TargetProfile, role: Role, query: Query, sort: string): Query {
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
  const body = first.body as SearchBody;
  const orders = new Map(body.results.map((order) => [order.id, order]));
  const total = body.paging?.total ?? body.results.length;
  const limit = body.paging?.limit ?? body.results.length;
  const collected: Collected = { orders, complete: orders.size >= total, total };
  let read = body.results.length;
  for (let page = 1; page < pageBudget(target) && read < total && limit > 0; page += 1) {
    const res = await api.call('searchOrders', {
      as: role,
      query: { ...searchQuery(target, role, query, sort), offset: read, limit },
    });
    if (res.status < 200 || res.status >= 300) return collected;
    const next = res.body as SearchBody;
    if (next.paging?.offset !== read) return collected;
    if (next.results.length === 0) return { ...collected, emptyPageAt: read };
    for (const order of next.results) orders.set(order.id, order);
    read += next.results.length;
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
  const res = await api.call('getOrder', { as: role, path: { order_id: id } });
  if (res.status !== 200 && res.status !== 206) return undefined;
  const missing = (res.headers['x-content-missing'] ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter(Boolean);
  return { order: res.body as SeenOrder, missing };
}

/** Fails unless the search of the caller's own orders is answered (the mock: always). */
export function expectCollected(collected: Collected | undefined, what: string): Collected {
  expect(collected, `${what}: the search of the caller's own orders is answered`).toBeDefined();
  return collected!;
}
