import fc from 'fast-check';
import { ORDER_STATUSES } from '../../../fixtures/target/types.ts';

/** Tags the reference names for orders. */
export const ORDER_TAGS = [
  'paid',
  'delivered',
  'not_delivered',
  'mshops',
  'test_order',
  'fraud_risk_detected',
] as const;

export interface OrderSearchFilters {
  role: 'seller' | 'buyer';
  statuses?: string[];
  /** One tag: whether several tags mean all or any of them is not stated, one is unambiguous. */
  tag?: string;
  tagsNot?: string[];
  sort?: 'date_asc' | 'date_desc';
}

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

/** Order ids that are plainly not integers (digit runs, padded or not, are left out: their reading is not stated). */
export const nonIntegerOrderIds = fc.oneof(
  fc.constantFrom('abc', '1.5', '1e3', '0x1F', '12a', '--1', 'null', '-', 'ten'),
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => !/^\s*[+-]?\d*\s*$/.test(s) && !s.includes('/') && s !== '.' && s !== '..'),
);
