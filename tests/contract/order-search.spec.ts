/** GET /orders/search. Read-only: every call is a GET. */

import { isDeepStrictEqual } from 'node:util';
import { expect, expectRules, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { readFresh } from '../../lib/client/read-cache.ts';
import { type BodyAt, bodyAt, hasStatus } from '../../lib/client/typed.ts';
import type { ApiResponse, Caller } from '../../lib/client/types.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import {
  DATE_REQUIREMENTS,
  feedbackOrMediationRule,
  judgeSort,
  MOCK_SORT_DATES,
  minutesAround,
  ORDER_DATES,
  ownerRule,
  type ResultRule,
  tagRule,
} from '../../lib/rules/order-search-rules.ts';
import { expectErrorOf } from './support/judged-as.ts';
import { given, needed, shown } from './support/listed.ts';
import { expectEachResult, expectJudgements, readOrder } from './support/orders.ts';
import { acceptedOrRefused, skipUnless } from './support/reference.ts';

/** A search answer as any conforming server may send it (listed fields may be left out). */
type SearchAnswer = BodyAt<'searchOrders', 200>;
type Listed = NonNullable<SearchAnswer['results']>[number];

/** A search answered 200: its request (for messages and instances), its body and every result it lists. */
interface Searched {
  label: string;
  /** The answer itself, for the registry's rules (expectRules). */
  answer: ApiResponse;
  body: SearchAnswer;
  results: Listed[];
}

type Query = Record<string, string | number>;

/** The answer as searched: the test is "not verified" on a foreign target that leaves `results` out (fails on the mock). */
function searched(target: TargetProfile, answer: ApiResponse): Searched {
  const body = bodyAt(answer as ApiResponse<'searchOrders'>, 200);
  const { label } = answer;
  return {
    label,
    answer,
    body,
    results: needed(target, body.results, `the results of ${label}`, 'searchOrders'),
  };
}

async function search(
  api: ApiClient,
  target: TargetProfile,
  query: Query,
  as: Caller = 'seller',
): Promise<Searched> {
  const res = await api.call('searchOrders', { as, query });
  expect(res.status, `${res.label}: a search of the caller's orders`).toBe(200);
  return searched(target, res);
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

/** The orders both opposite values select, searched again (fresh reads) after an overlap was seen. */
async function inBothAgain(
  api: ApiClient,
  target: TargetProfile,
  seller: number,
  filter: string,
  [one, other]: [string, string],
  inBoth: (a: Searched, b: Searched) => (number | undefined)[],
): Promise<(number | undefined)[]> {
  const again = (value: string) =>
    readFresh(() => searchUnlessRefused(api, target, { seller, [filter]: value }));
  const [ones, others] = [await again(one), await again(other)];
  return ones && others ? inBoth(ones, others) : [];
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
): Promise<Searched | undefined> {
  const res = await api.call('searchOrders', { as: 'seller', query });
  return acceptedOrRefused(res, target, { status: 200 }) ? searched(target, res) : undefined;
}

/** Whether the search returned order `id`; undefined when it did not show it and a result leaves its id out. */
function returns(s: Searched, id: number): boolean | undefined {
  if (s.results.some((order) => order.id === id)) return true;
  return s.results.some((order) => order.id === undefined) ? undefined : false;
}

/** Judges under `requirement` whether the search returned order `id` (`expected`), unless a result hides its id. */
function expectReturned(requirement: string, s: Searched, id: number, expected = true, why = ''): void {
  const verdict = returns(s, id);
  const instance = `${s.label}: order ${id}${why}`;
  if (verdict === undefined) notJudged(requirement, instance, 'a result leaves its id out');
  else
    expect(verdict, `${requirement}: ${instance} ${expected ? 'returned' : 'not returned'}`).toBe(expected);
}

/** `rule` with the requirement it also judges (ORD-SEARCH-MSHOPS is the tags rule for mshops). */
const under = (rule: ResultRule, requirement: string): ResultRule => ({ ...rule, requirement });

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

/** The optional fields of a seller in search results (ORD-SEARCH-SELLER-FIELDS). */
const SELLER_EXTRAS = ['nickname', 'first_name', 'last_name', 'phone', 'alternative_phone'] as const;

/** ORD-SEARCH-SELLER-FIELDS on each result: the extra fields a seller shows (their types held by the schema check). */
function expectSellerExtras(s: Searched): void {
  for (const order of s.results) {
    const instance = `${s.label}: order ${order.id}`;
    const extras = SELLER_EXTRAS.filter((field) => order.seller?.[field] !== undefined);
    if (extras.length === 0)
      notJudged(
        'ORD-SEARCH-SELLER-FIELDS',
        instance,
        'the seller shows none of the fields search results may add',
      );
    else
      expect(extras, `ORD-SEARCH-SELLER-FIELDS: ${instance}: the seller carries ${extras}`).not.toEqual([]);
  }
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
      const { seller, buyer } = target.users;
      const asSeller = await search(api, target, { seller: seller.id });
      skipUnless(
        asSeller.results.length > 0,
        `orders of seller ${seller.id}`,
        'users.seller',
        "the seller's search returns none",
      );
      // seller.id: "contains id", type not given (production sends numeric strings): read as the number.
      expectRules(asSeller.answer, 'ORD-SEARCH-ROLE');
      expectSellerExtras(asSeller);
      const asBuyer = await search(api, target, { buyer: buyer.id }, 'buyer');
      expectRules(asBuyer.answer, 'ORD-SEARCH-ROLE');
      for (const { body, label, results } of [asSeller, asBuyer]) {
        const [limit, total] = [pagingOf(target, body, 'limit'), pagingOf(target, body, 'total')];
        if (limit === undefined)
          notJudged('ORD-SEARCH-PAGING', `${label}: limit`, 'the answer leaves paging.limit out');
        else
          expect(
            results.length,
            `ORD-SEARCH-PAGING: ${label}: results within paging.limit ${limit}`,
          ).toBeLessThanOrEqual(limit);
        if (total === undefined)
          notJudged('ORD-SEARCH-PAGING', `${label}: total`, 'the answer leaves paging.total out');
        else
          expect(
            total,
            `ORD-SEARCH-PAGING: ${label}: paging.total counts the ${results.length} results`,
          ).toBeGreaterThanOrEqual(results.length);
      }
    },
  );

  test(
    'performs no action without a filter',
    verifies(['ORD-SEARCH-FILTER-REQUIRED'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('searchOrders', { as: 'seller' });
      const rule = `ORD-SEARCH-FILTER-REQUIRED: ${res.label}`;
      if (!hasStatus(res, 200)) expect(res.status, `${rule}: refused`).toBeGreaterThanOrEqual(400);
      else if (shown(target, res.body.results, `${res.label}: results`))
        expect(res.body.results, `${rule}: no action, no result`).toEqual([]);
      else notJudged('ORD-SEARCH-FILTER-REQUIRED', res.label, 'the answer leaves results out');
    },
  );

  test(
    'refuses a search without a filter with 400 bad_request',
    verifies(['ORD-SEARCH-NO-FILTER-ANSWER'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const res = await api.call('searchOrders', { as: 'seller' });
      expectErrorOf('ORD-SEARCH-NO-FILTER-ANSWER', res, { status: 400, error: 'bad_request' }, target);
    },
  );

  test(
    'returns manually cancelled orders to the buyer but not to the seller',
    verifies(['ORD-SEARCH-BUYER-MANUAL', 'ORD-SEARCH-SELLER-MANUAL', 'ORD-STATUS-VALUES'], '@readonly'),
    async ({ api, target }) => {
      const id = target.orders.byStatus.manually_cancelled;
      const asBuyer = await search(api, target, { buyer: target.users.buyer.id, q: id }, 'buyer');
      expectReturned('ORD-SEARCH-BUYER-MANUAL', asBuyer, id, true, ' (manually_cancelled), to its buyer');
      const status = asBuyer.results.find((order) => order.id === id)?.status;
      if (shown(target, status, `${asBuyer.label}: the status of order ${id}`))
        expect(status, `ORD-STATUS-VALUES: ${asBuyer.label}: order ${id}`).toBe('manually_cancelled');
      const bySeller = await search(api, target, { seller: target.users.seller.id, q: id });
      expectReturned('ORD-SEARCH-SELLER-MANUAL', bySeller, id, false, ' (manually_cancelled), to its seller');
      const page = await search(api, target, { seller: target.users.seller.id });
      expectRules(page.answer, 'ORD-SEARCH-SELLER-MANUAL');
    },
  );

  test(
    'finds hosted-shop orders with tags=mshops',
    verifies(['ORD-SEARCH-MSHOPS', 'ORD-SEARCH-TAGS'], '@readonly'),
    async ({ api, target }) => {
      const { mshops } = target.orders;
      const seller = target.users.seller.id;
      const one = await search(api, target, { seller, tags: 'mshops', q: mshops });
      expectReturned('ORD-SEARCH-MSHOPS', one, mshops, true, ' (a hosted-shop order)');
      const all = await search(api, target, { seller, tags: 'mshops' });
      expectRules(all.answer, 'ORD-SEARCH-TAGS');
      expectEachResult(target, under(tagRule('mshops'), 'ORD-SEARCH-MSHOPS'), all.label, all.results);
    },
  );

  test(
    'applies tags and tags.not',
    verifies(['ORD-SEARCH-TAGS', 'ORD-SEARCH-TAGS-NOT'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const tagged = await search(api, target, { seller, tags: 'paid' });
      expectRules(tagged.answer, 'ORD-SEARCH-TAGS');
      const untagged = await search(api, target, { seller, 'tags.not': 'paid' });
      expectRules(untagged.answer, 'ORD-SEARCH-TAGS-NOT');
      // Both ways with one known order: whether it carries the tag decides which filter returns it.
      // (`paid` is only an example tag; nothing ties it to the status paid.)
      const id = target.orders.byStatus.paid;
      const { tags } = await readOrder(api, id);
      if (!shown(target, tags, `the tags of order ${id}`)) {
        for (const requirement of ['ORD-SEARCH-TAGS', 'ORD-SEARCH-TAGS-NOT'])
          notJudged(requirement, `order ${id} by q`, 'the order read leaves tags out');
        return;
      }
      const carries = tags.includes('paid');
      const withTag = await search(api, target, { seller, tags: 'paid', q: id });
      expectReturned('ORD-SEARCH-TAGS', withTag, id, carries, ` (tags ${tags})`);
      const withoutTag = await search(api, target, { seller, 'tags.not': 'paid', q: id });
      expectReturned('ORD-SEARCH-TAGS-NOT', withoutTag, id, !carries, ` (tags ${tags})`);
    },
  );

  test(
    'applies item and q',
    verifies(['ORD-SEARCH-ITEM', 'ORD-SEARCH-Q'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const id = target.orders.byStatus.paid;
      const byId = await search(api, target, { seller, q: id });
      expectReturned('ORD-SEARCH-Q', byId, id, true, ' by its id');
      if (shown(target, byId.body.query, `${byId.label}: query`))
        expect(byId.body.query, `ORD-SEARCH-Q: ${byId.label}: query echoes q`).toBe(String(id));
      const where = 'orders.byStatus.paid';
      const paid = await readOrder(api, id);
      const [first] = needed(target, paid.order_items, `the items of order ${id}`, where);
      const line = given(first, `an item in order ${id}`, where, 'the order lists no item to search by');
      const itemId = needed(target, line.item?.id, `the item id of an item of order ${id}`, where);
      const byItem = await search(api, target, { seller, item: itemId });
      expect(
        byItem.results.length,
        `ORD-SEARCH-ITEM: ${byItem.label}: order ${id} holds the item`,
      ).toBeGreaterThan(0);
      expectRules(byItem.answer, 'ORD-SEARCH-ITEM');
      // The item may be in many orders: the creation date narrows the page to the one read above.
      // A minute either side: whether the bounds are inclusive is not given.
      const created = needed(target, paid.date_created, `the date_created of order ${id}`, where);
      const byItemText = await search(api, target, {
        seller,
        q: itemId,
        'order.date_created.from': minutesAround(created, -1),
        'order.date_created.to': minutesAround(created, 1),
      });
      expectReturned('ORD-SEARCH-Q', byItemText, id, true, ` by its item ${itemId}`);
    },
  );

  test('applies order.status', verifies(['ORD-SEARCH-STATUS'], '@readonly'), async ({ api, target }) => {
    // A cancelled order the seller's search finds (discovery confirms it): the filter has a match.
    const cancelled = target.orders.byStatus.cancelled;
    const seller = target.users.seller.id;
    const body = await search(api, target, { seller, 'order.status': 'cancelled,invalid' });
    expect(
      body.results.length,
      `ORD-SEARCH-STATUS: ${body.label}: order ${cancelled} is cancelled`,
    ).toBeGreaterThan(0);
    expectRules(body.answer, 'ORD-SEARCH-STATUS');
    const one = await search(api, target, { seller, 'order.status': 'cancelled', q: cancelled });
    expectReturned('ORD-SEARCH-STATUS', one, cancelled, true, ' (cancelled)');
  });

  test(
    'applies the three date ranges',
    verifies(['ORD-SEARCH-DATE-CREATED', 'ORD-SEARCH-DATE-CLOSED', 'ORD-SEARCH-DATE-UPDATED'], '@readonly'),
    async ({ api, target }) => {
      const id = target.orders.byStatus.paid;
      const paid = await readOrder(api, id);
      // Each filter order.<field> is judged on the order's field of that name (the reference does not
      // say last_updated equals date_last_updated). A date the order read leaves out is not judged.
      for (const field of ['date_created', 'date_closed', 'date_last_updated'] as const) {
        const value = paid[field];
        if (!shown(target, value, `order ${id}: ${field}`) || value === null) {
          notJudged(DATE_REQUIREMENTS[field], `order ${id}`, `the order read shows no ${field}`);
          continue;
        }
        const [from, to] = [minutesAround(value, -1), minutesAround(value, 1)];
        const body = await search(api, target, {
          seller: target.users.seller.id,
          [`order.${field}.from`]: from,
          [`order.${field}.to`]: to,
        });
        expectReturned(DATE_REQUIREMENTS[field], body, id, true, ` in its own ${field} range`);
        expectRules(body.answer, DATE_REQUIREMENTS[field]);
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
      const filters: [string, string][] = [
        ['mediations.stage', 'claim'],
        ['mediations.status', 'closed'],
        ['feedback.status', 'active'],
        ['feedback.sale.rating', 'negative'],
        ['feedback.purchase.rating', 'positive'],
        ['feedback.sale.fulfilled', 'true'],
        ['feedback.purchase.fulfilled', 'false'],
      ];
      // Each result is judged against the filter where it shows the field; a result leaving it out, a
      // search refused (no value set is given) or with no result judges nothing.
      for (const [parameter, value] of filters) {
        const rule = feedbackOrMediationRule(parameter, value)!;
        const body = await searchUnlessRefused(api, target, { seller, [parameter]: value });
        if (body) expectRules(body.answer, rule.requirement);
        else
          notJudged(
            rule.requirement,
            `${parameter}=${value}`,
            'the target refused the value (no value set is given)',
          );
      }
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
      const caller = target.users[who].id;
      const body = await search(api, target, { seller: caller, q: theirs }, who);
      expectReturned('ORD-SEARCH-Q', body, theirs, false, `, not ${who}'s`);
      expectRules(body.answer, 'ORD-SEARCH-ROLE');
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
      for (const [filter, one, other] of opposites) {
        const requirement = feedbackOrMediationRule(filter, one)!.requirement;
        const ones = await searchUnlessRefused(api, target, { seller, [filter]: one });
        const others = await searchUnlessRefused(api, target, { seller, [filter]: other });
        const instance = `${filter}=${one} and ${filter}=${other}`;
        if (!ones || !others || ones.results.length === 0 || others.results.length === 0) {
          notJudged(requirement, instance, 'a value was refused or selected no order: nothing to compare');
          continue;
        }
        const inBoth = (a: Searched, b: Searched) => {
          const ids = b.results.map((order) => order.id).filter((id) => id !== undefined);
          return a.results
            .filter((order) => order.id !== undefined && ids.includes(order.id))
            .map((o) => o.id);
        };
        // A live order's feedback may change between the two searches: an order in both is searched again.
        const both =
          inBoth(ones, others).length === 0
            ? []
            : await inBothAgain(api, target, seller, filter, [one, other], inBoth);
        expect(
          both,
          `${requirement}: ${instance}: no order has both (${ones.results.length} and ${others.results.length} results)`,
        ).toEqual([]);
      }
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
      const totalOf = (s: Searched) => pagingOf(target, s.body, 'total');
      const [firstTotal, pageTotal] = [totalOf(first), totalOf(page)];
      if (firstTotal === undefined || pageTotal === undefined)
        notJudged('ORD-SEARCH-PAGING', `${page.label}: total`, 'an answer leaves paging.total out');
      else {
        // A live server adds orders between two reads: a total that differs is judged against a read after it.
        const after =
          pageTotal === firstTotal
            ? firstTotal
            : totalOf(await readFresh(() => search(api, target, { seller, sort: 'date_asc' })));
        const [low, high] = [
          Math.min(firstTotal, after ?? firstTotal),
          Math.max(firstTotal, after ?? firstTotal),
        ];
        const rule = `ORD-SEARCH-PAGING: ${page.label}: total ${pageTotal} counts every match, whatever the page (read ${firstTotal}, then ${after})`;
        expect(pageTotal, rule).toBeGreaterThanOrEqual(low);
        expect(pageTotal, rule).toBeLessThanOrEqual(high);
      }
      skipUnless(
        page.body.paging?.offset === 1 && page.body.paging.limit === 2,
        'paging parameters the target applies',
        'searchOrders',
        'the target names its paging parameters otherwise (the reference does not name them)',
      );
      const idsOf = (orders: Searched['results']) => orders.map((order) => order.id);
      const secondAndThird = (s: Searched) => idsOf(s.results.slice(1, 3));
      // A live server changes between reads (an updated order moves in a date sort): a page unlike the
      // first read is judged against a read after it.
      const against = isDeepStrictEqual(idsOf(page.results), secondAndThird(first))
        ? first
        : await readFresh(() => search(api, target, { seller, sort: 'date_asc' }));
      expect(
        idsOf(page.results),
        `ORD-SEARCH-PAGING: ${page.label}: the second and third results of ${against.label}`,
      ).toEqual(secondAndThird(against));
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
        const [parameter, value] = Object.entries(filter)[0]!;
        const { requirement } = feedbackOrMediationRule(parameter, String(value))!;
        const body = await search(api, target, { seller: target.users.seller.id, limit: 100, ...filter });
        expectReturned(requirement, body, included, true);
        expectReturned(requirement, body, excluded, false);
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
        const { body, label, results } = await search(api, target, { seller: target.users.seller.id, sort });
        if (shown(target, body.sort, `${label}: sort`))
          expect(body.sort.id, `ORD-SEARCH-SORT: ${label}: sort names the applied sort`).toBe(sort);
        if (shown(target, body.available_sorts, `${label}: available_sorts`)) {
          offering += 1;
          for (const available of body.available_sorts) offered.add(available.id);
        }
        // On the mock by date_created (its choice, ORD-SEARCH-SORT-ORDER), elsewhere by any order date.
        expectJudgements([judgeSort(results, sort, label, target.isMock ? MOCK_SORT_DATES : ORDER_DATES)]);
      }
      // "An id from available_sorts": each sort is offered by some answer (production lists the others).
      if (offering === 2)
        expect([...offered], 'ORD-SEARCH-SORT: available_sorts offer date_asc and date_desc').toEqual(
          expect.arrayContaining(['date_asc', 'date_desc']),
        );
      else
        notJudged(
          'ORD-SEARCH-SORT',
          'available_sorts',
          'an answer of the sorted searches leaves available_sorts out',
        );
    },
  );

  test(
    'pages with offset and limit (default 0 and 50)',
    verifies(['ORD-SEARCH-PAGING-PARAMS', 'ORD-SEARCH-PAGING'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const first = await search(api, target, { seller });
      const { paging, sort } = first.body;
      expect(
        [paging?.offset, paging?.limit, sort?.id],
        `ORD-SEARCH-PAGING-PARAMS: ${first.label}: offset 0, limit 50 and date_asc by default`,
      ).toEqual([0, 50, 'date_asc']);
      const total = needed(target, paging?.total, 'the paging.total of the search', 'seed');
      const page = await search(api, target, { seller, offset: 1, limit: 2 });
      expect(
        page.results.map((order) => order.id),
        `ORD-SEARCH-PAGING-PARAMS: ${page.label}: the second and third results`,
      ).toEqual(first.results.slice(1, 3).map((order) => order.id));
      expect(page.body.paging, `ORD-SEARCH-PAGING: ${page.label}: paging`).toEqual({
        total,
        offset: 1,
        limit: 2,
      });
      for (const limit of [0, 101]) {
        const res = await api.call('searchOrders', { as: 'seller', query: { seller, limit } });
        expectErrorOf('ORD-SEARCH-PAGING-PARAMS', res, { status: 400, error: 'bad_request' }, target);
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
        expectErrorOf('ORD-SEARCH-ERRORS', res, { status: 400, error: 'bad_request' }, target);
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
        if (!acceptedOrRefused(res, target, { status: 403, error: 'caller.id.invalid' })) {
          expect(res.status, `ORD-READ-OWNER: ${res.label}: refused`).toBeGreaterThanOrEqual(400);
          continue;
        }
        // Every result the answer lists is judged, those leaving their id out included (H7).
        const { label, results } = searched(target, res);
        expectEachResult(target, ownerRule(target.users[as].id), label, results);
      }
    },
  );

  test(
    "answers caller.id.invalid to a search of another user's orders",
    verifies(['ORD-ERR-CALLER-ID-INVALID'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      for (const [as, query] of othersOrders(target)) {
        expectErrorOf(
          'ORD-ERR-CALLER-ID-INVALID',
          await api.call('searchOrders', { as, query }),
          { status: 403, error: 'caller.id.invalid', message: 'caller.id does not match buyer nor seller.' },
          target,
        );
      }
    },
  );

  test(
    'answers the token errors',
    verifies(['ORD-ERR-NOT-IDENTIFIED-USER', 'ORD-AUTH-SITE'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      // The order resource's not_identified_user, or Authentication 3's 403 access_token_not_granted.
      expectErrorOf(
        'ORD-ERR-NOT-IDENTIFIED-USER',
        await api.call('searchOrders', { as: 'anonymous', query: { seller } }),
        {
          status: 403,
          error: 'not_identified_user',
          statusIsGap: true,
          orElse: [{ status: 403, error: 'access_token_not_granted' }],
        },
        target,
      );
      // An unknown token belongs to no user: any client error (its status is a gap).
      const unknown = await api.call('searchOrders', {
        as: { token: 'APP_USR-0000-unknown-token' },
        query: { seller },
      });
      expectError(unknown, { status: 401, statusIsGap: true }, target);
      // Last, and without skipping: a profile without a user of such a site leaves only this rule unjudged.
      const offSite = rawProfile(target).users.unavailableSite;
      if (!offSite) {
        notJudged(
          'ORD-AUTH-SITE',
          'searchOrders',
          'the profile names no user of a site where the API is not available',
        );
        return;
      }
      const site = await api.call('searchOrders', { as: 'unavailableSite', query: { seller: offSite.id } });
      expectErrorOf('ORD-AUTH-SITE', site, { status: 403, error: 'forbidden' }, target);
    },
  );
});
