/**
 * Completeness of the order search: the filtered answer holds every order of the caller's unfiltered
 * data that the filter's rule selects, compared as sets over all pages.
 *
 * A live server changes between two reads. An order the unfiltered read holds and the filtered one
 * lacks is judged only when (1) it was created before the run started, (2) read again by id now it is
 * still selected by the rule and was not updated since the run started, and (3) a second filtered read
 * still lacks it. An order that changed, left retention or appeared during the run is counted, never
 * failed: a nightly run on a live server raises no false alarm, while a filter that drops a match it
 * keeps holding is caught on the second read.
 */

import type { TargetProfile } from '../../../fixtures/index.ts';
import type { ApiClient } from '../../../lib/client/client.ts';
import { readFresh } from '../../../lib/client/read-cache.ts';
import { instantOf } from '../../../lib/rules/instant.ts';
import { type OrderFilter, selectedBy } from '../../../lib/rules/order-completeness.ts';
import {
  type Collected,
  collectSearch,
  type Query,
  type Role,
  readOrderNow,
  readToEnd,
  type SeenOrder,
} from './order-pages.ts';

/** Clock difference allowed between the suite and the target when comparing a date with the run's start. */
const CLOCK_MARGIN_MS = 2 * 60_000;
/** The start of this run (its worker's start is later): only data older than it is held to completeness. */
export const RUN_START = Date.now() - CLOCK_MARGIN_MS;

/** Missing orders confirmed one by one when the filtered answer could not be read to its end. */
const NARROWED_CONFIRMATIONS = 5;

export interface CompletenessVerdict {
  /** The target refused the filter value (a foreign target may: no value set is given). */
  refused: boolean;
  /** Orders of the caller's data the rule selects (the draw had matches when > 0). */
  expected: number;
  /** Orders the target dropped, with why each is held (the failure names them). */
  dropped: string[];
  /** Orders not held: created during the run, changed since, or no longer readable. */
  changed: number;
  /** Missing orders that could not be judged: the filtered answer past the page budget. */
  unjudged: number;
}

const createdBeforeRun = (order: SeenOrder) => instantOf(order.date_created) < RUN_START;
const updatedDuringRun = (order: SeenOrder) => instantOf(order.date_last_updated) >= RUN_START;

/** The order's state now, keeping the earlier value of a field a 206 answer left out. */
async function stillSelected(
  api: ApiClient,
  role: Role,
  filter: OrderFilter,
  values: readonly string[],
  seen: SeenOrder,
): Promise<boolean> {
  const now = await readOrderNow(api, role, seen.id);
  if (!now) return false;
  const merged: SeenOrder = { ...now.order };
  for (const field of now.missing)
    (merged as unknown as Record<string, unknown>)[field] = seen[field as keyof SeenOrder];
  if (filter.selects(merged, values, role) === false) return false;
  return !updatedDuringRun(merged) && createdBeforeRun(merged.date_created ? merged : seen);
}

/** Whether the filtered search, narrowed to one order by q=<its id>, returns it. */
async function foundNarrowed(
  api: ApiClient,
  target: TargetProfile,
  role: Role,
  query: Query,
  id: number,
): Promise<boolean> {
  const narrowed = await collectSearch(api, target, role, { ...query, q: id });
  return narrowed === undefined || narrowed.orders.has(id);
}

/** Judges one draw of one filter against the caller's unfiltered data. */
export async function judgeCompleteness(
  api: ApiClient,
  target: TargetProfile,
  role: Role,
  filter: OrderFilter,
  values: readonly string[],
  unfiltered: Collected,
): Promise<CompletenessVerdict> {
  const query = filter.query(values);
  const verdict: CompletenessVerdict = { refused: false, expected: 0, dropped: [], changed: 0, unjudged: 0 };
  const filtered = await collectSearch(api, target, role, query);
  if (!filtered) return { ...verdict, refused: true };
  const expected = selectedBy(filter, values, [...unfiltered.orders.values()], role);
  verdict.expected = expected.length;
  const missing = expected.filter((order) => !filtered.orders.has(order.id));
  const held: SeenOrder[] = [];
  for (const order of missing) {
    if (createdBeforeRun(order) && (await stillSelected(api, role, filter, values, order))) held.push(order);
    else verdict.changed += 1;
  }
  if (held.length === 0) return verdict;
  const where = `${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))} as ${role}`;
  if (readToEnd(filtered)) {
    const again = await readFresh(() => collectSearch(api, target, role, query));
    for (const order of held) {
      if (again?.orders.has(order.id)) verdict.changed += 1;
      else
        verdict.dropped.push(
          `order ${order.id} (${describe(order, filter)}) missing from ${where}` +
            (filtered.emptyPageAt !== undefined
              ? `; the page at offset ${filtered.emptyPageAt} was empty though paging.total is ${filtered.total}`
              : ''),
        );
    }
    return verdict;
  }
  // Past the page budget, or paging parameters the target does not apply: each missing order is
  // looked for with q=<its id> added, which the rule of q selects too.
  for (const order of held.slice(0, NARROWED_CONFIRMATIONS)) {
    if (await foundNarrowed(api, target, role, query, order.id)) verdict.unjudged += 1;
    else
      verdict.dropped.push(
        `order ${order.id} (${describe(order, filter)}) missing from ${where}&q=${order.id}`,
      );
  }
  verdict.unjudged += Math.max(0, held.length - NARROWED_CONFIRMATIONS);
  return verdict;
}

function describe(order: SeenOrder, filter: OrderFilter): string {
  const shown: Record<string, unknown> = { status: order.status };
  for (const field of filter.reads) shown[field] = order[field as keyof SeenOrder];
  return JSON.stringify(shown).slice(0, 300);
}
