/**
 * Completeness of the catalog's listings and of the site search filters, read-only: every location,
 * category or item the target shows by another read is in the list or the filtered answer that must
 * hold it. The elements come from reads other than the list judged (a parent named by a child's read,
 * the items of a wider search), so a list that drops one is seen.
 */

import {
  expectHot,
  expectRulesAfter,
  notJudged,
  type TargetProfile,
  test,
  verifies,
} from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt, hasStatus } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import { type GeoBox, itemLocation, placesOf } from '../../lib/rules/geo-range.ts';
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
      const countries = new Set<string>([catalog.countryId]);
      for (const level of ['states', 'cities', 'neighborhoods'] as const) {
        const requirement = REQUIREMENT[level];
        for (const id of [...new Set(toRead[level])].slice(0, PER_LEVEL)) {
          const location: LocationBody = await readLocation(api, READ[level], { [PARAM[level]]: id });
          if (level === 'states') toRead.cities.push(...stringIds(location.cities));
          if (level === 'cities') toRead.neighborhoods.push(...stringIds(location.neighborhoods));
          const named = location.country?.id;
          if (typeof named === 'string' && named) countries.add(named);
          const parent = location[PARENT[level]]?.id;
          if (typeof parent !== 'string' || !parent) {
            notJudged(requirement, `${id}`, `the read leaves its ${PARENT[level]} out`);
            continue;
          }
          const parentRead: LocationBody = await readLocation(api, PARENT_READ[PARENT[level]], {
            [PARENT_PARAM[PARENT[level]]]: parent,
          });
          const listed = parentRead[level];
          if (listed === undefined)
            notJudged(requirement, `${id}`, `the read of ${parent} leaves ${level} out`);
          else
            expectHot(
              listed.map((child) => child.id),
              `${requirement}: ${id} in the ${level} of ${parent}`,
            ).toContain(id);
        }
      }
      const listed = await api.call('listCountries', { as: 'seller' });
      expectHot(listed.status, listed.label).toBe(200);
      const ids = bodyAt(listed, 200).map((c) => c.id);
      for (const id of countries)
        expectHot(ids, `LOC-COUNTRIES-COMPLETE: ${id} in the countries`).toContain(id);
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
      const site = await api.call('listSiteCategories', { as: 'seller', path: { site_id: catalog.siteId } });
      expectHot(site.status, site.label).toBe(200);
      const topLevel = siteCategories(bodyAt(site, 200)).map((c) => c.id);
      for (const id of reached) {
        const res = await api.call('getCategory', { as: 'seller', path: { category_id: id } });
        expectHot(res.status, res.label).toBe(200);
        const given: IdName[] | undefined = bodyAt(res, 200).path_from_root;
        if (!given) {
          notJudged('CAT-SITE-COMPLETE', `category ${id}`, 'the read leaves path_from_root out');
          notJudged('CAT-CHILDREN-COMPLETE', `category ${id}`, 'the read leaves path_from_root out');
          continue;
        }
        // Whether the path ends with the category itself is not stated (CAT-PATH-SELF is a gap): take both.
        const path = given.at(-1)?.id === id ? given : [...given, { id }];
        const top = path[0]!.id;
        expectHot(topLevel, `CAT-SITE-COMPLETE: ${top} (top of ${id}) in the site's categories`).toContain(
          top,
        );
        const parent = path.at(-2);
        if (!parent) continue;
        const parentRead = await api.call('getCategory', {
          as: 'seller',
          path: { category_id: String(parent.id) },
        });
        // Another status than 200 shows no children (the parent's read is judged by the contract tests).
        const children = hasStatus(parentRead, 200) ? parentRead.body.children_categories : [];
        if (children === undefined)
          notJudged(
            'CAT-CHILDREN-COMPLETE',
            `category ${id}`,
            `the read of ${parent.id} leaves its children out`,
          );
        else
          expectHot(
            children.map((c) => c.id),
            `CAT-CHILDREN-COMPLETE: ${id} among the children of ${parent.id}`,
          ).toContain(id);
      }
    },
  );
});

type Item = Schemas['ItemSearchResultItem'];
type Answer = { exchange: Exchange; label: string };

/** The largest page the target answers, halving from 50 (no maximum is shown); no box: the category only. */
async function searchAll(api: ApiClient, target: TargetProfile, category: string, box?: GeoBox) {
  for (let limit = 50; limit >= 1; limit = Math.floor(limit / 2)) {
    const res = await api.call('searchSiteItems', {
      as: 'seller',
      path: { site_id: target.catalog.siteId },
      query: { category, ...(box ? { item_location: itemLocation(box) } : {}), limit },
    });
    if (!hasStatus(res, 200)) continue;
    const page = res.body;
    const items = page.results ?? [];
    return {
      answer: res as Answer,
      items,
      complete: Number(page.paging?.total ?? items.length) <= items.length,
    };
  }
  return undefined;
}

/** A small box around one point, inside `outer` when the wider search had a box. */
function around(lat: number, lon: number, outer?: GeoBox): GeoBox {
  const d = 0.05;
  const box = { latMin: lat - d, latMax: lat + d, lonMin: lon - d, lonMax: lon + d };
  if (!outer) return box;
  return {
    latMin: Math.max(outer.latMin, box.latMin),
    latMax: Math.min(outer.latMax, box.latMax),
    lonMin: Math.max(outer.lonMin, box.lonMin),
    lonMax: Math.min(outer.lonMax, box.lonMax),
  };
}

// The test asks; the registry judges (lib/rules/search-narrowing.ts), here on the answers it asked for
// and in the run's judge on every pair of the run's searches.
test.describe('GET /sites/{site_id}/search: every match of a narrower filter', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should find with a narrower category or range every item of the wider search it selects',
    verifies(['SEARCH-CATEGORY-COMPLETE', 'SEARCH-LOCATION-COMPLETE'], '@readonly'),
    async ({ api, target }) => {
      const box = target.catalog.search;
      // Wider than any box: the category alone, where its matches fit one page; else the profile's box.
      const unboxed = await searchAll(api, target, box.category);
      const wide = unboxed?.complete ? unboxed : await searchAll(api, target, box.category, box);
      skipUnless(
        wide?.complete === true && wide.items.length > 0,
        'a site search whose matches fit one page',
        'catalog.search',
        'the search has no offset parameter: a wider search past one page cannot be held whole',
      );
      const judge = (found: Awaited<ReturnType<typeof searchAll>>, ...ids: string[]) => {
        if (found) expectRulesAfter([wide!.answer], found.answer, ...ids);
        else for (const id of ids) notJudged(id, 'a narrower search', 'the target answered no page of it');
      };
      // Narrower ranges: around the coordinates of the items themselves.
      for (const item of wide!.items.slice(0, 3)) {
        const place = placesOf(item as Item)[0];
        if (!place) {
          notJudged(
            'SEARCH-LOCATION-COMPLETE',
            `item ${item.id}`,
            'the item carries no coordinates to search around',
          );
          continue;
        }
        judge(
          await searchAll(
            api,
            target,
            box.category,
            around(place.lat, place.lon, wide === unboxed ? undefined : box),
          ),
          'SEARCH-LOCATION-COMPLETE',
        );
      }
      // Narrower categories: those of the items, when another than the searched one.
      const categories = [
        ...new Set(
          wide!.items.map((i) => i.category_id).filter((c): c is string => typeof c === 'string' && !!c),
        ),
      ];
      for (const category of categories.filter((c) => c !== box.category).slice(0, 3))
        judge(
          await searchAll(api, target, category, wide === unboxed ? undefined : box),
          'SEARCH-CATEGORY-COMPLETE',
        );
    },
  );
});
