/** Blind batch 01: classified locations, categories and attributes, site item search. */
import { onJson, query } from '../../kit.ts';
import type { BlindFault } from '../kit.ts';
import { first, type Json, routeOf } from './shared.ts';

export const CATALOG_FAULTS: BlindFault[] = [
  {
    name: 'b01-location-state-cities-inner-join',
    description:
      "A state lists its cities through an inner join on neighborhoods, so a city without neighborhoods drops out of its state's cities while the city still names that state.",
    bugClass: 'inner join where an outer join was needed',
    quote: 'cities: array of {id, name} … City | id, name, state {id, name}',
    basis: 'implied',
    visibleTo: 'anyone, on states that hold a city without neighborhoods',
    witnesses: [
      { as: 'anonymous', method: 'GET', url: '/classified_locations/states/TUxCUFNBT085N2E4' },
      { as: 'anonymous', method: 'GET', url: '/classified_locations/states/TUxBUEJVRWFiY2Rl' },
    ],
    install(app) {
      onJson(
        app,
        'GET /classified_locations/states/:state_id',
        (body) => {
          if (!Array.isArray(body.cities)) return body;
          const locations = app.world.catalog.locations;
          const cities = (body.cities as Json[]).filter(
            (city) => (locations.city(String(city.id))?.neighborhoods.length ?? 0) > 0,
          );
          return { ...body, cities };
        },
        200,
      );
    },
  },
  {
    name: 'b01-location-neighborhood-city-is-state',
    description:
      "The neighborhood serializer fills its city {id, name} from the parent's state (a copy-paste of the line below it), so a neighborhood names a state as its city.",
    bugClass: 'copy-paste of the wrong field',
    quote: 'Neighborhood | id, name, city {id, name}, state {id, name}, country {id, name}',
    basis: 'implied',
    visibleTo: 'anyone, on every neighborhood',
    witnesses: [
      { as: 'anonymous', method: 'GET', url: '/classified_locations/neighborhoods/TUxCQkJFTDM5OTg3' },
      { as: 'seller', method: 'GET', url: '/classified_locations/neighborhoods/TUxCQkNPUDcxMjM0' },
    ],
    install(app) {
      onJson(
        app,
        'GET /classified_locations/neighborhoods/:neighborhood_id',
        (body) =>
          body.state && typeof body.state === 'object'
            ? { ...body, city: { ...(body.state as Json) } }
            : body,
        200,
      );
    },
  },
  {
    name: 'b01-category-children-totals-direct-only',
    description:
      'children_categories[].total_items_in_this_category counts only the items listed directly in each child, not in its subtree, so a child with subcategories shows another total in its parent than on its own page.',
    bugClass: 'aggregate over the wrong set (not recursive)',
    quote: 'children_categories | array of {id, name, total_items_in_this_category}',
    basis: 'implied',
    visibleTo: 'anyone, on categories with a child that has subcategories holding items',
    witnesses: [
      { as: 'anonymous', method: 'GET', url: '/categories/MLB1000' },
      { as: 'anonymous', method: 'GET', url: '/categories/MLB1001' },
    ],
    install(app) {
      onJson(
        app,
        'GET /categories/:category_id',
        (body) => {
          if (!Array.isArray(body.children_categories)) return body;
          const itemCategories = app.world.catalog.items.categoryIds();
          for (const child of body.children_categories as Json[])
            child.total_items_in_this_category = itemCategories.filter((id) => id === child.id).length;
          return body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-category-attribute-boolean-values-dropped',
    description:
      'The category attribute serializer emits values only for value_type list, so boolean attributes lose their values.',
    bugClass: 'serializer condition too narrow',
    quote: 'values (array of {id, name}; for list and boolean)',
    basis: 'stated',
    visibleTo: 'anyone, on categories with a boolean attribute',
    witnesses: [{ as: 'anonymous', method: 'GET', url: '/categories/MLB1002/attributes' }],
    install(app) {
      onJson(
        app,
        'GET /categories/:category_id/attributes',
        (body) => {
          const list = body as unknown;
          if (!Array.isArray(list)) return body;
          for (const attribute of list as Json[])
            if (attribute.value_type === 'boolean') delete attribute.values;
          return list;
        },
        200,
      );
    },
  },
  {
    name: 'b01-site-search-lat-lon-swapped',
    description:
      'The item_location parser assigns the lat: range to longitude and the lon: range to latitude, so a geographic search looks in another place.',
    bugClass: 'parser swaps two fields',
    quote: 'item_location=lat:<lat_min>_<lat_max>,lon:<lon_min>_<lon_max>',
    basis: 'stated',
    visibleTo: 'anyone, on site searches with item_location',
    witnesses: [
      {
        as: 'anonymous',
        method: 'GET',
        url: '/sites/MLB/search?category=MLB1000&item_location=lat:-24_-23,lon:-47_-46',
      },
      { as: 'seller', method: 'GET', url: '/sites/MLB/search?item_location=lat:-24_-22,lon:-48_-46' },
    ],
    install(app) {
      app.addHook('preHandler', async (request) => {
        if (routeOf(request) !== 'GET /sites/:site_id/search') return;
        const q = query(request);
        const match = /^lat:([^,]*),lon:(.*)$/.exec(first(q.item_location) ?? '');
        if (match) q.item_location = `lat:${match[2]},lon:${match[1]}`;
      });
    },
  },
  {
    name: 'b01-site-search-city-name-from-state',
    description:
      'Search results fill address.city_name from the state name (the address mapper reads the wrong column), so items in a city named otherwise than its state show a city_name that does not name their city_id.',
    bugClass: 'copy-paste of the wrong field',
    quote: 'address {state_id, state_name, city_id, city_name, area_code, phone1}',
    basis: 'implied',
    visibleTo: "anyone, on search results of items in a city whose name differs from its state's",
    witnesses: [
      { as: 'anonymous', method: 'GET', url: '/sites/MLB/search?category=MLB1000' },
      { as: 'anonymous', method: 'GET', url: '/sites/MLB/search?category=MLB1002' },
    ],
    install(app) {
      onJson(
        app,
        'GET /sites/:site_id/search',
        (body) => {
          for (const result of (Array.isArray(body.results) ? body.results : []) as Json[]) {
            const address = result.address as Json | undefined;
            if (address) address.city_name = address.state_name;
          }
          return body;
        },
        200,
      );
    },
  },
];
