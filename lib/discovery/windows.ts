import type { ProfileInput } from '../profile/types.ts';
import { type OrderPool, resultsOf, type SeenOrder, totalOf } from './pool.ts';
import type { Reader } from './reader.ts';

const DAY_MS = 86_400_000;
/** "Orders created up to 12 months ago are kept" (Orders rule 6; Limits, order retention). */
export const RETENTION_DAYS = 365;
/** Reads the walk may make: enough to page a few hundred orders a page of 10 at a time. */
const MAX_WINDOW_READS = 40;
/** A window is not split below this: orders created in the same minute are left to its first page. */
const MIN_WINDOW_MS = 60_000;

/** `2026-11-27T03:37:38+00:00`: the filters take "ISO 8601 timestamps with offset" (Z may be refused). */
export const withOffset = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');

interface Window {
  from: number;
  to: number;
}

interface Page {
  results: SeenOrder[];
  /** paging.total when the answer gives it as a number. */
  total: number | undefined;
}

async function windowPage(reader: Reader, profile: ProfileInput, window: Window): Promise<Page> {
  const query = {
    buyer: profile.users.buyer.id,
    'order.date_created.from': withOffset(window.from),
    'order.date_created.to': withOffset(window.to),
  };
  const answer = await reader.get('/orders/search', query, 'buyer');
  return { results: resultsOf(answer), total: totalOf(answer) };
}

/**
 * Every order of the buyer created within the retention period, whatever the target's page size and
 * sort: the search has no documented offset, so the period is cut into date windows (documented
 * filters order.date_created.from/.to), and a window whose page does not hold all its orders (its
 * paging.total, else a page as long as the longest seen) is split in two. Newest windows first.
 * Whether every window was read whole: the pool then holds every order of the buyer within the period.
 */
export async function walkBuyerOrders(
  reader: Reader,
  profile: ProfileInput,
  pool: OrderPool,
): Promise<boolean> {
  const now = Date.now();
  // A day ahead: the target's clock may run ahead of ours.
  const windows: Window[] = [{ from: now - RETENTION_DAYS * DAY_MS, to: now + DAY_MS }];
  let longest = 0;
  for (let reads = 0; windows.length > 0 && reads < MAX_WINDOW_READS; reads += 1) {
    const window = windows.pop() as Window;
    const { results, total } = await windowPage(reader, profile, window);
    for (const order of results) pool.set(order.id, { ...pool.get(order.id), ...order });
    longest = Math.max(longest, results.length);
    const cut =
      total !== undefined ? total > results.length : results.length > 0 && results.length >= longest;
    if (!cut || window.to - window.from < MIN_WINDOW_MS) continue;
    const middle = Math.floor((window.from + window.to) / 2);
    // Popped last first: the newer half is read before the older one.
    windows.push({ from: window.from, to: middle }, { from: middle, to: window.to });
  }
  return windows.length === 0;
}

/**
 * Orders of the buyer created before the retention period (the reference keeps 12 months; what an older
 * order answers is not given): found only on a target that still lists them.
 */
export async function ordersPastRetention(reader: Reader, profile: ProfileInput): Promise<SeenOrder[]> {
  const boundary = Date.now() - RETENTION_DAYS * DAY_MS - DAY_MS;
  const query = { buyer: profile.users.buyer.id, 'order.date_created.to': withOffset(boundary) };
  return resultsOf(await reader.get('/orders/search', query, 'buyer'));
}
