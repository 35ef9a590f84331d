import fc from 'fast-check';
import { ORDER_STATUSES } from '../profile/types.ts';
import type { SearchFilters } from './order-search-rules.ts';

/** Tags the reference names for orders. */
const ORDER_TAGS = [
  'paid',
  'delivered',
  'not_delivered',
  'mshops',
  'test_order',
  'fraud_risk_detected',
] as const;

/**
 * The filters of one order search (the oracle's SearchFilters). One tag: whether several tags mean all
 * or any of them is not stated (ORD-SEARCH-TAGS-SEVERAL), one is unambiguous.
 */
export type OrderSearchFilters = SearchFilters;

/** Any combination of the search filters whose meaning the reference fixes, as seller or buyer. */
export const orderSearchFilters: fc.Arbitrary<OrderSearchFilters> = fc.record(
  {
    role: fc.constantFrom('seller', 'buyer'),
    statuses: fc.subarray<string>([...ORDER_STATUSES], { minLength: 1 }),
    tag: fc.constantFrom(...ORDER_TAGS),
    tagsNot: fc.subarray([...ORDER_TAGS], { minLength: 1, maxLength: 2 }),
    sort: fc.constantFrom('date_asc', 'date_desc'),
  },
  { requiredKeys: ['role'] },
);

/** The same filters and one narrower: a status removed, or a tag or an excluded tag added. */
export const narrowedSearch = orderSearchFilters.chain((wide) =>
  fc
    .oneof(
      fc.subarray<string>([...ORDER_STATUSES], { minLength: 1 }).map((statuses) => ({
        ...wide,
        statuses: wide.statuses ? wide.statuses.filter((s) => statuses.includes(s)) : statuses,
      })),
      fc
        .constantFrom(...ORDER_TAGS)
        .map((tagNot) => ({ ...wide, tagsNot: [...(wide.tagsNot ?? []), tagNot] })),
    )
    .filter((narrow) => (narrow.statuses?.length ?? 1) > 0)
    .map((narrow) => ({ wide, narrow })),
);

/**
 * Whether some common parser reads the text as an integer: digit runs with a sign, padding or
 * underscores (`+7`, `007`, `1_000`), and number literals of integer value (`1e3`, `0x1F`, `0b101`,
 * `0o17`, `1.0`). Whether a server reads them so is not stated: their answer is open.
 */
function readsAsInteger(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return false;
  return /^[+-]?\d[\d_]*$/.test(trimmed) || Number.isInteger(Number(trimmed));
}

/** Words a server may take for a null id (empty_order_id: "order_id is null"). */
export function readsAsNull(text: string): boolean {
  return ['null', 'nil', 'none', 'undefined'].includes(text.trim().toLowerCase());
}

/** Order ids that are plainly not integers, under any reading (and not a word for null). */
export const nonIntegerOrderIds = fc.oneof(
  fc.constantFrom('abc', '1.5', '12a', '--1', '-', 'ten', '1,5', '0x', '1e', 'Infinity'),
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter(
      (s) =>
        !/^\s*[+-]?\d*\s*$/.test(s) &&
        !s.includes('/') &&
        s !== '.' &&
        s !== '..' &&
        !readsAsInteger(s) &&
        !readsAsNull(s),
    ),
);

/**
 * Order ids whose reading is open: integers to some parsers (`1e3`, `0x1F`, `+7`), null to others
 * (`null`). Plain digit runs, padded or not, are left out: integers however padded.
 */
export const openReadingOrderIds = fc.oneof(
  fc.constantFrom(
    'null',
    'NULL',
    'nil',
    'None',
    'undefined',
    '1e3',
    '0x1F',
    '1E2',
    '0b101',
    '0o17',
    '1_000',
    '1.0',
    '+7',
  ),
  fc
    .integer({ min: 1, max: 2 ** 31 - 1 })
    .chain((n) => fc.constantFrom(`0x${n.toString(16)}`, `${n}e0`, `${n}.0`, `+${n}`)),
);
