import { hasStatus } from '../client/typed.ts';
import type { ProfileInput } from '../profile/types.ts';
import { findItems, siteHint } from './catalog-items.ts';
import {
  AS,
  CATEGORY_NEEDS,
  hasStringId,
  ITEM_NEEDS,
  LOCATION_NEEDS,
  MAX_CITIES,
  MAX_DEPTH,
  MAX_SITE_READS,
  MAX_TOP_CATEGORIES,
  type Place,
  readOf,
  type SiteHint,
} from './catalog-kit.ts';
import type { Findings } from './findings.ts';
import type { OrderPool } from './pool.ts';
import { answerOf, pathOf, type Reader } from './reader.ts';

/**
 * A country with states, a state with cities, cities with and without neighborhoods, a neighborhood.
 * The country and state are the site's own where its search results name them; else the first listed.
 */
async function walkLocations(reader: Reader, findings: Findings, hint: SiteHint): Promise<Place | undefined> {
  if (!findings.wantsAny(...LOCATION_NEEDS, 'catalog.search', 'catalog.cityTo')) return undefined;
  let country = findings.get<string>('catalog.countryId') ?? hint.country;
  let from = hint.country ? 'the country of the site search results' : '';
  if (!country) {
    const listed = answerOf(await reader.get('/classified_locations/countries', {}, AS), 'listCountries');
    const list = hasStatus(listed, 200) && Array.isArray(listed.body) ? listed.body : [];
    country = list[0]?.id;
    from = 'first of GET /classified_locations/countries';
  }
  if (!country) return undefined;
  const countryBody = readOf(
    await reader.get(pathOf('/classified_locations/countries/{id}', country), {}, AS),
    'getCountry',
  );
  const states = (countryBody?.states ?? []).filter(hasStringId);
  const hinted = states.find((state) => state.id === hint.state)?.id;
  const stateId = findings.get<string>('catalog.stateId') ?? hinted ?? states[0]?.id;
  if (!stateId) return undefined;
  findings.add('catalog.countryId', country, `GET /classified_locations/countries/${country} (${from})`);
  findings.add('catalog.stateId', stateId, `states of country ${country}`);
  const state = readOf(
    await reader.get(pathOf('/classified_locations/states/{id}', stateId), {}, AS),
    'getState',
  );
  const cities = (state?.cities ?? []).filter(hasStringId);
  const ordered = [...cities.filter((c) => c.id === hint.city), ...cities.filter((c) => c.id !== hint.city)];
  let located: Place | undefined;
  for (const city of ordered.slice(0, MAX_CITIES)) {
    const body = readOf(
      await reader.get(pathOf('/classified_locations/cities/{id}', city.id), {}, AS),
      'getCity',
    );
    const neighborhood = body?.neighborhoods?.[0]?.id;
    const read = `GET /classified_locations/cities/${city.id}`;
    if (neighborhood) {
      findings.add('catalog.cityId', city.id, read);
      findings.add('catalog.neighborhoodId', neighborhood, read);
      located ??= body;
    } else if (body?.id) {
      findings.add('catalog.cityWithoutNeighborhoods', city.id, read);
    }
    if (!findings.wantsAny(...LOCATION_NEEDS) && located) break;
  }
  return { ...(located ?? state), cities: ordered };
}

/** A top-level category to walk down from, and the read it comes from. */
interface Root {
  id: string;
  from: string;
}

/**
 * The top-level category of an item the seller sold: the first of the path_from_root of the order
 * item's category_id ("path_from_root: array of {id, name}"). A read independent of the site's list
 * of top-level categories, which the tests then judge to list it (audit B5).
 */
async function rootOfSoldItem(
  reader: Reader,
  profile: ProfileInput,
  pool: OrderPool,
): Promise<Root | undefined> {
  const category = [...pool.values()]
    .filter((o) => Number(o.seller?.id) === profile.users.seller.id)
    .flatMap((o) => o.order_items ?? [])
    .map((line) => line.item?.category_id)
    .find((id): id is string => typeof id === 'string' && id !== '');
  if (!category) return undefined;
  const body = readOf(await reader.get(pathOf('/categories/{id}', category), {}, AS), 'getCategory');
  const root = body?.path_from_root?.[0]?.id;
  if (typeof root !== 'string' || root === '') return undefined;
  return { id: root, from: `path_from_root of GET /categories/${category} (the category of an item sold)` };
}

/**
 * A top-level category with children, and a leaf reached by walking down first children: the root of
 * an item the seller sold first, else the first listed one that has children. Returns the walk, root first.
 */
async function walkCategories(
  reader: Reader,
  findings: Findings,
  site: string,
  sold: () => Promise<Root | undefined>,
): Promise<string[]> {
  const given = findings.get<string>('catalog.rootCategory');
  if (!findings.wantsAny(...CATEGORY_NEEDS, ...ITEM_NEEDS)) return given ? [given] : [];
  if (given) {
    const walk = await walkDown(reader, findings, { id: given, from: 'the profile' });
    return walk.length > 1 ? walk : [given];
  }
  const independent = await sold();
  const answer = answerOf(
    await reader.get(pathOf('/sites/{site}/categories', site), {}, AS),
    'listSiteCategories',
  );
  const top = hasStatus(answer, 200) ? answer.body : undefined;
  // The reference's {categories: [...]}, or the bare array production sends.
  const listed = (Array.isArray(top) ? top : Array.isArray(top?.categories) ? top.categories : []).filter(
    hasStringId,
  );
  const roots: Root[] = [
    ...(independent ? [independent] : []),
    ...listed
      .slice(0, MAX_TOP_CATEGORIES)
      .filter((c) => c.id !== independent?.id)
      .map((c) => ({ id: c.id, from: `GET /sites/${site}/categories` })),
  ];
  for (const root of roots) {
    const walk = await walkDown(reader, findings, root);
    if (walk.length > 1) return walk;
  }
  return roots.slice(0, 1).map((root) => root.id);
}

async function walkDown(reader: Reader, findings: Findings, top: Root): Promise<string[]> {
  const root = top.id;
  const walk = [root];
  let current = root;
  for (let depth = 0; depth < MAX_DEPTH; depth += 1) {
    const body = readOf(await reader.get(pathOf('/categories/{id}', current), {}, AS), 'getCategory');
    const children = body?.children_categories;
    if (!Array.isArray(children)) return walk;
    if (depth === 0 && children.length > 0) findings.add('catalog.rootCategory', root, top.from);
    if (children.length === 0) {
      if (depth > 0) findings.add('catalog.leafCategory', current, `children of ${root} down to a leaf`);
      return walk;
    }
    const next = children[0]?.id;
    // A child without an id cannot be read: the walk ends above it.
    if (typeof next !== 'string') return walk;
    current = next;
    walk.push(current);
  }
  return walk;
}

/**
 * The site of the catalog: the profile's, else the site of the seller's purchases ("context.site: site
 * code of the site where the purchase originated"), from the searches or, as production's search
 * results leave context out, from a few order reads; else the site of the conversation's messages.
 */
async function siteOf(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
): Promise<{ site: string; from: string } | undefined> {
  const given = findings.get<string>('catalog.siteId') ?? profile.users.seller.siteId;
  if (given) return { site: given, from: 'the seller of the profile' };
  const own = [...pool.values()].filter((o) => Number(o.seller?.id) === profile.users.seller.id);
  for (const order of own.slice(0, MAX_SITE_READS)) {
    const path = pathOf('/orders/{id}', order.id);
    const read = answerOf(await reader.get(path, {}, 'seller'), 'getOrder');
    const site = hasStatus(read, [200, 206]) ? read.body.context?.site : undefined;
    if (typeof site === 'string' && site) return { site, from: `context.site of GET ${path}` };
  }
  const messages = findings.get<string>('messaging.siteId');
  return messages ? { site: messages, from: "site_id of the conversation's messages" } : undefined;
}

export async function discoverCatalog(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
): Promise<void> {
  const all = ['catalog.siteId', ...LOCATION_NEEDS, ...CATEGORY_NEEDS, ...ITEM_NEEDS];
  const found = await reader.for(all, () => siteOf(reader, profile, findings, pool));
  if (found) findings.add('catalog.siteId', found.site, found.from);
  const site = found?.site;
  const categories = site
    ? await reader.for([...CATEGORY_NEEDS, ...ITEM_NEEDS], () =>
        walkCategories(reader, findings, site, () => rootOfSoldItem(reader, profile, pool)),
      )
    : [];
  const hint = site && categories.length ? await siteHint(reader, site, categories) : {};
  const place = await reader.for([...LOCATION_NEEDS, ...ITEM_NEEDS], () =>
    walkLocations(reader, findings, hint),
  );
  if (!site || categories.length === 0) return;
  const walk = { site, categories, hint, place };
  await reader.for(ITEM_NEEDS, () => findItems(reader, findings, profile, walk));
}
