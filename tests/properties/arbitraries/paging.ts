import fc from 'fast-check';

const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A limit of zero or less (as the query string carries it). */
export const nonPositiveLimit: fc.Arbitrary<string> = fc
  .oneof(fc.constant(0), fc.integer({ min: -1_000_000, max: -1 }))
  .map(String);

/** A negative offset. */
export const negativeOffset: fc.Arbitrary<string> = fc.integer({ min: -1_000_000, max: -1 }).map(String);

/**
 * A value that is no integer under any reading: words, decimals with a fraction, digits mixed with
 * letters. Spellings some parsers accept as integers ("+5", "05", " 5", "1e2") are left out.
 */
export const nonNumeric: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 8 }),
  fc
    .tuple(fc.integer({ min: 0, max: 999 }), fc.integer({ min: 1, max: 99 }))
    .map(([whole, fraction]) => `${whole}.${fraction}`),
  fc
    .tuple(fc.integer({ min: 1, max: 99 }), fc.string({ unit: fc.constantFrom(...letters), minLength: 1 }))
    .map(([digits, word]) => `${digits}${word}`),
);

export interface Paging {
  limit: number;
  offset: number;
}

/** A page inside a listing of `total` items: limit 1..total+2, offset 0..total-1 (0 when empty). */
export function pageWithin(total: number): fc.Arbitrary<Paging> {
  return fc.record({
    limit: fc.integer({ min: 1, max: total + 2 }),
    offset: fc.integer({ min: 0, max: Math.max(total - 1, 0) }),
  });
}

/** A page size for walking a listing: 1..total+1. */
export function pageSize(total: number): fc.Arbitrary<number> {
  return fc.integer({ min: 1, max: total + 1 });
}
