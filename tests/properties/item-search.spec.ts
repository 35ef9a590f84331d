import fc from 'fast-check';
import {
  expect,
  expectHot,
  expectJudgements,
  notJudged,
  type TargetProfile,
  test,
  verifies,
} from '../../fixtures/index.ts';
import type { Spec } from '../../lib/checks/spec.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { type BodyAt, bodyAt } from '../../lib/client/typed.ts';
import type { ApiResponse } from '../../lib/client/types.ts';
import {
  type GeoBox,
  itemLocation,
  locationRangeJudgement,
  nestedBoxes,
  type Placed,
  placesOf,
  subBox,
} from '../../lib/rules/geo-range.ts';
import { searchPagingJudgements } from '../../lib/rules/search-paging.ts';
import { type Carrying, has } from '../contract/support/listed.ts';

// Read-only: GET /sites/{site_id}/search over sub-ranges of the profile's search box.
// The reference leaves open the page sizes (no maximum or default shown), which coordinates of a
// result item_location applies to (location or seller_address), and the search's errors: on a foreign
// target a limit may be refused with a client error, and a result lies in the range by either set of
// coordinates. Every 200 is judged in full. The mock's own choices (limit up to 50, location) are held
// on the mock only.

type SearchPage = BodyAt<'searchSiteItems', 200>;
type SearchItem = NonNullable<SearchPage['results']>[number];

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

function search(
  api: ApiClient,
  target: TargetProfile,
  box: GeoBox,
  limit: number,
): Promise<ApiResponse<'searchSiteItems'>> {
  const { siteId, search: profile } = target.catalog;
  return api.call('searchSiteItems', {
    as: 'seller',
    path: { site_id: siteId },
    query: { category: profile.category, item_location: itemLocation(box), limit },
  });
}

/**
 * The limits a target answered and refused. The reference names a maximum page size without giving
 * it: every limit up to it is a page size, so a page of one is always one, and a limit refused is
 * above every limit answered.
 */
class PageSizes {
  private readonly answered = new Set<number>();
  private readonly refused = new Set<number>();

  /** Judges one answer's status to limit=`limit`; true when it is a page to judge. */
  record(res: ApiResponse, limit: number, target: TargetProfile): boolean {
    const what = `${res.label} answered ${res.status} ${res.shown.slice(0, 200)}`;
    if (res.status === 200) {
      const below = [...this.refused].filter((refused) => refused < limit);
      expectHot(
        below,
        `SEARCH-LIMIT: ${what}; a smaller limit was refused, so ${limit} is above the maximum page size`,
      ).toEqual([]);
      this.answered.add(limit);
      return true;
    }
    // The mock's maximum is the spec's; a foreign target's is not shown, but a page of one is within any.
    expectHot(target.isMock || limit === 1 ? [200] : [200, '4xx'], what).toContain(
      res.status >= 400 && res.status < 500 ? '4xx' : res.status,
    );
    const above = [...this.answered].filter((answered) => answered > limit);
    expectHot(
      above,
      `SEARCH-LIMIT: ${what}; a larger limit was answered 200, so ${limit} is a page size`,
    ).toEqual([]);
    notJudged('SEARCH-LIMIT', res.label, 'the limit was refused (the maximum page size is not shown)');
    this.refused.add(limit);
    return false;
  }
}

/** The largest limit the target answers (the spec's maximum on the mock), halving from that maximum. */
async function largestPageSize(api: ApiClient, spec: Spec, target: TargetProfile): Promise<number> {
  const sizes = new PageSizes();
  for (let limit = maxLimit(spec); ; limit = Math.ceil(limit / 2)) {
    if (sizes.record(await search(api, target, target.catalog.search, limit), limit, target)) return limit;
  }
}

/**
 * Whether a category is the searched one or below it, read once per test; undefined where its read
 * leaves path_from_root out (a listed field: the rule cannot be applied to it).
 */
function categoryMembership(
  api: ApiClient,
  searched: string,
): (categoryId: string) => Promise<boolean | undefined> {
  const known = new Map<string, boolean | undefined>([[searched, true]]);
  return async (categoryId) => {
    if (known.has(categoryId)) return known.get(categoryId);
    const res = await api.call('getCategory', { as: 'seller', path: { category_id: categoryId } });
    expectHot(res.status, `${res.label}: the category of a result can be read`).toBe(200);
    const below = bodyAt(res, 200).path_from_root?.some((p) => p.id === searched);
    known.set(categoryId, below);
    return below;
  };
}

/** A small range inside `outer` around the first coordinates an item shows (none when it shows none). */
function aroundItem(outer: GeoBox, item: Placed): GeoBox[] {
  const place = placesOf(item)[0];
  if (!place) return [];
  const d = 0.05;
  return [
    {
      latMin: Math.max(outer.latMin, place.lat - d),
      latMax: Math.min(outer.latMax, place.lat + d),
      lonMin: Math.max(outer.lonMin, place.lon - d),
      lonMax: Math.min(outer.lonMax, place.lon + d),
    },
  ];
}

/** SEARCH-LIMIT and SEARCH-PAGING for one page, judged where paging shows its fields. */
function expectPageWithinLimits(page: Carrying<SearchPage, 'results'>, limit: number, where: string): void {
  const held = page.results.length;
  expectHot(held, `SEARCH-LIMIT: ${where}`).toBeLessThanOrEqual(limit);
  expectJudgements(searchPagingJudgements(page.paging, held, where, false));
}

test.describe('GET /sites/{site_id}/search over sub-ranges', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should answer only items of the category inside any sub-range, never more than the limit',
    verifies(['SEARCH-LOCATION-RANGE', 'SEARCH-CATEGORY', 'SEARCH-LIMIT', 'SEARCH-PAGING'], '@readonly'),
    async ({ api, spec, target, property }) => {
      const { search: profile } = target.catalog;
      const inCategory = categoryMembership(api, profile.category);
      const sizes = new PageSizes();
      const placed = target.isMock ? 'location' : undefined;
      const check = async (box: GeoBox, limit: number): Promise<SearchItem[]> => {
        const res = await search(api, target, box, limit);
        if (!sizes.record(res, limit, target)) return [];
        const page = bodyAt(res, 200);
        const where = `item_location=${itemLocation(box)} limit=${limit}`;
        // results is listed: a page without it has nothing to judge.
        if (target.isMock) expectHot(page.results, `the mock sends results (${where})`).toBeDefined();
        if (!has(page, 'results')) {
          notJudged('SEARCH-LOCATION-RANGE', where, 'the answer leaves results out');
          return [];
        }
        expectPageWithinLimits(page, limit, where);
        for (const item of page.results) await expectResultRules(item, box, where);
        return page.results;
      };
      const expectResultRules = async (item: SearchItem, box: GeoBox, where: string) => {
        expectJudgements([locationRangeJudgement(box, item, placed)]);
        if (item.category_id === undefined) {
          expectHot(target.isMock, `the mock's result ${item.id} carries category_id`).toBe(false);
          notJudged('SEARCH-CATEGORY', `result ${item.id}`, 'the result leaves category_id out');
          return;
        }
        const inside = await inCategory(String(item.category_id));
        if (inside === undefined)
          notJudged('SEARCH-CATEGORY', `category ${item.category_id}`, 'its read leaves path_from_root out');
        else expectHot(inside, `SEARCH-CATEGORY: ${item.id} of ${item.category_id} (${where})`).toBe(true);
      };
      // The whole range once: the profile's range is one where the search finds items; then ranges
      // drawn around the items it found, which are not empty (audit B8), and random sub-ranges.
      const found = await check(profile, 5);
      for (const box of found.flatMap((item) => aroundItem(profile, item)).slice(0, 2)) await check(box, 5);
      await property(
        fc.asyncProperty(subBox(profile), limits(spec), async (box, limit) => void (await check(box, limit))),
        12,
      );
    },
  );

  test(
    'should never find more when the range narrows',
    verifies(['SEARCH-LOCATION-RANGE', 'SEARCH-PAGING'], '@readonly'),
    async ({ api, spec, target, property }) => {
      const size = await largestPageSize(api, spec, target);
      const placed = target.isMock ? 'location' : undefined;
      await property(
        fc.asyncProperty(nestedBoxes(target.catalog.search), async ({ wide, narrow }) => {
          const [wideRes, narrowRes] = [
            await search(api, target, wide, size),
            await search(api, target, narrow, size),
          ];
          const where = `${itemLocation(narrow)} inside ${itemLocation(wide)}`;
          expectHot([wideRes.status, narrowRes.status], `${where}: a page size the target answered`).toEqual([
            200, 200,
          ]);
          const [outer, inner] = [bodyAt(wideRes, 200), bodyAt(narrowRes, 200)];
          const [outerTotal, innerTotal] = [outer.paging?.total, inner.paging?.total];
          // A total or a result set that did not grow holds for a search that ignores the range too: only a
          // breach of them judges; a held judgement comes from a result's own coordinates.
          if (Number(innerTotal) > Number(outerTotal))
            expectHot(innerTotal, `SEARCH-LOCATION-RANGE: total of ${where}`).toBeLessThanOrEqual(
              Number(outerTotal),
            );
          // results is listed: a pair of pages without it has nothing more to judge (always there on the mock).
          if (target.isMock)
            expect([outer.results, inner.results], `${where}: results`).not.toContain(undefined);
          if (!has(outer, 'results') || !has(inner, 'results')) {
            notJudged('SEARCH-LOCATION-RANGE', where, 'an answer leaves results out');
            return;
          }
          if (inner.results.length === 0) {
            notJudged(
              'SEARCH-LOCATION-RANGE',
              `results of ${where}`,
              'the narrow range found no result to judge',
            );
            return;
          }
          // A complete first page lists every match: the narrow matches are among its results.
          const wideIds = new Set(outer.results.map((item) => item.id));
          const added = inner.results.filter((item) => !wideIds.has(item.id)).map((item) => item.id);
          const complete = outerTotal !== undefined && Number(outerTotal) <= outer.results.length;
          if (complete && added.length > 0)
            expectHot(added, `SEARCH-LOCATION-RANGE: results of ${where} that the wide range lacks`).toEqual(
              [],
            );
          expectJudgements(inner.results.map((item) => locationRangeJudgement(narrow, item, placed)));
        }),
        10,
      );
    },
  );
});
