/**
 * SEARCH-LOCATION-COMPLETE and SEARCH-CATEGORY-COMPLETE as one rule of the registry: a site search
 * with a narrower filter finds every item of a wider search of the run that it selects. The wider search
 * may leave the filter out altogether (a box that finds nothing, a category lost in a parser, is then
 * seen), and the two may come in either order. Judged only where both are whole (offset 0, the total
 * within the page) and ask the same of everything else (`q`, the other filters; sort and paging aside).
 */

import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import {
  contains,
  type GeoBox,
  itemLocation,
  type Placed,
  parseItemLocation,
  placesOf,
} from './geo-range.ts';
import { isObject, type Json, list, onOperations, successBody, verdict } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

const AT_THE_SIDE = new Set(['category', 'item_location', 'limit', 'offset', 'sort']);

interface SiteSearch {
  site: string;
  category?: string;
  box?: GeoBox;
  /** Every other parameter, as sent: two searches compare only when these are the same. */
  rest: string;
  items: Json[];
}

const numberOf = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? Number.NaN));

/** A whole site search of one page: undefined for any other exchange, or one page of several. */
function wholeSearch(exchange: Exchange): SiteSearch | undefined {
  if (!onOperations('searchSiteItems')(exchange) || exchange.response.status !== 200) return undefined;
  const body = successBody(exchange);
  if (!body || !Array.isArray(body.results)) return undefined;
  const params = exchange.request.url.searchParams;
  const names = [...new Set(params.keys())];
  if (names.some((name) => params.getAll(name).length > 1)) return undefined;
  const offset = params.get('offset');
  const total = numberOf(isObject(body.paging) ? body.paging.total : undefined);
  const items = list(body.results);
  if ((offset !== null && Number(offset) !== 0) || !(total <= items.length)) return undefined;
  const location = params.get('item_location');
  const box = location === null ? undefined : parseItemLocation(location);
  if (location !== null && !box) return undefined;
  const site = exchange.request.url.pathname.split('/').at(-2) ?? '';
  const rest = names
    .filter((name) => !AT_THE_SIDE.has(name))
    .sort()
    .map((name) => `${name}=${params.get(name)}`)
    .join('&');
  return { site, category: params.get('category') ?? undefined, box, rest, items };
}

const within = (inner: GeoBox, outer: GeoBox | undefined) =>
  !outer ||
  (outer.latMin <= inner.latMin &&
    outer.latMax >= inner.latMax &&
    outer.lonMin <= inner.lonMin &&
    outer.lonMax >= inner.lonMax);

/** Inside by every coordinates the item shows, strictly (whether bounds are inclusive is not given). */
function surelyInside(box: GeoBox, item: Json): boolean {
  const places = placesOf(item as Placed);
  const e = 1e-9;
  const strict = {
    latMin: box.latMin + e,
    latMax: box.latMax - e,
    lonMin: box.lonMin + e,
    lonMax: box.lonMax - e,
  };
  return places.length > 0 && places.every((p) => contains(strict, p.lat, p.lon));
}

function described(search: SiteSearch): string {
  const parts = [
    search.category ? `category=${search.category}` : '',
    search.box ? `item_location=${itemLocation(search.box)}` : '',
    search.rest,
  ].filter(Boolean);
  return parts.join('&') || '(no filter)';
}

function foundIn(requirement: string, wide: SiteSearch, narrow: SiteSearch, expected: Json[]): Judgement[] {
  const ids = new Set(narrow.items.map((item) => String(item.id)));
  return expected.map((item) =>
    verdict(
      requirement,
      `item ${String(item.id)} of ${described(wide)} in ${described(narrow)}`,
      ids.has(String(item.id)) ? undefined : 'the narrower search does not find it',
    ),
  );
}

/** The judgements of `narrow` against `wide`: none unless narrow narrows wide by one filter. */
function narrowing(wide: SiteSearch, narrow: SiteSearch): Judgement[] {
  if (wide.site !== narrow.site || wide.rest !== narrow.rest) return [];
  const sameBox = (wide.box && itemLocation(wide.box)) === (narrow.box && itemLocation(narrow.box));
  if (narrow.box && !sameBox && wide.category === narrow.category && within(narrow.box, wide.box)) {
    const box = narrow.box;
    return foundIn(
      'SEARCH-LOCATION-COMPLETE',
      wide,
      narrow,
      wide.items.filter((item) => surelyInside(box, item)),
    );
  }
  if (narrow.category && narrow.category !== wide.category && sameBox)
    return foundIn(
      'SEARCH-CATEGORY-COMPLETE',
      wide,
      narrow,
      wide.items.filter((item) => item.category_id === narrow.category),
    );
  return [];
}

export const SEARCH_NARROWING_RULE: Rule = {
  name: 'narrowerSearchFindsAll',
  requirements: ['SEARCH-LOCATION-COMPLETE', 'SEARCH-CATEGORY-COMPLETE'],
  appliesTo: (exchange) => wholeSearch(exchange) !== undefined,
  judge(exchange, { history }) {
    const now = wholeSearch(exchange);
    if (!now) return [];
    return history.flatMap((earlier) => {
      const then = wholeSearch(earlier);
      return then ? [...narrowing(then, now), ...narrowing(now, then)] : [];
    });
  },
};
