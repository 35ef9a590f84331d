/** GET /orders/search. Read-only: every call is a GET. */

import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { type BodyAt, bodyAt, hasStatus } from '../../lib/client/typed.ts';
import type { Caller } from '../../lib/client/types.ts';
import {
  dateFailures,
  foreignOrderFailures,
  idsOf,
  itemFailures,
  minutesAround,
  roleFailures,
  sellerManualFailures,
  statusFailures,
  tagFailures,
  tagsNotFailures,
} from '../../lib/oracles/order-search-rules.ts';
import { expectSortedByADate } from '../../lib/oracles/order-sort.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import { given, needed, shown } from './support/listed.ts';
import { readOrder, showing } from './support/orders.ts';
import { acceptedOrRefused, judged, notVerifiedPart, skipUnless } from './support/reference.ts';

/** A search answer as any conforming server may send it (listed fields may be left out). */
type SearchAnswer = BodyAt<'searchOrders', 200>;
type Listed = NonNullable<SearchAnswer['results']>[number];
/**
 * A result the rules can name: one that shows its id. feedback and mediations are left out of the
 * type: the reference gives no fields of their elements, and these tests never read them.
 */
type Found = Omit<Listed, 'feedback'> & { id: number };
/** A search answer whose results the test judges. */
type SearchBody = SearchAnswer & { results: Found[] };

type Query = Record<string, string | number>;

/**
 * The answer with the results that show their id: the test is "not verified" on a foreign target that
 * leaves the results, or the id of every result, out (either fails on the mock).
 */
function withResults(target: TargetProfile, body: SearchAnswer, label: string): SearchBody {
  const listed = needed(target, body.results, `the results of ${label}`, 'searchOrders');
  const named = (order: Listed): order is Found => shown(target, order.id, `${label}: the id of a result`);
  const results = listed.filter(named);
  skipUnless(
    results.length > 0 || listed.length === 0,
    `the ids of the results of ${label}`,
    'searchOrders',
    'no result shows its id',
  );
  return { ...body, results };
}

async function search(
  api: ApiClient,
  target: TargetProfile,
  query: Query,
  as: Caller = 'seller',
): Promise<SearchBody> {
  const res = await api.call('searchOrders', { as, query });
  expect(res.status, `${res.label}: a search of the caller's orders`).toBe(200);
  return withResults(target, bodyAt(res, 200), res.label);
}

/** paging.<field> of an answer, where it shows it (the mock always does). */
function pagingOf(
  target: TargetProfile,
  body: SearchAnswer,
  field: 'total' | 'offset' | 'limit',
): number | undefined {
  const value = body.paging?.[field];
  return shown(target, value, `paging.${field}`) ? value : undefined;
}

/**
 * A search with a filter value or parameter the reference leaves open (no value set, no paging
 * names; search errors are "not shown"): a foreign target may refuse it with a client error, which
 * leaves the filter not verified (undefined); the mock accepts it.
 */
async function searchUnlessRefused(
  api: ApiClient,
  target: TargetProfile,
  query: Query,
): Promise<SearchBody | undefined> {
  const res = await api.call('searchOrders', { as: 'seller', query });
  return acceptedOrRefused(res, target, { status: 200 })
    ? withResults(target, bodyAt(res, 200), res.label)
    : undefined;
}

/** Orders rule 2 (ORD-READ-OWNER): an order is read only by its buyer or seller; a search never shows others'. */
function expectOnlyOrdersOf(body: SearchBody, caller: number, label: string): void {
  expect(foreignOrderFailures(body.results, caller), label).toEqual([]);
}

/** Searches of another user's orders: each party asks for the other's, then seller2 and stranger if the profile has them. */
function othersOrders(target: TargetProfile): ['seller' | 'buyer', Query][] {
  const { seller, buyer, seller2, stranger } = rawProfile(target).users;
  return [
    ['seller', { seller: buyer.id }],
    ['buyer', { buyer: seller.id }],
    ...(seller2 ? [['seller', { seller: seller2.id }] as ['seller', Query]] : []),
    ...(stranger ? [['buyer', { buyer: stranger.id }] as ['buyer', Query]] : []),
  ];
}

test.describe('GET /orders/search', () => {
  test(
    "returns the seller's orders to seller= and the buyer's to buyer=",
    verifies(
      ['ORD-SEARCH-RESPONSE', 'ORD-SEARCH-ROLE', 'ORD-SEARCH-SELLER-FIELDS', 'ORD-SEARCH-PAGING'],
      '@readonly',
      '@smoke',
    ),
    async ({ api, target }) => {
      const asSeller = await search(api, target, { seller: target.users.seller.id });
      skipUnless(
        asSeller.results.length > 0,
        `orders of seller ${target.users.seller.id}`,
        'users.seller',
        "the seller's search returns none",
      );
      // seller.id: "contains id", type not given (production sends numeric strings).
      expect(roleFailures(asSeller.results, 'seller', target.users.seller.id)).toEqual([]);
      const asBuyer = await search(api, target, { buyer: target.users.buyer.id }, 'buyer');
      expect(roleFailures(asBuyer.results, 'buyer', target.users.buyer.id)).toEqual([]);
      for (const body of [asSeller, asBuyer]) {
        const [limit, total] = [pagingOf(target, body, 'limit'), pagingOf(target, body, 'total')];
        if (limit !== undefined) expect(body.results.length).toBeLessThanOrEqual(limit);
        if (total !== undefined) expect(total).toBeGreaterThanOrEqual(body.results.length);
      }
    },
  );

  test(
    'performs no action without a filter',
    verifies(['ORD-SEARCH-FILTER-REQUIRED'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('searchOrders', { as: 'seller' });
      if (hasStatus(res, 200)) {
        const { results } = res.body;
        if (shown(target, results, `${res.label}: results`))
          expect(results, `${res.label}: no action`).toEqual([]);
      } else expect(res.status, `${res.label}: refused`).toBeGreaterThanOrEqual(400);
    },
  );

  test(
    'refuses a search without a filter with 400 bad_request',
    verifies(['ORD-SEARCH-NO-FILTER-ANSWER'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      expectError(
        await api.call('searchOrders', { as: 'seller' }),
        { status: 400, error: 'bad_request' },
        target,
      );
    },
  );

  test(
    'returns manually cancelled orders to the buyer but not to the seller',
    verifies(['ORD-SEARCH-BUYER-MANUAL', 'ORD-SEARCH-SELLER-MANUAL', 'ORD-STATUS-VALUES'], '@readonly'),
    async ({ api, target }) => {
      const id = target.orders.byStatus.manually_cancelled;
      const asBuyer = await search(api, target, { buyer: target.users.buyer.id, q: id }, 'buyer');
      expect(asBuyer.results.find((order) => order.id === id)?.status, `order ${id} for its buyer`).toBe(
        'manually_cancelled',
      );
      expect(
        idsOf(await search(api, target, { seller: target.users.seller.id, q: id })),
        `order ${id} for its seller`,
      ).not.toContain(id);
      const page = await search(api, target, { seller: target.users.seller.id });
      expect(sellerManualFailures(page.results)).toEqual([]);
    },
  );

  test(
    'finds hosted-shop orders with tags=mshops',
    verifies(['ORD-SEARCH-MSHOPS', 'ORD-SEARCH-TAGS'], '@readonly'),
    async ({ api, target }) => {
      const body = await search(api, target, {
        seller: target.users.seller.id,
        tags: 'mshops',
        q: target.orders.mshops,
      });
      expect(idsOf(body)).toContain(target.orders.mshops);
      const all = await search(api, target, { seller: target.users.seller.id, tags: 'mshops' });
      expect(tagFailures(showing(target, all.results, 'tags'), 'mshops')).toEqual([]);
    },
  );

  test(
    'applies tags and tags.not',
    verifies(['ORD-SEARCH-TAGS', 'ORD-SEARCH-TAGS-NOT'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      // Both ways with one known order: whether it carries the tag decides which filter returns it.
      // (`paid` is only an example tag; nothing ties it to the status paid.)
      const id = target.orders.byStatus.paid;
      const tags = needed(
        target,
        (await readOrder(api, id)).tags,
        `the tags of order ${id}`,
        'orders.byStatus.paid',
      );
      const carries = tags.includes('paid');
      const tagged = await search(api, target, { seller, tags: 'paid' });
      expect(tagFailures(showing(target, tagged.results, 'tags'), 'paid'), 'tags=paid').toEqual([]);
      const untagged = await search(api, target, { seller, 'tags.not': 'paid' });
      expect(tagsNotFailures(showing(target, untagged.results, 'tags'), ['paid']), 'tags.not=paid').toEqual(
        [],
      );
      const withTag = idsOf(await search(api, target, { seller, tags: 'paid', q: id }));
      expect(withTag.includes(id), `order ${id} (tags ${tags}) with tags=paid`).toBe(carries);
      const withoutTag = idsOf(await search(api, target, { seller, 'tags.not': 'paid', q: id }));
      expect(withoutTag.includes(id), `order ${id} (tags ${tags}) with tags.not=paid`).toBe(!carries);
    },
  );

  test(
    'applies item and q',
    verifies(['ORD-SEARCH-ITEM', 'ORD-SEARCH-Q'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const id = target.orders.byStatus.paid;
      const where = 'orders.byStatus.paid';
      const paid = await readOrder(api, id);
      const [first] = needed(target, paid.order_items, `the items of order ${id}`, where);
      const line = given(first, `an item in order ${id}`, where, 'the order lists no item to search by');
      const itemId = needed(target, line.item?.id, `the item id of an item of order ${id}`, where);
      const created = needed(target, paid.date_created, `the date_created of order ${id}`, where);
      const byItem = await search(api, target, { seller, item: itemId });
      expect(byItem.results.length).toBeGreaterThan(0);
      expect(itemFailures(showing(target, byItem.results, 'order_items'), itemId)).toEqual([]);
      const byId = await search(api, target, { seller, q: id });
      expect(idsOf(byId)).toContain(id);
      if (shown(target, byId.query, 'the search by q: query'))
        expect(byId.query, 'query echoes q').toBe(String(id));
      // The item may be in many orders: the creation date narrows the page to the one read above.
      // A minute either side: whether the bounds are inclusive is not given.
      const byItemText = await search(api, target, {
        seller,
        q: itemId,
        'order.date_created.from': minutesAround(created, -1),
        'order.date_created.to': minutesAround(created, 1),
      });
      expect(idsOf(byItemText)).toContain(id);
    },
  );

  test('applies order.status', verifies(['ORD-SEARCH-STATUS'], '@readonly'), async ({ api, target }) => {
    // A cancelled order the seller's search finds (discovery confirms it): the filter has a match.
    const cancelled = target.orders.byStatus.cancelled;
    const body = await search(api, target, {
      seller: target.users.seller.id,
      'order.status': 'cancelled,invalid',
    });
    expect(body.results.length, `order ${cancelled} is cancelled`).toBeGreaterThan(0);
    expect(statusFailures(body.results, ['cancelled', 'invalid'])).toEqual([]);
    const one = await search(api, target, {
      seller: target.users.seller.id,
      'order.status': 'cancelled',
      q: cancelled,
    });
    expect(idsOf(one)).toContain(cancelled);
  });

  test(
    'applies the three date ranges',
    verifies(['ORD-SEARCH-DATE-CREATED', 'ORD-SEARCH-DATE-CLOSED', 'ORD-SEARCH-DATE-UPDATED'], '@readonly'),
    async ({ api, target }) => {
      const paid = await readOrder(api, target.orders.byStatus.paid);
      // Each filter order.<field> is judged on the order's field of that name (the reference does not
      // say last_updated equals date_last_updated). Listed fields an answer leaves out are not judged.
      const fields = ['date_created', 'date_closed', 'date_last_updated'] as const;
      const judgedFields = fields.filter((field) => judged(target, paid[field]));
      const leftOut = fields.filter((field) => !judgedFields.includes(field));
      skipUnless(
        judgedFields.length > 0,
        `the dates of order ${paid.id}`,
        'orders.byStatus.paid',
        `the order read leaves ${leftOut.join(', ')} out`,
      );
      if (leftOut.length > 0)
        notVerifiedPart(`order.${leftOut.join(', order.')}: order ${paid.id} leaves the field out`);
      for (const field of judgedFields) {
        const value = paid[field] ?? '';
        const from = minutesAround(value, -1);
        const to = minutesAround(value, 1);
        const body = await search(api, target, {
          seller: target.users.seller.id,
          [`order.${field}.from`]: from,
          [`order.${field}.to`]: to,
        });
        expect(idsOf(body), `order ${paid.id} in its own ${field} range`).toContain(paid.id);
        expect(dateFailures(showing(target, body.results, field), field, from, to)).toEqual([]);
      }
    },
  );

  test(
    'narrows results with the mediation and feedback filters',
    verifies(
      [
        'ORD-SEARCH-MEDIATIONS',
        'ORD-SEARCH-FEEDBACK-STATUS',
        'ORD-SEARCH-FEEDBACK-RATING',
        'ORD-SEARCH-FEEDBACK-FULFILLED',
      ],
      '@readonly',
    ),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const all = await search(api, target, { seller });
      const everything = needed(target, all.paging?.total, 'the paging.total of the search', 'users.seller');
      const filters: Query[] = [
        { 'mediations.stage': 'claim' },
        { 'mediations.status': 'closed' },
        { 'feedback.status': 'active' },
        { 'feedback.sale.rating': 'negative' },
        { 'feedback.purchase.rating': 'positive' },
        { 'feedback.sale.fulfilled': 'true' },
        { 'feedback.purchase.fulfilled': 'false' },
      ];
      // No value set is given for these filters: a foreign target may refuse a value it does not know.
      let judgedFilters = 0;
      for (const filter of filters) {
        const body = await searchUnlessRefused(api, target, { seller, ...filter });
        const total = body && pagingOf(target, body, 'total');
        if (total === undefined) continue;
        judgedFilters += 1;
        expect(total, `a filter never widens the search: ${JSON.stringify(filter)}`).toBeLessThanOrEqual(
          everything,
        );
      }
      skipUnless(
        judgedFilters > 0,
        'a mediation or feedback value the target accepts',
        'searchOrders',
        'the reference gives no value set and the target refused every value tried (or left paging.total out)',
      );
    },
  );

  test(
    "never returns another user's order to a free search of its id",
    verifies(['ORD-SEARCH-ROLE', 'ORD-SEARCH-Q', 'ORD-READ-OWNER'], '@readonly'),
    async ({ api, target }) => {
      // seller2 on the paid order of seller and buyer; without seller2, the seller on the buyer's order
      // with another seller: either way a user who is neither buyer nor seller of the order.
      const [who, theirs] = rawProfile(target).users.seller2
        ? (['seller2', target.orders.byStatus.paid] as const)
        : (['seller', target.orders.otherSeller] as const);
      const read = await api.call('getOrder', { as: who, path: { order_id: theirs } });
      expect(
        read.status >= 200 && read.status < 300,
        `ORD-READ-OWNER: ${read.label}: order ${theirs} is not ${who}'s, yet it was answered ${read.status}`,
      ).toBe(false);
      const body = await search(api, target, { seller: target.users[who].id, q: theirs }, who);
      expect(idsOf(body), `order ${theirs} is not ${who}'s`).not.toContain(theirs);
    },
  );

  test(
    'selects disjoint orders with opposite feedback values',
    verifies(['ORD-SEARCH-FEEDBACK-RATING', 'ORD-SEARCH-FEEDBACK-FULFILLED'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const opposites: [string, string, string][] = [
        ['feedback.sale.fulfilled', 'true', 'false'],
        ['feedback.purchase.fulfilled', 'true', 'false'],
        ['feedback.sale.rating', 'positive', 'negative'],
        ['feedback.purchase.rating', 'positive', 'negative'],
      ];
      let compared = 0;
      for (const [filter, one, other] of opposites) {
        const ones = await searchUnlessRefused(api, target, { seller, [filter]: one });
        const others = await searchUnlessRefused(api, target, { seller, [filter]: other });
        if (!ones || !others) continue;
        compared += ones.results.length + others.results.length;
        expect(
          idsOf(ones).filter((id) => idsOf(others).includes(id)),
          `no order has both ${filter}=${one} and ${filter}=${other}`,
        ).toEqual([]);
      }
      skipUnless(
        compared > 0,
        `orders of seller ${seller} with feedback`,
        'users.seller',
        'no feedback filter the target accepts returned an order to compare',
      );
    },
  );

  test(
    'pages consistently: a page the server says starts at offset 1 holds the second and third matches',
    verifies(['ORD-SEARCH-PAGING'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const first = await search(api, target, { seller, sort: 'date_asc' });
      skipUnless(
        first.results.length >= 3,
        `three orders of seller ${seller}`,
        'users.seller',
        `the seller's search returns ${first.results.length}`,
      );
      // "Names of the paging parameters of order search: not shown": offset and limit may be refused.
      const page = given(
        await searchUnlessRefused(api, target, { seller, sort: 'date_asc', offset: 1, limit: 2 }),
        'paging parameters the target accepts',
        'searchOrders',
        'the target refuses offset and limit (the reference does not name them)',
      );
      const totalOf = (body: SearchAnswer, which: string) =>
        needed(target, body.paging?.total, `the paging.total of ${which}`, 'searchOrders');
      const [firstTotal, pageTotal] = [totalOf(first, 'the first search'), totalOf(page, 'the page')];
      // A live server adds orders between two reads: a total that differs is judged against a read after it.
      const after =
        pageTotal === firstTotal
          ? firstTotal
          : totalOf(await search(api, target, { seller, sort: 'date_asc' }), 'a search after the page');
      const [low, high] = [Math.min(firstTotal, after), Math.max(firstTotal, after)];
      expect(pageTotal, 'total counts every match, whatever the page').toBeGreaterThanOrEqual(low);
      expect(pageTotal, 'total counts every match, whatever the page').toBeLessThanOrEqual(high);
      skipUnless(
        page.paging?.offset === 1 && page.paging.limit === 2,
        'paging parameters the target applies',
        'searchOrders',
        'the target names its paging parameters otherwise (the reference does not name them)',
      );
      expect(idsOf(page)).toEqual(idsOf(first).slice(1, 3));
    },
  );

  test(
    "matches the mock's mediation and feedback records",
    verifies(
      [
        'ORD-SEARCH-MEDIATIONS',
        'ORD-SEARCH-FEEDBACK-STATUS',
        'ORD-SEARCH-FEEDBACK-RATING',
        'ORD-SEARCH-FEEDBACK-FULFILLED',
      ],
      '@readonly',
      '@mock-only',
    ),
    async ({ api, target, seed }) => {
      const { paid, cancelled } = seed.orders.byStatus;
      const cases: [Query, number, number][] = [
        [{ 'mediations.status': 'closed' }, cancelled, paid],
        [{ 'feedback.sale.rating': 'negative' }, cancelled, paid],
        [{ 'feedback.purchase.rating': 'positive' }, paid, cancelled],
        [{ 'feedback.sale.fulfilled': 'true' }, paid, cancelled],
        [{ 'feedback.sale.fulfilled': 'false' }, cancelled, paid],
        [{ 'feedback.status': 'active', 'order.status': 'paid' }, paid, cancelled],
      ];
      for (const [filter, included, excluded] of cases) {
        const ids = idsOf(
          await search(api, target, { seller: target.users.seller.id, limit: 100, ...filter }),
        );
        expect(ids, JSON.stringify(filter)).toContain(included);
        expect(ids, JSON.stringify(filter)).not.toContain(excluded);
      }
    },
  );

  test(
    'sorts by date with date_asc and date_desc',
    verifies(['ORD-SEARCH-SORT'], '@readonly'),
    async ({ api, target }) => {
      const offered = new Set<unknown>();
      let offering = 0;
      for (const sort of ['date_asc', 'date_desc'] as const) {
        const body = await search(api, target, { seller: target.users.seller.id, sort });
        if (shown(target, body.sort, 'the search: sort'))
          expect(body.sort.id, 'sort: the applied sort').toBe(sort);
        if (shown(target, body.available_sorts, 'the search: available_sorts')) {
          offering += 1;
          for (const available of body.available_sorts) offered.add(available.id);
        }
        expectSortedByADate(body.results, sort, target.isMock);
      }
      // "An id from available_sorts": each sort is offered by some answer (production lists the others).
      if (offering === 2)
        expect([...offered], 'available_sorts offer date_asc and date_desc').toEqual(
          expect.arrayContaining(['date_asc', 'date_desc']),
        );
      else notVerifiedPart('available_sorts: an answer of the sorted searches leaves it out');
    },
  );

  test(
    'pages with offset and limit (default 0 and 50)',
    verifies(['ORD-SEARCH-PAGING-PARAMS', 'ORD-SEARCH-PAGING'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const first = await search(api, target, { seller });
      expect([first.paging?.offset, first.paging?.limit, first.sort?.id]).toEqual([0, 50, 'date_asc']);
      const total = needed(target, first.paging?.total, 'the paging.total of the search', 'seed');
      const page = await search(api, target, { seller, offset: 1, limit: 2 });
      expect(idsOf(page)).toEqual(idsOf(first).slice(1, 3));
      expect(page.paging).toEqual({ total, offset: 1, limit: 2 });
      for (const limit of [0, 101]) {
        const res = await api.call('searchOrders', { as: 'seller', query: { seller, limit } });
        expectError(res, { status: 400, error: 'bad_request' }, target);
      }
    },
  );

  test(
    'answers 400 to invalid filter values',
    verifies(['ORD-SEARCH-ERRORS'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const bad: Query[] = [
        { sort: 'price_asc' },
        { 'feedback.sale.fulfilled': 'yes' },
        { 'order.date_created.from': '2026-01-01' },
        { offset: -1 },
      ];
      for (const query of bad) {
        const res = await api.call('searchOrders', {
          as: 'seller',
          query: { seller: target.users.seller.id, ...query },
        });
        expectError(res, { status: 400, error: 'bad_request' }, target);
      }
    },
  );

  test(
    "never answers a search of another user's orders with that user's orders",
    // Search errors are not shown: a foreign target may refuse (any client error) or answer 200 with
    // no order of which the caller is neither buyer nor seller (Orders rule 2). The mock's
    // caller.id.invalid is asserted in the test after this one.
    verifies(['ORD-ERR-CALLER-ID-INVALID', 'ORD-READ-OWNER'], '@readonly'),
    async ({ api, target }) => {
      for (const [as, query] of othersOrders(target)) {
        const res = await api.call('searchOrders', { as, query });
        if (acceptedOrRefused(res, target, { status: 403, error: 'caller.id.invalid' }))
          expectOnlyOrdersOf(
            withResults(target, bodyAt(res, 200), res.label),
            target.users[as].id,
            res.label,
          );
      }
    },
  );

  test(
    "answers caller.id.invalid to a search of another user's orders",
    verifies(['ORD-ERR-CALLER-ID-INVALID'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      for (const [as, query] of othersOrders(target)) {
        expectError(
          await api.call('searchOrders', { as, query }),
          { status: 403, error: 'caller.id.invalid', message: 'caller.id does not match buyer nor seller.' },
          target,
        );
      }
    },
  );

  test(
    'answers the token errors',
    verifies(['ORD-ERR-NOT-IDENTIFIED-USER', 'ORD-AUTH-SITE', 'ORD-ERR-CALLER-ID-INVALID'], '@readonly'),
    async ({ api, target }) => {
      const none = await api.call('searchOrders', {
        as: 'anonymous',
        query: { seller: target.users.seller.id },
      });
      // The order resource's not_identified_user, or Authentication 3's 403 access_token_not_granted.
      expectError(
        none,
        {
          status: 403,
          error: 'not_identified_user',
          statusIsGap: true,
          orElse: [{ status: 403, error: 'access_token_not_granted' }],
        },
        target,
      );
      const offSite = target.users.unavailableSite.id;
      const site = await api.call('searchOrders', { as: 'unavailableSite', query: { seller: offSite } });
      expectError(site, { status: 403, error: 'forbidden' }, target);
      const unknown = await api.call('searchOrders', {
        as: { token: 'APP_USR-0000-unknown-token' },
        query: { seller: target.users.seller.id },
      });
      expectError(unknown, { status: 401, statusIsGap: true }, target);
    },
  );
});
