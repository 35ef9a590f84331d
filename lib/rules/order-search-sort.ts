/**
 * ORD-SEARCH-SORT: the order of a sorted search's results (date_asc, date_desc) by the order's dates,
 * judged per search (the tests, the registry's ORDER_SEARCH_RULE) or as failures (drift).
 */
import type { Judgement } from '../judge/judgement.ts';
import { instantOf } from './instant.ts';
import type { FoundOrder } from './order-search-results.ts';

/** The order timestamps a date sort may follow: the reference names date_asc/date_desc, not the date. */
export const ORDER_DATES = ['date_created', 'date_closed', 'last_updated', 'date_last_updated'] as const;
export type OrderDate = (typeof ORDER_DATES)[number];
/** The mock's choice (ORD-SEARCH-SORT-ORDER, a gap): date_created. */
export const MOCK_SORT_DATES: readonly OrderDate[] = ['date_created'];

function inOrder(times: number[], sort: string): boolean {
  return times.every(
    (time, i) => i === 0 || (sort === 'date_desc' ? times[i - 1]! >= time : times[i - 1]! <= time),
  );
}

/** The dates among `fields` every result shows (a timestamp), with whether the results follow the sort by each. */
function datesShown(orders: readonly FoundOrder[], sort: string, fields: readonly OrderDate[]) {
  return fields.flatMap((field) => {
    const times = orders.map((order) => instantOf(order[field]));
    return times.some((time) => Number.isNaN(time)) ? [] : [{ field, follows: inOrder(times, sort) }];
  });
}

/**
 * ORD-SEARCH-SORT on one search: results follow date_asc / date_desc by at least one of the order's
 * timestamps (`fields`: ORDER_DATES on any target, MOCK_SORT_DATES on the mock). Not judged with fewer
 * than two results (nothing to order) or when no such date is shown by every result (an omission).
 */
export function judgeSort(
  orders: readonly FoundOrder[],
  sort: string,
  search: string,
  fields: readonly OrderDate[] = ORDER_DATES,
): Judgement {
  const requirement = 'ORD-SEARCH-SORT';
  const instance = `${search}: ${orders.length} results`;
  if (orders.length < 2)
    return { requirement, outcome: 'not judged', instance, reason: 'fewer than two results to order' };
  const shown = datesShown(orders, sort, fields);
  if (shown.length === 0)
    return {
      requirement,
      outcome: 'not judged',
      instance,
      reason: `no date of ${fields.join(', ')} is shown by every result`,
    };
  if (shown.some((date) => date.follows))
    return { requirement, outcome: 'held', instance: `${instance} in ${sort} order` };
  const dates = orders.map((o) => `${o.id} ${shown.map((d) => o[d.field]).join('/')}`).join(', ');
  const reason = `results not in ${sort} order of ${shown.map((d) => d.field).join(' or ')}: ${dates}`;
  return { requirement, outcome: 'broken', instance, reason };
}

/** ORD-SEARCH-SORT as failures (drift): none when the sort could not be judged. */
export function sortFailures(
  orders: readonly FoundOrder[],
  sort: string,
  fields: readonly OrderDate[] = ORDER_DATES,
): string[] {
  const { outcome, reason } = judgeSort(orders, sort, 'the search', fields);
  return outcome === 'broken' ? [reason ?? ''] : [];
}
