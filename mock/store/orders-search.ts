import type { OrderEntry } from './orders-types.ts';

type SearchRole = 'buyer' | 'seller';
export type SortId = 'date_asc' | 'date_desc';

/** A closed range of epoch milliseconds; a missing end is open. */
export interface TimeRange {
  from?: number;
  to?: number;
}

/** Every filter of the reference's order search, already parsed. */
export interface SearchFilters {
  role: SearchRole;
  callerId: number;
  counterpartId?: number;
  item?: string;
  tags?: string[];
  tagsNot?: string[];
  q?: string;
  statuses?: string[];
  created?: TimeRange;
  closed?: TimeRange;
  updated?: TimeRange;
  mediationStages?: string[];
  mediationStatuses?: string[];
  feedbackStatuses?: string[];
  saleRatings?: string[];
  purchaseRatings?: string[];
  saleFulfilled?: boolean;
  purchaseFulfilled?: boolean;
  sort: SortId;
  offset: number;
  limit: number;
}

type Predicate = (entry: OrderEntry) => boolean;

const inRange = (value: number, range: TimeRange) =>
  (range.from === undefined || value >= range.from) && (range.to === undefined || value <= range.to);

function counterpartOf(entry: OrderEntry, role: SearchRole) {
  return role === 'seller' ? entry.order.buyer : entry.order.seller;
}

function matchesText(entry: OrderEntry, q: string, counterpartNickname: (entry: OrderEntry) => string) {
  const needle = q.toLowerCase();
  const line = entry.order.order_items[0];
  const haystack = [
    String(entry.order.id),
    line?.item.id ?? '',
    line?.item.title ?? '',
    counterpartNickname(entry),
  ];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/** The predicates of the filters that were given (absent filters add none). */
function predicatesOf(f: SearchFilters, counterpartNickname: (entry: OrderEntry) => string): Predicate[] {
  const list: Predicate[] = [];
  const add = (when: unknown, predicate: Predicate) => {
    if (when !== undefined) list.push(predicate);
  };
  // Rules for orders, 5: a seller's search never returns manually cancelled orders (ORD-SEARCH-SELLER-MANUAL).
  if (f.role === 'seller') list.push((e) => e.order.status !== 'manually_cancelled');
  add(f.counterpartId, (e) => counterpartOf(e, f.role).id === f.counterpartId);
  add(f.item, (e) => e.order.order_items.some((line) => line.item.id === f.item)); // ORD-SEARCH-ITEM
  // ORD-SEARCH-TAGS; several tags must all be carried (ORD-SEARCH-TAGS-SEVERAL, the mock's choice)
  add(f.tags, (e) => f.tags!.every((tag) => e.order.tags.includes(tag)));
  add(f.tagsNot, (e) => !f.tagsNot!.some((tag) => e.order.tags.includes(tag))); // ORD-SEARCH-TAGS-NOT
  add(f.q, (e) => matchesText(e, f.q!, counterpartNickname)); // ORD-SEARCH-Q
  add(f.statuses, (e) => f.statuses!.includes(e.order.status)); // ORD-SEARCH-STATUS
  add(f.created, (e) => inRange(e.createdAt, f.created!)); // ORD-SEARCH-DATE-CREATED
  add(f.closed, (e) => inRange(e.closedAt, f.closed!)); // ORD-SEARCH-DATE-CLOSED
  add(f.updated, (e) => inRange(e.updatedAt, f.updated!)); // ORD-SEARCH-DATE-UPDATED
  // ORD-SEARCH-MEDIATIONS
  add(f.mediationStages, (e) => e.order.mediations.some((m) => f.mediationStages!.includes(m.stage)));
  add(f.mediationStatuses, (e) => e.order.mediations.some((m) => f.mediationStatuses!.includes(m.status)));
  // ORD-SEARCH-FEEDBACK-STATUS
  add(f.feedbackStatuses, (e) =>
    [e.order.feedback.sale, e.order.feedback.purchase].some(
      (fb) => fb && f.feedbackStatuses!.includes(fb.status),
    ),
  );
  // ORD-SEARCH-FEEDBACK-RATING, ORD-SEARCH-FEEDBACK-FULFILLED
  add(f.saleRatings, (e) => f.saleRatings!.includes(e.order.feedback.sale?.rating ?? ''));
  add(f.purchaseRatings, (e) => f.purchaseRatings!.includes(e.order.feedback.purchase?.rating ?? ''));
  add(f.saleFulfilled, (e) => e.order.feedback.sale?.fulfilled === f.saleFulfilled);
  add(f.purchaseFulfilled, (e) => e.order.feedback.purchase?.fulfilled === f.purchaseFulfilled);
  return list;
}

export interface SearchPage {
  total: number;
  results: OrderEntry[];
}

/** Filters the caller's orders (already sorted by creation, oldest first), sorts and pages them. */
export function searchIndexed(
  candidates: readonly OrderEntry[],
  f: SearchFilters,
  counterpartNickname: (entry: OrderEntry) => string,
): SearchPage {
  const predicates = predicatesOf(f, counterpartNickname);
  const matching = candidates.filter((entry) => predicates.every((p) => p(entry)));
  // ORD-SEARCH-SORT by date_created, the mock's choice (ORD-SEARCH-SORT-ORDER)
  if (f.sort === 'date_desc') matching.reverse();
  return { total: matching.length, results: matching.slice(f.offset, f.offset + f.limit) };
}

const OTHER_FILTERS = [
  'counterpartId',
  'item',
  'tags',
  'tagsNot',
  'q',
  'created',
  'closed',
  'updated',
  'mediationStages',
  'mediationStatuses',
  'feedbackStatuses',
  'saleRatings',
  'purchaseRatings',
  'saleFulfilled',
  'purchaseFulfilled',
] as const satisfies readonly (keyof SearchFilters)[];

/** Whether order.status is the search's only filter: then per-status lists answer it without a scan. */
export function isStatusOnly(f: SearchFilters): boolean {
  return f.statuses !== undefined && OTHER_FILTERS.every((key) => f[key] === undefined);
}

const newer = (a: OrderEntry, b: OrderEntry) => a.createdAt - b.createdAt || a.order.id - b.order.id;

/** The first `count` entries of several lists sorted by creation, merged, from the oldest or the newest end. */
function mergeFirst(
  lists: readonly (readonly OrderEntry[])[],
  count: number,
  newestFirst: boolean,
): OrderEntry[] {
  const cursors = lists.map((list) => (newestFirst ? list.length - 1 : 0));
  const picked: OrderEntry[] = [];
  while (picked.length < count) {
    let best = -1;
    for (let i = 0; i < lists.length; i += 1) {
      const candidate = lists[i]![cursors[i]!];
      if (candidate === undefined) continue;
      const current = best < 0 ? undefined : lists[best]![cursors[best]!];
      if (!current || (newestFirst ? newer(candidate, current) > 0 : newer(candidate, current) < 0)) best = i;
    }
    if (best < 0) break;
    picked.push(lists[best]![cursors[best]!]!);
    cursors[best]! += newestFirst ? -1 : 1;
  }
  return picked;
}

/** A status-only search from per-status lists of the caller: cost grows with the page, not with the data. */
export function searchByStatusLists(
  f: SearchFilters,
  listOf: (status: string) => readonly OrderEntry[],
): SearchPage {
  // Rules for orders, 5: a seller's search never returns manually cancelled orders (ORD-SEARCH-SELLER-MANUAL).
  const statuses = [...new Set(f.statuses)].filter(
    (s) => !(f.role === 'seller' && s === 'manually_cancelled'),
  );
  const lists = statuses.map(listOf);
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const page = mergeFirst(lists, f.offset + f.limit, f.sort === 'date_desc');
  return { total, results: page.slice(f.offset) };
}
