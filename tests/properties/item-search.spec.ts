import fc from 'fast-check';
import type { ApiClient } from '../../fixtures/api/client.ts';
import type { Spec } from '../../fixtures/conformance/spec.ts';
import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { contains, type GeoBox, itemLocation, nestedBoxes, subBox } from './arbitraries/geoRange.ts';

// Read-only: GET /sites/{site_id}/search over sub-ranges of the profile's search box.

interface SearchPage {
  paging: { total: number; offset: number; limit: number };
  results: { id: string; category_id: string; location: { latitude: number; longitude: number } }[];
}

/** The largest page the spec states (x-limits: the reference shows none, the mock's is given), else 50. */
function maxLimit(spec: Spec): number {
  const operation = spec.operation('searchSiteItems').operation as { 'x-limits'?: { limitMax?: number } };
  return operation['x-limits']?.limitMax ?? 50;
}

/** The page sizes to try: 1 to the stated maximum, small ones often. */
function limits(spec: Spec): fc.Arbitrary<number> {
  // Small limits often: a limit below the number of matches is where an off-by-one shows.
  return fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: maxLimit(spec) }));
}

async function search(
  api: ApiClient,
  target: TargetProfile,
  box: GeoBox,
  limit: number,
): Promise<SearchPage> {
  const { siteId, search: profile } = target.catalog;
  const res = await api.call('searchSiteItems', {
    as: 'seller',
    path: { site_id: siteId },
    query: { category: profile.category, item_location: itemLocation(box), limit },
  });
  expect(res.status, res.label).toBe(200);
  return res.body as SearchPage;
}

/** Whether a category is the searched one or below it, read once per test. */
function categoryMembership(api: ApiClient, searched: string): (categoryId: string) => Promise<boolean> {
  const known = new Map<string, boolean>([[searched, true]]);
  return async (categoryId) => {
    const cached = known.get(categoryId);
    if (cached !== undefined) return cached;
    const res = await api.call('getCategory', { as: 'seller', path: { category_id: categoryId } });
    expect(res.status, `${res.label}: the category of a result can be read`).toBe(200);
    const below = (res.body as { path_from_root: { id: string }[] }).path_from_root.some(
      (p) => p.id === searched,
    );
    known.set(categoryId, below);
    return below;
  };
}

test.describe('GET /sites/{site_id}/search over sub-ranges', () => {
  test(
    'should answer only items of the category inside any sub-range, never more than the limit',
    verifies(['SEARCH-LOCATION-RANGE', 'SEARCH-CATEGORY', 'SEARCH-LIMIT', 'SEARCH-PAGING'], '@readonly'),
    async ({ api, spec, target, property }) => {
      const { search: profile } = target.catalog;
      const inCategory = categoryMembership(api, profile.category);
      await property(
        fc.asyncProperty(subBox(profile), limits(spec), async (box, limit) => {
          const page = await search(api, target, box, limit);
          const where = `item_location=${itemLocation(box)} limit=${limit}`;
          expect(page.results.length, `SEARCH-LIMIT: ${where}`).toBeLessThanOrEqual(limit);
          expect(
            page.results.length,
            `SEARCH-PAGING: results within paging.limit (${where})`,
          ).toBeLessThanOrEqual(page.paging.limit);
          expect(page.paging.total, `SEARCH-PAGING: total covers the page (${where})`).toBeGreaterThanOrEqual(
            page.paging.offset + page.results.length,
          );
          for (const item of page.results) {
            const { latitude, longitude } = item.location;
            expect(
              contains(box, latitude, longitude),
              `SEARCH-LOCATION-RANGE: ${item.id} at ${latitude},${longitude} (${where})`,
            ).toBe(true);
            expect(
              await inCategory(item.category_id),
              `SEARCH-CATEGORY: ${item.id} of ${item.category_id} (${where})`,
            ).toBe(true);
          }
        }),
        12,
      );
    },
  );

  test(
    'should never find more when the range narrows',
    verifies(['SEARCH-LOCATION-RANGE', 'SEARCH-PAGING'], '@readonly'),
    async ({ api, spec, target, property }) => {
      const max = maxLimit(spec);
      await property(
        fc.asyncProperty(nestedBoxes(target.catalog.search), async ({ wide, narrow }) => {
          const [outer, inner] = [
            await search(api, target, wide, max),
            await search(api, target, narrow, max),
          ];
          const where = `${itemLocation(narrow)} inside ${itemLocation(wide)}`;
          expect(inner.paging.total, `SEARCH-LOCATION-RANGE: total of ${where}`).toBeLessThanOrEqual(
            outer.paging.total,
          );
          // A complete first page lists every match: the narrow matches are among its results. Past one page,
          // the narrow matches must at least lie inside the narrow range, hence inside the wide one.
          if (outer.paging.total > outer.results.length) {
            const outside = inner.results.filter(
              (i) => !contains(narrow, i.location.latitude, i.location.longitude),
            );
            expect(
              outside.map((i) => i.id),
              `SEARCH-LOCATION-RANGE: results of ${where} outside it`,
            ).toEqual([]);
            return;
          }
          const wideIds = new Set(outer.results.map((item) => item.id));
          const added = inner.results.filter((item) => !wideIds.has(item.id)).map((item) => item.id);
          expect(added, `SEARCH-LOCATION-RANGE: results of ${where} that the wide range lacks`).toEqual([]);
        }),
        10,
      );
    },
  );
});
