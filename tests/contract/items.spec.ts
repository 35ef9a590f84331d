import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import type { CatalogIds } from '../../lib/profile/types.ts';
import { needs } from './support/listed.ts';
import { judged, notVerifiedPart, skipUnless } from './support/reference.ts';

// Read-only: GET /sites/{site_id}/search with the profile's category and range.

type Item = Schemas['ItemSearchResultItem'];

type Range = CatalogIds['search'];

/** The coordinates an item carries: location's and seller_address's, where both are numbers. */
function pointsOf(
  item: Partial<Pick<Item, 'location' | 'seller_address'>>,
): { latitude: number; longitude: number }[] {
  return [item.location, item.seller_address].flatMap((point) =>
    typeof point?.latitude === 'number' && typeof point.longitude === 'number'
      ? [{ latitude: point.latitude, longitude: point.longitude }]
      : [],
  );
}

const insideRange = (range: Range) => (point: { latitude: number; longitude: number }) =>
  point.latitude >= range.latMin &&
  point.latitude <= range.latMax &&
  point.longitude >= range.lonMin &&
  point.longitude <= range.lonMax;

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
  if (path === undefined && !isMock) return undefined;
  return (path ?? []).some((p) => p.id === searched);
}

/** The results of a site search, which the tests cannot do without (a listed field). */
function needsResults<T>(target: TargetProfile, results: T | undefined): asserts results is T {
  needs(target, results, 'the results of a site search', 'catalog.search', 'the search answered none');
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
      const res = await search(api, target.catalog, 10);
      expect(res.status).toBe(200);
      const body = bodyAt(res, 200);
      const { search: range, siteId } = target.catalog;
      // Listed fields (site_id, category_id, coordinates) are judged where the answer carries them.
      if (judged(target, body.site_id)) expect(body.site_id, 'SEARCH-SITE: envelope').toBe(siteId);
      needsResults(target, body.results);
      if (target.isMock) expect(body.results.length, 'the seed range holds items').toBeGreaterThan(0);
      // Whether a category's search reaches the items of the categories below it is not shown.
      skipUnless(
        body.results.length > 0,
        'a category and range where the site search finds items',
        'catalog.search',
        'the search of the profile range answered no item',
      );
      expect(body.results.length, 'SEARCH-LIMIT').toBeLessThanOrEqual(10);
      // Which coordinates item_location filters is not given: an item is inside when one of its
      // points (location, seller_address) is; on the mock, location (its choice) must be.
      let located = 0;
      for (const item of body.results) {
        if (judged(target, item.site_id)) expect(item.site_id, `SEARCH-SITE: ${item.id}`).toBe(siteId);
        const points = target.isMock ? pointsOf({ ...item, seller_address: undefined }) : pointsOf(item);
        if (points.length === 0 && !target.isMock) continue;
        located += 1;
        expect(
          points.some(insideRange(range)),
          `SEARCH-LOCATION-RANGE: ${item.id} at ${JSON.stringify(points)} inside ${JSON.stringify(range)}`,
        ).toBe(true);
      }
      if (located === 0) notVerifiedPart('SEARCH-LOCATION-RANGE: no result carries numeric coordinates');
      let categorized = 0;
      for (const categoryId of new Set(body.results.map((item) => item.category_id))) {
        if (categoryId === undefined && !target.isMock) continue;
        const inside = await isInCategory(api, String(categoryId ?? ''), range.category, target.isMock);
        if (inside === undefined) continue;
        categorized += 1;
        expect(inside, `SEARCH-CATEGORY: ${categoryId} is ${range.category} or below it`).toBe(true);
      }
      if (categorized === 0) notVerifiedPart('SEARCH-CATEGORY: no result carries a category to judge');
    },
  );

  for (const limit of [1, 2, 3]) {
    test(
      `answers at most ${limit} result(s) to limit=${limit}, with paging consistent with the page`,
      verifies(['SEARCH-LIMIT', 'SEARCH-PAGING'], '@readonly'),
      async ({ api, target }) => {
        const body = bodyAt(await search(api, target.catalog, limit), 200);
        needsResults(target, body.results);
        expect(body.results.length, 'SEARCH-LIMIT').toBeLessThanOrEqual(limit);
        // paging's fields are listed: judged where the answer carries them (always on the mock).
        const paging = body.paging;
        const pageLimit = paging?.limit;
        if (judged(target, pageLimit))
          expect(body.results.length, 'SEARCH-PAGING: results within paging.limit').toBeLessThanOrEqual(
            Number(pageLimit),
          );
        const [total, offset] = [paging?.total, paging?.offset];
        if (judged(target, total) && judged(target, offset))
          expect(total, 'SEARCH-PAGING: total counts this page').toBeGreaterThanOrEqual(
            Number(offset) + body.results.length,
          );
        else notVerifiedPart('SEARCH-PAGING: the answer carries no paging total and offset');
      },
    );
  }

  test(
    'keeps the total when the limit changes and fills the page when more match',
    verifies(['SEARCH-LIMIT', 'SEARCH-PAGING'], '@readonly'),
    async ({ api, target }) => {
      const one = bodyAt(await search(api, target.catalog, 1), 200);
      const many = bodyAt(await search(api, target.catalog, 10), 200);
      const where = 'catalog.search';
      needs(
        target,
        one.paging?.total,
        'the paging total of a site search',
        where,
        'the search answered none',
      );
      needs(
        target,
        many.paging?.total,
        'the paging total of a site search',
        where,
        'the search answered none',
      );
      needs(target, one.results, 'the results of a site search', where, 'the search answered none');
      expect(one.paging?.total, 'SEARCH-PAGING: total does not depend on the limit').toBe(many.paging?.total);
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
      const body = bodyAt(await search(api, seed.catalog, 50), 200);
      expect(body.results?.map((item) => item.id).sort()).toEqual([
        'MLB100000001',
        'MLB100000002',
        'MLB100000006',
        'MLB100000007',
      ]);
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
