/** Order search, read-only: any combination of filters and sorts, and narrowing, as seller or buyer. */
import fc from 'fast-check';
import type { ApiClient } from '../../fixtures/api/client.ts';
import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectSortedByADate } from '../../fixtures/order-sort.ts';
import { narrowedSearch, type OrderSearchFilters, orderSearchFilters } from './arbitraries/orderSearch.ts';

interface SearchedOrder {
  id: number;
  status: string;
  date_created: string;
  tags: string[];
  seller: { id: number };
  buyer: { id: number | string };
}

interface SearchAnswer {
  results: SearchedOrder[];
  paging: { total: number };
}

async function searchAs(api: ApiClient, target: TargetProfile, f: OrderSearchFilters): Promise<SearchAnswer> {
  const caller = target.users[f.role];
  const res = await api.call('searchOrders', {
    as: f.role,
    query: {
      [f.role]: caller.id,
      'order.status': f.statuses?.join(','),
      tags: f.tag,
      'tags.not': f.tagsNot?.join(','),
      sort: f.sort,
    },
  });
  expect(res.status, `${res.label}: a search of the caller's own orders`).toBe(200);
  return res.body as SearchAnswer;
}

function expectSatisfies(body: SearchAnswer, f: OrderSearchFilters, callerId: number, isMock: boolean): void {
  for (const order of body.results) {
    const party = f.role === 'seller' ? order.seller.id : Number(order.buyer.id);
    expect(party, `ORD-SEARCH-ROLE: order ${order.id} belongs to the caller`).toBe(callerId);
    if (f.statuses)
      expect(f.statuses, `ORD-SEARCH-STATUS: status of order ${order.id}`).toContain(order.status);
    if (f.tag) expect(order.tags, `ORD-SEARCH-TAGS: tags of order ${order.id}`).toContain(f.tag);
    for (const tag of f.tagsNot ?? [])
      expect(order.tags, `ORD-SEARCH-TAGS-NOT: order ${order.id}`).not.toContain(tag);
    if (f.role === 'seller') expect(order.status, 'ORD-SEARCH-SELLER-MANUAL').not.toBe('manually_cancelled');
  }
  if (f.sort) expectSortedByADate(body.results, f.sort, isMock);
}

test.describe('GET /orders/search for any filters', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    "should return only the caller's orders that satisfy every filter, in the order of the sort",
    verifies(
      [
        'ORD-SEARCH-ROLE',
        'ORD-SEARCH-STATUS',
        'ORD-SEARCH-TAGS',
        'ORD-SEARCH-TAGS-NOT',
        'ORD-SEARCH-SORT',
        'ORD-SEARCH-SELLER-MANUAL',
      ],
      '@readonly',
    ),
    async ({ api, target, property }) => {
      // Audit row B3: the checks sit in a loop over results, and random filters are often empty on real data.
      let checked = 0;
      await property(
        fc.asyncProperty(orderSearchFilters, async (f) => {
          const body = await searchAs(api, target, f);
          checked += body.results.length;
          expectSatisfies(body, f, target.users[f.role].id, target.isMock);
        }),
        25,
      );
      test.skip(
        checked === 0,
        'not verified: no search of the property returned an order to judge the filters by',
      );
    },
  );

  test(
    'should never add results when a filter narrows',
    verifies(['ORD-SEARCH-STATUS', 'ORD-SEARCH-TAGS-NOT'], '@readonly'),
    async ({ api, target, property }) => {
      await property(
        fc.asyncProperty(narrowedSearch, async ({ wide, narrow }) => {
          const all = await searchAs(api, target, wide);
          const fewer = await searchAs(api, target, narrow);
          expect(fewer.paging.total, 'paging.total of the narrower search').toBeLessThanOrEqual(
            all.paging.total,
          );
        }),
        15,
      );
    },
  );
});
