import { type Fact, factsOf, isObject, type Json, list } from './fact.ts';

const NAMED = ['name'];
const COUNTED = ['name', 'total_items_in_this_category'];
const LOCATION_PARENTS = ['country', 'state', 'city'];

function location(body: Json, children: string, place: string): Fact[] {
  return [
    ...factsOf('location', body, NAMED, place),
    ...LOCATION_PARENTS.flatMap((parent) => factsOf('location', body[parent], NAMED, `${place} ${parent}`)),
    ...list(body[children]).flatMap((child) => factsOf('location', child, NAMED, `${place} ${children}[]`)),
  ];
}

const single = (read: (body: Json) => Fact[]) => (body: Json | Json[]) =>
  Array.isArray(body) ? [] : read(body);

/** The ids an item search result carries beside names (address city_id and city_name…): the location's own name. */
function itemPlaces(result: Json): Fact[] {
  const place = 'GET /sites/{site_id}/search results[]';
  const address = isObject(result.address) ? result.address : {};
  const named = (id: unknown, name: unknown, where: string) =>
    factsOf('location', { id, name }, NAMED, `${place} ${where}`);
  const seller = isObject(result.seller_address) ? result.seller_address : {};
  return [
    ...named(address.city_id, address.city_name, 'address.city'),
    ...named(address.state_id, address.state_name, 'address.state'),
    ...['city', 'state', 'country'].flatMap((level) =>
      factsOf('location', seller[level], NAMED, `${place} seller_address.${level}`),
    ),
  ];
}

export const PLACE_EXTRACTORS: Record<string, (body: Json | Json[]) => Fact[]> = {
  searchSiteItems: single((body) => list(body.results).flatMap(itemPlaces)),
  getCategory: single((body) => [
    ...factsOf('category', body, COUNTED, 'GET /categories/{id}'),
    ...list(body.children_categories).flatMap((c) =>
      factsOf('category', c, COUNTED, 'GET /categories/{id} children_categories[]'),
    ),
    ...list(body.path_from_root).flatMap((c) =>
      factsOf('category', c, NAMED, 'GET /categories/{id} path_from_root[]'),
    ),
  ]),
  listSiteCategories: (body) =>
    (Array.isArray(body) ? body : list(body.categories)).flatMap((c) =>
      factsOf('category', c, NAMED, 'GET /sites/{site_id}/categories'),
    ),
  listCountries: (body) =>
    (Array.isArray(body) ? body : []).flatMap((c) =>
      factsOf('location', c, ['name', 'locale', 'currency_id'], 'GET /classified_locations/countries'),
    ),
  getCountry: single((body) => [
    ...factsOf('location', body, ['locale', 'currency_id'], 'GET /classified_locations/countries/{id}'),
    ...location(body, 'states', 'GET /classified_locations/countries/{id}'),
  ]),
  getState: single((body) => location(body, 'cities', 'GET /classified_locations/states/{id}')),
  getCity: single((body) => location(body, 'neighborhoods', 'GET /classified_locations/cities/{id}')),
  getNeighborhood: single((body) =>
    location(body, 'subneighborhoods', 'GET /classified_locations/neighborhoods/{id}'),
  ),
};
