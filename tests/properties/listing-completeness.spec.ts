/**
 * Completeness of the catalog's listings and of the site search filters, read-only: every location,
 * category or item the target shows by another read is in the list or the filtered answer that must
 * hold it. The elements come from reads other than the list judged (a parent named by a child's read,
 * the items of a wider search), so a list that drops one is seen.
 */

import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt, hasStatus } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import { contains, type GeoBox, itemLocation, placesOf } from '../../lib/oracles/geo-range.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import { readLocation } from '../contract/support/locations.ts';
import { skipUnless } from '../contract/support/reference.ts';

type IdName = Schemas['IdName'];

/** The string ids of a list a read shows (an element without one is not read further). */
const stringIds = (list: readonly IdName[] | undefined): string[] =>
  (list ?? []).flatMap((node) => (typeof node.id === 'string' ? [node.id] : []));

type Level = 'states' | 'cities' | 'neighborhoods';
const READ = { states: 'getState', cities: 'getCity', neighborhoods: 'getNeighborhood' } as const;
const PARAM = { states: 'state_id', cities: 'city_id', neighborhoods: 'neighborhood_id' } as const;
const PARENT = { states: 'country', cities: 'state', neighborhoods: 'city' } as const;
const PARENT_READ = { country: 'getCountry', state: 'getState', city: 'getCity' } as const;
const PARENT_PARAM = { country: 'country_id', state: 'state_id', city: 'city_id' } as const;
const REQUIREMENT = {
  states: 'LOC-STATES-COMPLETE',
  cities: 'LOC-CITIES-COMPLETE',
  neighborhoods: 'LOC-NEIGHBORHOODS-COMPLETE',
} as const;
/** Locations read per level: enough to see a dropped element, few enough for a large country. */
const PER_LEVEL = 4;

/** The cities the site search's items name in their address (none when the search is not in the profile). */
async function citiesOfItems(api: ApiClient, target: TargetProfile): Promise<string[]> {
  const { search, siteId } = rawProfile(target).catalog ?? {};
  if (!search || !siteId) return [];
  const res = await api.call('searchSiteItems', {
    as: 'seller',
    path: { site_id: siteId },
    query: { category: search.category, item_location: itemLocation(search as GeoBox), limit: 10 },
  });
  if (!hasStatus(res, 200)) return [];
  const items = res.body.results ?? [];
  return [...new Set(items.map((i) => i.address?.city_id).filter((id): id is string => !!id))];
}

/** The parent a location's read names, and the children a location lists. */
type LocationBody = Partial<Record<'country' | 'state' | 'city', IdName>> & Partial<Record<Level, IdName[]>>;

test.describe('Classified locations: every child in its parent list', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should list every location in the list of the parent its read names',
    verifies(
      ['LOC-COUNTRIES-COMPLETE', 'LOC-STATES-COMPLETE', 'LOC-CITIES-COMPLETE', 'LOC-NEIGHBORHOODS-COMPLETE'],
      '@readonly',
    ),
    async ({ api, target }) => {
      const { catalog } = target;
      // The locations to read per level: the profile's (given or discovered through the lists), the
      // cities items of the site search name (a read that is not a list), then those the lists name.
      const raw = rawProfile(target).catalog ?? {};
      const toRead: Record<Level, string[]> = {
        states: [raw.stateId].filter((id): id is string => !!id),
        cities: [...(await citiesOfItems(api, target)), raw.cityId].filter((id): id is string => !!id),
        neighborhoods: [raw.neighborhoodId].filter((id): id is string => !!id),
      };
      const country = await readLocation(api, 'getCountry', { country_id: catalog.countryId });
      toRead.states.push(...stringIds(country.states));
      const lost: string[] = [];
      const countries = new Set<string>([catalog.countryId]);
      let judged = 0;
      for (const level of ['states', 'cities', 'neighborhoods'] as const) {
        for (const id of [...new Set(toRead[level])].slice(0, PER_LEVEL)) {
          const location: LocationBody = await readLocation(api, READ[level], { [PARAM[level]]: id });
          if (level === 'states') toRead.cities.push(...stringIds(location.cities));
          if (level === 'cities') toRead.neighborhoods.push(...stringIds(location.neighborhoods));
          const named = location.country?.id;
          if (typeof named === 'string' && named) countries.add(named);
          const parent = location[PARENT[level]]?.id;
          if (typeof parent !== 'string' || !parent) continue;
          const parentRead: LocationBody = await readLocation(api, PARENT_READ[PARENT[level]], {
            [PARENT_PARAM[PARENT[level]]]: parent,
          });
          const listed = (parentRead[level] ?? []).map((child) => child.id);
          judged += 1;
          if (!listed.includes(id))
            lost.push(`${REQUIREMENT[level]}: ${id} missing from ${level} of ${parent}`);
        }
      }
      const listed = await api.call('listCountries', { as: 'seller' });
      expect(listed.status, listed.label).toBe(200);
      const ids = new Set<unknown>(bodyAt(listed, 200).map((c) => c.id));
      for (const id of countries)
        if (!ids.has(id)) lost.push(`LOC-COUNTRIES-COMPLETE: ${id} missing from the countries`);
      expect(judged, 'locations judged').toBeGreaterThan(0);
      expect(lost).toEqual([]);
    },
  );
});

/** The listed categories: `{categories: [...]}` or the bare array production sends. */
const siteCategories = (body: Schemas['SiteCategories']): IdName[] =>
  Array.isArray(body) ? body : (body.categories ?? []);

test.describe('Categories: every category in its parent list', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    "should list every category among its parent's children and every top-level one in the site's",
    verifies(['CAT-CHILDREN-COMPLETE', 'CAT-SITE-COMPLETE'], '@readonly'),
    async ({ api, target }) => {
      const { catalog } = target;
      const reached = new Set([catalog.leafCategory, catalog.rootCategory]);
      const lost: string[] = [];
      const site = await api.call('listSiteCategories', { as: 'seller', path: { site_id: catalog.siteId } });
      expect(site.status, site.label).toBe(200);
      const topLevel = new Set(siteCategories(bodyAt(site, 200)).map((c) => c.id));
      for (const id of reached) {
        const res = await api.call('getCategory', { as: 'seller', path: { category_id: id } });
        expect(res.status, res.label).toBe(200);
        const given: IdName[] | undefined = bodyAt(res, 200).path_from_root;
        if (!given) continue;
        // Whether the path ends with the category itself is not stated (CAT-PATH-SELF is a gap): take both.
        const path = given.at(-1)?.id === id ? given : [...given, { id }];
        if (!topLevel.has(path[0]!.id))
          lost.push(`CAT-SITE-COMPLETE: ${path[0]!.id} (top of ${id}) missing from the site's categories`);
        const parent = path.at(-2);
        if (!parent) continue;
        const parentRead = await api.call('getCategory', {
          as: 'seller',
          path: { category_id: String(parent.id) },
        });
        // Another status than 200 shows no children (the parent's read is judged by the contract tests).
        const children = (hasStatus(parentRead, 200) ? (parentRead.body.children_categories ?? []) : []).map(
          (c) => c.id,
        );
        if (!children.includes(id))
          lost.push(`CAT-CHILDREN-COMPLETE: ${id} missing from the children of ${parent.id}`);
      }
      expect(lost).toEqual([]);
    },
  );
});

type Item = Schemas['ItemSearchResultItem'];

/** The largest page the target answers, halving from 50 (no maximum is shown). */
async function searchAll(api: ApiClient, target: TargetProfile, category: string, box: GeoBox) {
  for (let limit = 50; limit >= 1; limit = Math.floor(limit / 2)) {
    const res = await api.call('searchSiteItems', {
      as: 'seller',
      path: { site_id: target.catalog.siteId },
      query: { category, item_location: itemLocation(box), limit },
    });
    if (!hasStatus(res, 200)) continue;
    const page = res.body;
    const items = page.results ?? [];
    return { items, complete: Number(page.paging?.total ?? items.length) <= items.length };
  }
  return undefined;
}

/** A box strictly inside `outer` around one point. */
function around(outer: GeoBox, lat: number, lon: number): GeoBox {
  const d = 0.05;
  return {
    latMin: Math.max(outer.latMin, lat - d),
    latMax: Math.min(outer.latMax, lat + d),
    lonMin: Math.max(outer.lonMin, lon - d),
    lonMax: Math.min(outer.lonMax, lon + d),
  };
}

/** Inside by every coordinates the item shows, strictly (whether bounds are inclusive is not given). */
function surelyInside(box: GeoBox, item: Item): boolean {
  const places = placesOf(item);
  const strict = {
    latMin: box.latMin + 1e-9,
    latMax: box.latMax - 1e-9,
    lonMin: box.lonMin + 1e-9,
    lonMax: box.lonMax - 1e-9,
  };
  return places.length > 0 && places.every((p) => contains(strict, p.lat, p.lon));
}

test.describe('GET /sites/{site_id}/search: every match of a narrower filter', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should find with a narrower category or range every item of the wider search it selects',
    verifies(['SEARCH-CATEGORY-COMPLETE', 'SEARCH-LOCATION-COMPLETE'], '@readonly'),
    async ({ api, target }) => {
      const box = target.catalog.search;
      const wide = await searchAll(api, target, box.category, box);
      skipUnless(
        wide?.complete === true && wide.items.length > 0,
        'a site search whose matches fit one page',
        'catalog.search',
        'the search has no offset parameter: a wider search past one page cannot be held whole',
      );
      const lost: string[] = [];
      let draws = 0;
      let withMatches = 0;
      // Narrower ranges: around the coordinates of the items themselves.
      for (const item of wide!.items.slice(0, 3)) {
        const place = placesOf(item)[0];
        if (!place) continue;
        const narrow = around(box, place.lat, place.lon);
        const expected = wide!.items.filter((i) => surelyInside(narrow, i));
        const found = await searchAll(api, target, box.category, narrow);
        draws += 1;
        if (expected.length) withMatches += 1;
        if (!found?.complete) continue;
        const ids = new Set(found.items.map((i) => i.id));
        for (const i of expected.filter((e) => !ids.has(e.id)))
          lost.push(
            `SEARCH-LOCATION-COMPLETE: item ${i.id} missing from item_location=${itemLocation(narrow)}`,
          );
      }
      // Narrower categories: those of the items, when below the searched one.
      const categories = [
        ...new Set(
          wide!.items.map((i) => i.category_id).filter((c): c is string => typeof c === 'string' && !!c),
        ),
      ];
      for (const category of categories.filter((c) => c !== box.category).slice(0, 3)) {
        const found = await searchAll(api, target, category, box);
        const expected = wide!.items.filter((i) => i.category_id === category);
        draws += 1;
        if (expected.length) withMatches += 1;
        if (!found?.complete) continue;
        const ids = new Set(found.items.map((i) => i.id));
        for (const i of expected.filter((e) => !ids.has(e.id)))
          lost.push(
            `SEARCH-CATEGORY-COMPLETE: item ${i.id} of ${category} missing from category=${category}`,
          );
      }
      test.info().annotations.push({
        type: 'completeness',
        description: `${withMatches} of ${draws} draws had matches`,
      });
      skipUnless(
        withMatches > 0,
        'an item with coordinates or a narrower category',
        'catalog.search',
        'no draw had matches',
      );
      expect(lost).toEqual([]);
    },
  );
});
