/** Order search, read-only: any combination of filters and sorts, and narrowing, as seller or buyer. */
import fc from 'fast-check';
import { expectHot, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { readFresh } from '../../lib/client/read-cache.ts';
import { type BodyAt, bodyAt } from '../../lib/client/typed.ts';
import { narrowedSearch, type OrderSearchFilters, orderSearchFilters } from '../../lib/rules/order-search.ts';
import { MOCK_SORT_DATES, ORDER_DATES, orderSearchJudgements } from '../../lib/rules/order-search-rules.ts';
import { expectJudgements } from '../contract/support/orders.ts';
import { skipUnless } from '../contract/support/reference.ts';

type SearchAnswer = BodyAt<'searchOrders', 200>;

/** A search answered 200: its request (for messages and instances) and its body. */
interface Searched {
  label: string;
  body: SearchAnswer;
}

/** paging.total of a search, which the narrowing property compares; undefined where the answer leaves it out. */
const totalOf = ({ body }: Searched): number | undefined => body.paging?.total;

async function searchAs(api: ApiClient, target: TargetProfile, f: OrderSearchFilters): Promise<Searched> {
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
  expectHot(res.status, `${res.label}: a search of the caller's own orders`).toBe(200);
  return { label: res.label, body: bodyAt(res, 200) };
}

/**
 * Filters drawn from the values the caller's first page holds (statuses, tags, exclusions), so most
 * draws have results: random values of the reference's lists are mostly empty on real data (audit B3).
 */
async function filtersFromData(
  api: ApiClient,
  target: TargetProfile,
): Promise<fc.Arbitrary<OrderSearchFilters>> {
  const drawn: fc.Arbitrary<OrderSearchFilters>[] = [];
  for (const role of ['seller', 'buyer'] as const) {
    const { results = [] } = (await searchAs(api, target, { role })).body;
    const statuses = [...new Set(results.flatMap((o) => (o.status === undefined ? [] : [o.status])))];
    const tags = [...new Set(results.flatMap((o) => o.tags ?? []))];
    if (statuses.length === 0) continue;
    drawn.push(
      fc.record(
        {
          role: fc.constant(role),
          statuses: fc.subarray(statuses, { minLength: 1 }),
          tag: tags.length ? fc.constantFrom(...tags) : fc.constant(undefined),
          tagsNot: tags.length ? fc.subarray(tags, { minLength: 1, maxLength: 1 }) : fc.constant(undefined),
          sort: fc.constantFrom('date_asc' as const, 'date_desc' as const),
        },
        { requiredKeys: ['role', 'statuses'] },
      ),
    );
  }
  return drawn.length ? fc.oneof(orderSearchFilters, ...drawn) : orderSearchFilters;
}

/**
 * The oracle's expected answer, judged per result: every result the caller's and through every filter
 * where it shows the field the rule reads, and the results in the order of the sort.
 */
function expectSatisfies(
  { body, label }: Searched,
  f: OrderSearchFilters,
  callerId: number,
  isMock: boolean,
): void {
  const dates = isMock ? MOCK_SORT_DATES : ORDER_DATES;
  expectJudgements(orderSearchJudgements(body.results ?? [], f, callerId, `${label} as ${f.role}`, dates));
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
      let checked = 0;
      await property(
        fc.asyncProperty(await filtersFromData(api, target), async (f) => {
          const body = await searchAs(api, target, f);
          checked += body.body.results?.length ?? 0;
          expectSatisfies(body, f, target.users[f.role].id, target.isMock);
        }),
        25,
      );
      test.info().annotations.push({ type: 'orders checked', description: String(checked) });
      skipUnless(checked > 0, 'an order some filter returns', 'users.seller', 'every search drawn was empty');
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
          const requirement =
            (narrow.tagsNot?.length ?? 0) > (wide.tagsNot?.length ?? 0)
              ? 'ORD-SEARCH-TAGS-NOT'
              : 'ORD-SEARCH-STATUS';
          const [wideTotal, narrowTotal] = [totalOf(all), totalOf(fewer)];
          if (wideTotal === undefined || narrowTotal === undefined) {
            notJudged(requirement, fewer.label, 'an answer leaves paging.total out: nothing to compare');
            return;
          }
          // A live server adds orders between two reads: the wider search is read once more, after.
          const again =
            narrowTotal <= wideTotal
              ? undefined
              : totalOf(await readFresh(() => searchAs(api, target, wide)));
          const widest = Math.max(wideTotal, again ?? wideTotal);
          expectHot(
            narrowTotal,
            `${requirement}: ${fewer.label}: paging.total within ${all.label}'s (read ${wideTotal}${again === undefined ? '' : `, then ${again}`})`,
          ).toBeLessThanOrEqual(widest);
        }),
        15,
      );
    },
  );
});
