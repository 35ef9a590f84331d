import {
  expect,
  expectJudgements,
  notJudged,
  type TargetProfile,
  test,
  verifies,
} from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { ApiResponse, Schemas } from '../../lib/client/types.ts';
import type { CatalogIds } from '../../lib/profile/types.ts';
import { locationRangeJudgement } from '../../lib/rules/geo-range.ts';
import { searchPagingJudgements } from '../../lib/rules/search-paging.ts';
import { needs } from './support/listed.ts';
import { skipUnless } from './support/reference.ts';

// Read-only: GET /sites/{site_id}/search with the profile's category and range.

type Item = Schemas['ItemSearchResultItem'];

function itemLocation({ search }: CatalogIds): string {
  return `lat:${search.latMin}_${search.latMax},lon:${search.lonMin}_${search.lonMax}`;
}

async function search(
  api: ApiClient,
  catalog: CatalogIds,
  limit: number | string,
  as: 'seller' | 'anonymous' = 'seller',
) {
  return api.call('searchSiteItems', {
    as,
    path: { site_id: catalog.siteId },
    query: { category: catalog.search.category, item_location: itemLocation(catalog), limit },
  });
}

/**
 * The first of `limits` the target answers with a page, and the answer. The maximum page size is not
 * shown: a foreign target may refuse a limit with a client error (a page of one is within any maximum);
 * the mock answers every limit up to its 50.
 */
async function answeredPage(
  api: ApiClient,
  target: TargetProfile,
  limits: number[],
): Promise<{ limit: number; res: ApiResponse<'searchSiteItems'> }> {
  for (const limit of [...limits, 1]) {
    const res = await search(api, target.catalog, limit);
    if (res.status === 200 || target.isMock || limit === 1) {
      expect(res.status, `${res.label}: a page of the profile's search`).toBe(200);
      return { limit, res };
    }
    expectError(res, { status: 400, statusIsGap: true }, target);
  }
  throw new Error('unreachable: limit=1 is always answered or failed');
}

/**
 * Whether a category is the searched one or lies below it (its path_from_root holds the searched one);
 * undefined when the category read leaves its path out (a listed field) on a foreign target.
 */
async function isInCategory(
  api: ApiClient,
  categoryId: string,
  searched: string,
  isMock: boolean,
): Promise<boolean | undefined> {
  if (categoryId === searched) return true;
  const res = await api.call('getCategory', { as: 'seller', path: { category_id: categoryId } });
  expect(res.status, `${res.label}: the category of a result can be read`).toBe(200);
  const path = bodyAt(res, 200).path_from_root;
  if (isMock) expect(path, `the mock's ${res.label} carries path_from_root`).toBeDefined();
  return path?.some((p) => p.id === searched);
}

/** The results of a site search, which the tests cannot do without (a listed field). */
function needsResults<T>(target: TargetProfile, results: T | undefined): asserts results is T {
  needs(target, results, 'the results of a site search', 'catalog.search', 'the search answered none');
}

/** SEARCH-SITE on a site_id the envelope or a result lists: judged where carried (always on the mock). */
function expectSite(target: TargetProfile, shown: unknown, instance: string): void {
  if (shown === undefined && !target.isMock)
    notJudged('SEARCH-SITE', instance, 'the answer leaves site_id out');
  else expect(shown, `SEARCH-SITE: ${instance}`).toBe(target.catalog.siteId);
}

/**
 * SEARCH-LOCATION-RANGE on one result, by the registry's rule. Which coordinates item_location filters
 * is not given: a result is inside when one of its points (location, seller_address) is; on the mock,
 * location (its choice).
 */
function expectInRange(target: TargetProfile, item: Item): void {
  const only = target.isMock ? 'location' : undefined;
  expectJudgements([locationRangeJudgement(target.catalog.search, item, only)]);
}

/** SEARCH-CATEGORY on the distinct categories of the results, judged where a result and its category read show them. */
async function expectInCategory(api: ApiClient, target: TargetProfile, items: Item[]): Promise<void> {
  const searched = target.catalog.search.category;
  for (const item of items.filter((i) => i.category_id === undefined)) {
    expect(target.isMock, `the mock's result ${item.id} carries category_id`).toBe(false);
    notJudged('SEARCH-CATEGORY', `result ${item.id}`, 'the result leaves category_id out');
  }
  const categories = new Set(
    items.flatMap((i) => (i.category_id === undefined ? [] : [String(i.category_id)])),
  );
  for (const categoryId of categories) {
    const inside = await isInCategory(api, categoryId, searched, target.isMock);
    if (inside === undefined)
      notJudged('SEARCH-CATEGORY', `category ${categoryId}`, 'its read leaves path_from_root out');
    else expect(inside, `SEARCH-CATEGORY: category ${categoryId} is ${searched} or below it`).toBe(true);
  }
}

test.describe('GET /sites/{site_id}/search', () => {
  test(
    'finds items of the category inside the range, no more than the limit',
    verifies(
      [
        'SEARCH-CATEGORY',
        'SEARCH-LOCATION-RANGE',
        'SEARCH-LIMIT',
        'SEARCH-SITE',
        'SEARCH-ENVELOPE-FIELDS',
        'SEARCH-RESULT-FIELDS',
      ],
      '@readonly',
      '@smoke',
    ),
    async ({ api, target }) => {
      const { limit, res } = await answeredPage(api, target, [10]);
      const body = bodyAt(res, 200);
      expectSite(target, body.site_id, 'the envelope');
      needsResults(target, body.results);
      if (target.isMock) expect(body.results.length, 'the seed range holds items').toBeGreaterThan(0);
      // Whether a category's search reaches the items of the categories below it is not shown.
      skipUnless(
        body.results.length > 0,
        'a category and range where the site search finds items',
        'catalog.search',
        'the search of the profile range answered no item',
      );
      expect(body.results.length, `SEARCH-LIMIT: ${res.label}`).toBeLessThanOrEqual(limit);
      for (const item of body.results) {
        expectSite(target, item.site_id, `result ${item.id}`);
        expectInRange(target, item);
      }
      await expectInCategory(api, target, body.results);
    },
  );

  for (const limit of [1, 2, 3]) {
    test(
      `answers at most ${limit} result(s) to limit=${limit}, with paging consistent with the page`,
      verifies(['SEARCH-LIMIT', 'SEARCH-PAGING'], '@readonly'),
      async ({ api, target }) => {
        const res = await search(api, target.catalog, limit);
        const body = bodyAt(res, 200);
        needsResults(target, body.results);
        expect(body.results.length, `SEARCH-LIMIT: ${res.label}`).toBeLessThanOrEqual(limit);
        expectJudgements(searchPagingJudgements(body.paging, body.results.length, res.label, target.isMock));
      },
    );
  }

  test(
    'keeps the total when the limit changes and fills the page when more match',
    verifies(['SEARCH-LIMIT', 'SEARCH-PAGING'], '@readonly'),
    async ({ api, target }) => {
      const one = bodyAt(await search(api, target.catalog, 1), 200);
      const { limit, res } = await answeredPage(api, target, [10, 5, 2]);
      const many = bodyAt(res, 200);
      const where = 'catalog.search';
      const why = 'the search answered none';
      needs(target, one.paging?.total, 'the paging total of a site search', where, why);
      needs(target, many.paging?.total, 'the paging total of a site search', where, why);
      needs(target, one.results, 'the results of a site search', where, why);
      if (limit === 1)
        notJudged('SEARCH-PAGING', res.label, 'the target answers no limit above 1 to compare totals with');
      else
        expect(one.paging?.total, `SEARCH-PAGING: total of limit=1 and limit=${limit}`).toBe(
          many.paging?.total,
        );
      expect(one.results.length, 'SEARCH-LIMIT: one result when at least one matches').toBe(
        Math.min(1, Number(one.paging?.total)),
      );
    },
  );
});

test.describe('GET /sites/{site_id}/search on the mock', () => {
  // The seed (fixtures/data/items.json) puts MLB100000006 on lat_min and MLB100000007 on the lat_max/lon_min corner.
  test(
    'includes the bounds of the range and the items of descendant categories',
    verifies(['SEARCH-LOCATION-INCLUSIVE', 'SEARCH-CATEGORY-DESCENDANTS'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      const ids = bodyAt(await search(api, seed.catalog, 50), 200).results?.map((item) => item.id);
      expect(ids, 'SEARCH-LOCATION-INCLUSIVE: MLB100000006 on lat_min, MLB100000007 on a corner').toEqual(
        expect.arrayContaining(['MLB100000006', 'MLB100000007']),
      );
      // Every seed item of the range lies in a category below the searched MLB1000.
      expect(ids?.sort(), 'SEARCH-CATEGORY-DESCENDANTS: the items of MLB1000 and below in the range').toEqual(
        ['MLB100000001', 'MLB100000002', 'MLB100000006', 'MLB100000007'],
      );
    },
  );

  test(
    'echoes the limit in paging and uses 50 when none is sent',
    verifies(['SEARCH-PAGE-SIZE'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      const limited = bodyAt(await search(api, seed.catalog, 2), 200);
      expect([limited.paging, limited.results?.length]).toEqual([{ total: 4, offset: 0, limit: 2 }, 2]);
      const res = await api.call('searchSiteItems', { path: { site_id: seed.catalog.siteId } });
      expect(bodyAt(res, 200).paging?.limit).toBe(50);
    },
  );

  const malformed: [string, Record<string, string>][] = [
    ['item_location without lon', { item_location: 'lat:-24_-23' }],
    ['item_location with words', { item_location: 'lat:south_north,lon:-47_-46' }],
    ['item_location with min above max', { item_location: 'lat:-23_-24,lon:-47_-46' }],
    ['item_location out of the globe', { item_location: 'lat:-95_-23,lon:-47_-46' }],
    ['limit 0', { limit: '0' }],
    ['limit 51', { limit: '51' }],
    ['limit not a number', { limit: 'ten' }],
    ['limit negative', { limit: '-1' }],
  ];
  for (const [what, query] of malformed) {
    test(
      `answers 400 bad_request to ${what}`,
      verifies(['SEARCH-ERR-BAD-PARAMS'], '@readonly', '@mock-only'),
      async ({ api, target, seed }) => {
        const res = await api.call('searchSiteItems', { path: { site_id: seed.catalog.siteId }, query });
        expectError(res, { status: 400, error: 'bad_request', statusIsGap: true }, target);
      },
    );
  }

  test(
    'answers 404 to an unknown site and 400 invalid_id to a malformed one',
    verifies(['SEARCH-ERR-BAD-PARAMS'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const unknown = await api.call('searchSiteItems', { path: { site_id: 'MZZ' } });
      expectError(
        unknown,
        { status: 404, error: 'not_found', message: 'Site not found', statusIsGap: true },
        target,
      );
      const malformed = await api.call('searchSiteItems', { path: { site_id: 'mlb' } });
      expectError(malformed, { status: 400, error: 'invalid_id', statusIsGap: true }, target);
    },
  );
});

test.describe('GET /sites/{site_id}/search: tokens', () => {
  test(
    'answers a call with a token and one without, each with a documented status',
    verifies(['CATALOG-TOKEN-ANSWERED'], '@readonly'),
    async ({ api, target }) => {
      expect((await search(api, target.catalog, 5)).status, 'with a token').toBe(200);
      const without = await search(api, target.catalog, 5, 'anonymous');
      if (without.status !== 200)
        expectError(without, { status: 403, error: 'access_token_not_granted' }, target);
    },
  );

  test(
    'answers the same with and without a token',
    verifies(['CATALOG-TOKEN-OPTIONAL-MOCK'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      const withToken = await search(api, seed.catalog, 5);
      const without = await search(api, seed.catalog, 5, 'anonymous');
      expect([without.status, without.body]).toEqual([200, withToken.body]);
    },
  );
});
