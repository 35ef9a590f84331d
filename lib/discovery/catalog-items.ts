import { hasStatus } from '../client/typed.ts';
import type { Schemas } from '../client/types.ts';
import type { ProfileInput } from '../profile/types.ts';
import {
  AS,
  ITEM_NEEDS,
  idIn,
  isObject,
  MAX_CITIES,
  MAX_SHIPPING_ITEMS,
  numberOf,
  type Place,
  readOf,
  SEARCH_SPAN,
  type SiteHint,
  textOf,
} from './catalog-kit.ts';
import type { Findings } from './findings.ts';
import { type Answer, answerOf, pathOf, type Reader } from './reader.ts';

// The site search's items, the shipping options of one of them, and a zip code and city they ship to.

/**
 * What discovery takes from a site-search result: the fields it walks, which the reference lists
 * without a type (read by the type each answer sends), from `location` or else `seller_address`.
 */
export interface SearchItem {
  id?: string;
  sellerId?: number;
  zipCode?: string;
  country?: string;
  state?: string;
  cities: (string | undefined)[];
  latitude?: number;
  longitude?: number;
}

export function searchItemOf(item: Schemas['ItemSearchResultItem']): SearchItem {
  const { location, seller_address: where, address } = item;
  return {
    id: textOf(item.id),
    sellerId: Number(item.seller?.id),
    // location is a listed field production leaves out, and its seller_address.zip_code is empty.
    zipCode: textOf(location?.zip_code) ?? textOf(where?.zip_code),
    country: idIn(location?.country) ?? idIn(where?.country),
    state: textOf(address?.state_id) ?? idIn(where?.state),
    cities: [textOf(address?.city_id), idIn(where?.city)],
    latitude: numberOf(location?.latitude) ?? numberOf(where?.latitude),
    longitude: numberOf(location?.longitude) ?? numberOf(where?.longitude),
  };
}

export function searchResults(answer: Answer): SearchItem[] {
  const search = answerOf(answer, 'searchSiteItems');
  const results = hasStatus(search, 200) ? search.body.results : undefined;
  return Array.isArray(results) ? results.filter(isObject).map(searchItemOf) : [];
}

/**
 * The site's own country, state and coordinates, from its search results by category (no range): the
 * first country of the locations list may be another site's, and its range would find nothing. A
 * refusal of the search without a range is an answer, not a failed read: the first country then serves.
 */
export async function siteHint(reader: Reader, site: string, categories: string[]): Promise<SiteHint> {
  for (const category of [...categories].reverse().slice(0, 2)) {
    const query = { category, limit: 20 };
    const answer = await reader.getWithinBound(
      pathOf('/sites/{site}/search', site),
      query,
      AS,
      [400, 404, 422],
    );
    for (const { country, state, cities, latitude, longitude } of searchResults(answer)) {
      const city = cities.find((id) => id !== undefined);
      if (country || state || typeof latitude === 'number')
        return { country, state, city, latitude, longitude };
    }
  }
  return {};
}

/** The coordinates to search around: the site's results', else the walked city's or state's. */
export function centresOf(
  hint: SiteHint,
  place: Place | undefined,
): { latitude: number; longitude: number }[] {
  const centres: { latitude: number; longitude: number }[] = [];
  if (typeof hint.latitude === 'number' && typeof hint.longitude === 'number')
    centres.push({ latitude: hint.latitude, longitude: hint.longitude });
  const { latitude, longitude } = place?.geo_information?.location ?? {};
  if (typeof latitude === 'number' && typeof longitude === 'number') centres.push({ latitude, longitude });
  return centres;
}

/**
 * A category and a range where the site search finds items: each category of the walk, leaf first (a
 * target may match the category itself only, and items sit in leaves), around each centre.
 */
export async function findSearch(
  reader: Reader,
  findings: Findings,
  site: string,
  categories: string[],
  centres: { latitude: number; longitude: number }[],
): Promise<SearchItem[]> {
  const given = findings.get<{ category: string }>('catalog.search')?.category;
  for (const category of given ? [given] : [...categories].reverse()) {
    for (const { latitude, longitude } of centres) {
      const range = {
        category,
        latMin: latitude - SEARCH_SPAN,
        latMax: latitude + SEARCH_SPAN,
        lonMin: longitude - SEARCH_SPAN,
        lonMax: longitude + SEARCH_SPAN,
      };
      const itemLocation = `lat:${range.latMin}_${range.latMax},lon:${range.lonMin}_${range.lonMax}`;
      const query = { category, item_location: itemLocation, limit: 20 };
      const path = pathOf('/sites/{site}/search', site);
      const results = searchResults(await reader.getWithinBound(path, query, AS));
      if (results.length === 0) continue;
      const read = `GET /sites/${site}/search?category=${category}&item_location=${itemLocation}`;
      findings.add('catalog.search', range, read);
      return results;
    }
  }
  return [];
}

/** Items of the site search (the seller's own first), and one with shipping options to a zip code or a city. */
export async function findItems(
  reader: Reader,
  findings: Findings,
  profile: ProfileInput,
  walk: { site: string; categories: string[]; hint: SiteHint; place: Place | undefined },
) {
  if (!findings.wantsAny(...ITEM_NEEDS)) return;
  const { site, categories, hint, place } = walk;
  const results = await findSearch(reader, findings, site, categories, centresOf(hint, place));
  const own = (item: SearchItem) => item.sellerId === profile.users.seller.id;
  const items = [...results.filter(own), ...results.filter((item) => !own(item))].slice(
    0,
    MAX_SHIPPING_ITEMS,
  );
  for (const item of items) {
    if (!findings.wants('catalog.zipCode')) break;
    const zip = item.zipCode;
    if (!item.id || !zip || !(await shipsTo(reader, item.id, { zip_code: zip }))) continue;
    const from = `GET /items/${item.id}/shipping_options?zip_code=${zip} (zip code of the search result)`;
    findings.add('catalog.shippingItem', item.id, from);
    findings.add('catalog.zipCode', zip, from);
    break;
  }
  const cities = [
    ...items.flatMap((item) => item.cities),
    findings.get<string>('catalog.cityId'),
    ...(place?.cities ?? []).map((city) => city.id),
  ].filter((city): city is string => typeof city === 'string' && city !== '');
  await findCityTo(reader, findings, items, [...new Set(cities)].slice(0, MAX_CITIES));
}

export async function optionsOf(reader: Reader, item: string, query: Record<string, string>) {
  return readOf(
    await reader.get(pathOf('/items/{id}/shipping_options', item), query, 'buyer'),
    'getShippingOptions',
  );
}

export async function shipsTo(reader: Reader, item: string, query: Record<string, string>): Promise<boolean> {
  return ((await optionsOf(reader, item, query))?.options?.length ?? 0) > 0;
}

/** A zip code from the destination a city_to answer resolved, confirmed by a read with it. */
export async function zipOfCity(
  reader: Reader,
  findings: Findings,
  item: string,
  city: string,
): Promise<void> {
  if (!findings.wants('catalog.zipCode')) return;
  const zip = (await optionsOf(reader, item, { city_to: city }))?.destination?.zip_code;
  if (typeof zip !== 'string' || zip === '' || !(await shipsTo(reader, item, { zip_code: zip }))) return;
  findings.add('catalog.zipCode', zip, `destination of GET /items/${item}/shipping_options?city_to=${city}`);
}

/**
 * An item of the search and a city of the location tree (the items' own cities first) where the
 * shipping options list options: city_to needs no zip code, which production's results leave empty.
 */
export async function findCityTo(reader: Reader, findings: Findings, items: SearchItem[], cities: string[]) {
  if (!findings.wantsAny('catalog.cityTo', 'catalog.zipCode')) return;
  const known = findings.get<string>('catalog.shippingItem');
  const candidates = known ? [known] : items.flatMap((item) => (item.id ? [item.id] : []));
  const given = findings.get<string>('catalog.cityTo');
  for (const item of candidates.slice(0, 3)) {
    for (const city of given ? [given] : cities.slice(0, 4)) {
      if (!(await shipsTo(reader, item, { city_to: city }))) continue;
      const from = `GET /items/${item}/shipping_options?city_to=${city} (a city of the location tree)`;
      findings.add('catalog.shippingItem', item, from);
      findings.add('catalog.cityTo', city, from);
      await zipOfCity(reader, findings, item, city);
      return;
    }
  }
}
