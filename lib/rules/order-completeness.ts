/**
 * The completeness half of the order-search oracle: the search filters of the reference, each with the
 * rule its sentence states, as which of the caller's orders a value selects (the least the filter must
 * return; tests/properties/completeness.spec.ts). Where the reference leaves the matching open a rule
 * selects only what every reading selects. The per-order predicates are those of order-search-rules.ts,
 * which judges the other half (every result passes).
 */

import { instantOf } from './instant.ts';
import {
  carriesTag,
  DATE_REQUIREMENTS,
  dateWithin,
  type FeedbackRecord,
  type FoundOrder,
  feedbackRecord,
  holdsItem,
  inStatus,
  lacksTags,
  mediationsOf,
  nicknameOf,
  partyId,
  type Role,
} from './order-search-rules.ts';

type SeenOrder = FoundOrder;
export type Query = Record<string, string | number>;

export interface OrderFilter {
  /** The query parameter(s), for messages. */
  name: string;
  /** Requirement ids: the filter's soundness and its completeness half. */
  soundness: string;
  completeness: string;
  /** The fields of the order the rule reads (a 206 read that leaves one out keeps the earlier state). */
  reads: string[];
  /** The values present in the caller's data, each one a draw. */
  values(data: readonly SeenOrder[], role: Role): string[];
  /** Whether several values go comma-separated in one query. */
  several: boolean;
  query(values: readonly string[]): Query;
  /** Whether the rule selects the order for these values (undefined: the order does not show the field). */
  selects(order: SeenOrder, values: readonly string[], role: Role): boolean | undefined;
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

const distinct = (values: (string | undefined | null)[]): string[] =>
  [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))].sort();

const records = (order: SeenOrder): (FeedbackRecord | null | undefined)[] => [
  feedbackRecord(order.feedback?.sale),
  feedbackRecord(order.feedback?.purchase),
];

/** The record of one side, where shown. */
const recordOf = (order: SeenOrder, side: 'sale' | 'purchase') => feedbackRecord(order.feedback?.[side]);

/** order.status, tags, tags.not, item, the mediation and feedback filters: a field compared to the values. */
const simple: OrderFilter[] = [
  {
    name: 'order.status',
    soundness: 'ORD-SEARCH-STATUS',
    completeness: 'ORD-SEARCH-STATUS-COMPLETE',
    reads: ['status'],
    values: (data) => distinct(data.map((o) => o.status)),
    several: true,
    query: (values) => ({ 'order.status': values.join(',') }),
    selects: (order, values) => inStatus(order, values),
  },
  {
    name: 'tags',
    soundness: 'ORD-SEARCH-TAGS',
    completeness: 'ORD-SEARCH-TAGS-COMPLETE',
    reads: ['tags'],
    values: (data) => distinct(data.flatMap((o) => o.tags ?? [])),
    // Several tags: all or any is not shown; the order carrying all of them is selected by both readings.
    several: true,
    query: (values) => ({ tags: values.join(',') }),
    selects: (order, values) => (order.tags ? values.every((tag) => carriesTag(order, tag)) : undefined),
  },
  {
    name: 'tags.not',
    soundness: 'ORD-SEARCH-TAGS-NOT',
    completeness: 'ORD-SEARCH-TAGS-NOT-COMPLETE',
    reads: ['tags'],
    values: (data) => distinct(data.flatMap((o) => o.tags ?? [])),
    several: true,
    query: (values) => ({ 'tags.not': values.join(',') }),
    selects: (order, values) => lacksTags(order, values),
  },
  {
    name: 'item',
    soundness: 'ORD-SEARCH-ITEM',
    completeness: 'ORD-SEARCH-ITEM-COMPLETE',
    reads: ['order_items'],
    values: (data) => distinct(data.flatMap((o) => (o.order_items ?? []).map((line) => line.item?.id))),
    several: false,
    query: ([item]) => ({ item: item! }),
    selects: (order, [item]) => holdsItem(order, item!),
  },
  {
    name: 'mediations.stage',
    soundness: 'ORD-SEARCH-MEDIATIONS',
    completeness: 'ORD-SEARCH-MEDIATIONS-COMPLETE',
    reads: ['mediations'],
    values: (data) => distinct(data.flatMap((o) => (mediationsOf(o) ?? []).map((m) => textOf(m.stage)))),
    several: true,
    query: (values) => ({ 'mediations.stage': values.join(',') }),
    selects: (order, values) => mediationsOf(order)?.some((m) => values.includes(textOf(m.stage) ?? '')),
  },
  {
    name: 'mediations.status',
    soundness: 'ORD-SEARCH-MEDIATIONS',
    completeness: 'ORD-SEARCH-MEDIATIONS-COMPLETE',
    reads: ['mediations'],
    values: (data) => distinct(data.flatMap((o) => (mediationsOf(o) ?? []).map((m) => textOf(m.status)))),
    several: true,
    query: (values) => ({ 'mediations.status': values.join(',') }),
    selects: (order, values) => mediationsOf(order)?.some((m) => values.includes(textOf(m.status) ?? '')),
  },
  {
    name: 'feedback.status',
    soundness: 'ORD-SEARCH-FEEDBACK-STATUS',
    completeness: 'ORD-SEARCH-FEEDBACK-STATUS-COMPLETE',
    reads: ['feedback'],
    values: (data) => distinct(data.flatMap((o) => records(o).map((r) => textOf(r?.status)))),
    several: true,
    query: (values) => ({ 'feedback.status': values.join(',') }),
    // Which record the status is of is not shown: an order both of whose records are in the values is
    // selected by every reading (sale, purchase, either, both).
    selects: (order, values) =>
      order.feedback
        ? records(order).every((r) => r != null && values.includes(textOf(r.status) ?? ''))
        : undefined,
  },
  ...(['sale', 'purchase'] as const).flatMap((side): OrderFilter[] => [
    {
      name: `feedback.${side}.rating`,
      soundness: 'ORD-SEARCH-FEEDBACK-RATING',
      completeness: 'ORD-SEARCH-FEEDBACK-RATING-COMPLETE',
      reads: ['feedback'],
      values: (data) => distinct(data.map((o) => textOf(recordOf(o, side)?.rating))),
      several: true,
      query: (values) => ({ [`feedback.${side}.rating`]: values.join(',') }),
      selects: (order, values) =>
        order.feedback ? values.includes(textOf(recordOf(order, side)?.rating) ?? '') : undefined,
    },
    {
      name: `feedback.${side}.fulfilled`,
      soundness: 'ORD-SEARCH-FEEDBACK-FULFILLED',
      completeness: 'ORD-SEARCH-FEEDBACK-FULFILLED-COMPLETE',
      reads: ['feedback'],
      values: (data) =>
        distinct(data.map((o) => recordOf(o, side)?.fulfilled).map((v) => (v === undefined ? v : String(v)))),
      several: false,
      query: ([value]) => ({ [`feedback.${side}.fulfilled`]: value! }),
      selects: (order, [value]) =>
        order.feedback ? String(recordOf(order, side)?.fulfilled) === value : undefined,
    },
  ]),
];

/** The counterpart of the caller in an order: the buyer to a seller, the seller to a buyer. */
const counterpart = (role: Role): Role => (role === 'seller' ? 'buyer' : 'seller');

/**
 * q, "free search over order id, item id, item title, nickname of the counterpart": each value is a
 * whole order id, item id, item title or nickname, which every free search finds.
 */
const freeSearch: OrderFilter[] = [
  {
    name: 'q (order id)',
    soundness: 'ORD-SEARCH-Q',
    completeness: 'ORD-SEARCH-Q-COMPLETE',
    reads: [],
    values: (data) => data.slice(0, 6).map((o) => String(o.id)),
    several: false,
    query: ([q]) => ({ q: q! }),
    selects: (order, [q]) => String(order.id) === q,
  },
  {
    name: 'q (item id)',
    soundness: 'ORD-SEARCH-Q',
    completeness: 'ORD-SEARCH-Q-COMPLETE',
    reads: ['order_items'],
    values: (data) => distinct(data.flatMap((o) => (o.order_items ?? []).map((line) => line.item?.id))),
    several: false,
    query: ([q]) => ({ q: q! }),
    selects: (order, [q]) => order.order_items?.some((line) => line.item?.id === q),
  },
  {
    name: 'q (item title)',
    soundness: 'ORD-SEARCH-Q',
    completeness: 'ORD-SEARCH-Q-COMPLETE',
    reads: ['order_items'],
    values: (data) =>
      distinct(data.flatMap((o) => (o.order_items ?? []).map((line) => textOf(line.item?.title)))),
    several: false,
    query: ([q]) => ({ q: q! }),
    selects: (order, [q]) => order.order_items?.some((line) => line.item?.title === q),
  },
  {
    name: 'q (counterpart nickname)',
    soundness: 'ORD-SEARCH-Q',
    completeness: 'ORD-SEARCH-Q-COMPLETE',
    reads: ['buyer', 'seller'],
    values: (data, role) => distinct(data.map((o) => textOf(nicknameOf(o, counterpart(role))))),
    several: false,
    query: ([q]) => ({ q: q! }),
    // The nickname is the counterpart's: every order with that counterpart, nickname shown or not.
    selects: () => undefined,
  },
];

/** The three date ranges: a value is "from|to"; an order strictly inside is selected (bounds not given). */
const dateRanges: OrderFilter[] = (['date_created', 'date_closed', 'date_last_updated'] as const).map(
  (field) => ({
    name: `order.${field}`,
    soundness: DATE_REQUIREMENTS[field],
    completeness: `${DATE_REQUIREMENTS[field]}-COMPLETE`,
    reads: [field],
    values: (data) => {
      const times = [...new Set(data.map((o) => instantOf(o[field])).filter(Number.isFinite))].sort(
        (a, b) => a - b,
      );
      // Ranges between dates the data holds: one per neighbouring quarter of the dates.
      const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))]!;
      if (times.length < 3) return [];
      return [
        [at(0), at(0.5)],
        [at(0.25), at(0.75)],
        [at(0.5), at(1)],
      ].map(([from, to]) => `${withOffset(from! - 1000)}|${withOffset(to! + 1000)}`);
    },
    several: false,
    query: ([range]) => {
      const [from, to] = range!.split('|');
      return { [`order.${field}.from`]: from!, [`order.${field}.to`]: to! };
    },
    selects: (order, [range]) => {
      if (order[field] === undefined) return undefined;
      const [from, to] = range!.split('|');
      return dateWithin(order, field, from!, to!, 'open') === true;
    },
  }),
);

/** "ISO 8601 timestamps with offset": written +00:00, never Z. */
const withOffset = (ms: number): string => new Date(ms).toISOString().replace(/Z$/, '+00:00');

export const ORDER_FILTERS: readonly OrderFilter[] = [...simple, ...freeSearch, ...dateRanges];

/**
 * The orders a draw selects among the caller's data. The nickname's rule reads the counterpart: every
 * order whose counterpart is the one that carries the nickname.
 */
export function selectedBy<Order extends FoundOrder>(
  filter: OrderFilter,
  values: readonly string[],
  data: readonly Order[],
  role: Role,
): Order[] {
  if (filter.name === 'q (counterpart nickname)') {
    const other = counterpart(role);
    const ids = new Set(data.filter((o) => nicknameOf(o, other) === values[0]).map((o) => partyId(o, other)));
    return data.filter((o) => ids.has(partyId(o, other)));
  }
  return data.filter((order) => filter.selects(order, values, role) === true);
}
