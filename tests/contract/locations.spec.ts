import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import { needs } from './support/listed.ts';
import { readLocation } from './support/locations.ts';
import { describeOptionalToken } from './support/optional-token.ts';
import { judged, skipUnless } from './support/reference.ts';

// Read-only: locations are never written. A foreign target may have hundreds of children per
// parent; each consistency test reads at most CHILDREN_CHECKED of them (always the profile's ids).
const CHILDREN_CHECKED = 25;

/** The listed children to read: the profile's first, then the others up to CHILDREN_CHECKED. */
function sample(children: IdName[], mustHave: string[] = []): IdName[] {
  const first = children.filter((child) => mustHave.includes(String(child.id)));
  const rest = children.filter((child) => !mustHave.includes(String(child.id)));
  return [...first, ...rest].slice(0, Math.max(CHILDREN_CHECKED, first.length));
}

type IdName = Schemas['IdName'];

/**
 * Compares the fields the reference names ({id, name}; objects are open, the reference never says a field
 * list is complete), each where both answers carry it: a field it only lists may be left out elsewhere.
 */
function expectSameIdName(target: TargetProfile, actual: IdName, expected: IdName, message: string): void {
  for (const field of ['id', 'name'] as const)
    if (judged(target, actual[field]) && judged(target, expected[field]))
      expect(actual[field], `${message}: ${field}`).toEqual(expected[field]);
}

/**
 * Judges a parent link (state, city or country {id, name}) where both answers carry it (always on
 * the mock, where a missing link fails); returns whether it judged.
 */
function sameParent(
  target: TargetProfile,
  actual: IdName | undefined,
  expected: IdName | undefined,
  message: string,
): boolean {
  if (!judged(target, actual) || !judged(target, expected)) return false;
  expect(actual, message).toBeDefined();
  expect(expected, message).toBeDefined();
  if (actual && expected) expectSameIdName(target, actual, expected, message);
  return true;
}

/** Stops as not verified when no listed child carried the parent links the test judges. */
const skipUnlessJudged = (judgedLinks: number, what: string, where: string) =>
  skipUnless(judgedLinks > 0, what, where, 'no child read carried its parent links');
const summaryOf = ({ id, name, locale, currency_id }: Schemas['CountrySummary']) => ({
  id,
  name,
  locale,
  currency_id,
});

test.describe('GET /classified_locations/countries', () => {
  test(
    'lists countries by two-letter code, among them the profile country',
    verifies(['LOC-COUNTRIES-FIELDS'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      const res = await api.call('listCountries', { as: 'seller' });
      expect(res.status).toBe(200);
      const countries = bodyAt(res, 200);
      expect(countries.map((c) => c.id)).toContain(target.catalog.countryId);
      for (const country of countries)
        if (judged(target, country.id))
          expect(country.id, 'LOC-COUNTRIES-FIELDS: two-letter id').toMatch(/^[A-Z]{2}$/);
      expect(new Set(countries.map((c) => c.id)).size, 'country ids are unique').toBe(countries.length);
    },
  );
});

test.describe('GET /classified_locations/countries/{country_id}', () => {
  test(
    'reads every listed country with the name, locale and currency of the list',
    verifies(['LOC-COUNTRY-LISTED', 'LOC-COUNTRY-FIELDS'], '@readonly'),
    async ({ api }) => {
      const list = bodyAt(await api.call('listCountries', { as: 'seller' }), 200);
      for (const summary of list.slice(0, CHILDREN_CHECKED)) {
        const country = await readLocation(api, 'getCountry', { country_id: summary.id });
        expect(summaryOf(country), `LOC-COUNTRY-LISTED: ${summary.id}`).toEqual(summaryOf(summary));
      }
    },
  );

  test(
    'lists states that each name the country as theirs',
    verifies(['LOC-STATE-PARENT', 'LOC-ID-OPAQUE'], '@readonly'),
    async ({ api, target }) => {
      const country = await readLocation(api, 'getCountry', { country_id: target.catalog.countryId });
      needs(
        target,
        country.states,
        'the states of a country',
        'catalog.countryId',
        'the country answered none',
      );
      let judgedLinks = 0;
      expect(
        country.states.map((s) => s.id),
        'the profile state is listed',
      ).toContain(target.catalog.stateId);
      for (const listed of sample(country.states, [target.catalog.stateId])) {
        const state = await readLocation(api, 'getState', { state_id: listed.id });
        expectSameIdName(target, state, listed, `LOC-STATE-PARENT: state ${listed.id} as listed`);
        const what = `LOC-STATE-PARENT: country of state ${listed.id}`;
        if (sameParent(target, state.country, country, what)) judgedLinks++;
      }
      skipUnlessJudged(judgedLinks, 'a state that names its country', 'catalog.countryId');
    },
  );
});

test.describe('GET /classified_locations/states/{state_id}', () => {
  test(
    'lists cities that each name the state and its country',
    verifies(['LOC-CITY-PARENT', 'LOC-STATE-FIELDS'], '@readonly'),
    async ({ api, target }) => {
      const state = await readLocation(api, 'getState', { state_id: target.catalog.stateId });
      needs(target, state.cities, 'the cities of a state', 'catalog.stateId', 'the state answered none');
      let judgedLinks = 0;
      const mustHave = [target.catalog.cityId, target.catalog.cityWithoutNeighborhoods];
      for (const listed of sample(state.cities, mustHave)) {
        const city = await readLocation(api, 'getCity', { city_id: listed.id });
        expectSameIdName(target, city, listed, `LOC-CITY-PARENT: city ${listed.id} as listed`);
        if (sameParent(target, city.state, state, `LOC-CITY-PARENT: state of city ${listed.id}`))
          judgedLinks++;
        const what = `LOC-CITY-PARENT: country of city ${listed.id}`;
        if (sameParent(target, city.country, state.country, what)) judgedLinks++;
      }
      skipUnlessJudged(judgedLinks, 'a city that names its state or country', 'catalog.stateId');
    },
  );
});

test.describe('GET /classified_locations/cities/{city_id}', () => {
  test(
    'lists neighborhoods that each name the city, its state and its country',
    verifies(['LOC-NEIGHBORHOOD-PARENT', 'LOC-CITY-FIELDS'], '@readonly'),
    async ({ api, target }) => {
      const city = await readLocation(api, 'getCity', { city_id: target.catalog.cityId });
      needs(
        target,
        city.neighborhoods,
        'the neighborhoods of a city',
        'catalog.cityId',
        'the city answered none',
      );
      let judgedLinks = 0;
      expect(
        city.neighborhoods.map((n) => n.id),
        'the profile neighborhood is listed',
      ).toContain(target.catalog.neighborhoodId);
      for (const listed of sample(city.neighborhoods, [target.catalog.neighborhoodId])) {
        const neighborhood = await readLocation(api, 'getNeighborhood', { neighborhood_id: listed.id });
        expectSameIdName(target, neighborhood, listed, `LOC-NEIGHBORHOOD-PARENT: ${listed.id} as listed`);
        const links = [
          sameParent(target, neighborhood.city, city, 'LOC-NEIGHBORHOOD-PARENT: city'),
          sameParent(target, neighborhood.state, city.state, 'LOC-NEIGHBORHOOD-PARENT: state'),
          sameParent(target, neighborhood.country, city.country, 'LOC-NEIGHBORHOOD-PARENT: country'),
        ];
        judgedLinks += links.filter(Boolean).length;
      }
      skipUnlessJudged(judgedLinks, 'a neighborhood that names its city, state or country', 'catalog.cityId');
    },
  );

  test(
    'reads a city without neighborhoods, listed by its state',
    verifies(['LOC-CITY-NO-NEIGHBORHOODS', 'LOC-CITY-PARENT'], '@readonly'),
    async ({ api, target }) => {
      const city = await readLocation(api, 'getCity', { city_id: target.catalog.cityWithoutNeighborhoods });
      const where = 'catalog.cityWithoutNeighborhoods';
      needs(target, city.neighborhoods, 'the neighborhoods of a city', where, 'the city answered none');
      expect(city.neighborhoods, 'LOC-CITY-NO-NEIGHBORHOODS').toEqual([]);
      needs(target, city.state, 'the state of a city', where, 'the city did not name its state');
      const state = await readLocation(api, 'getState', { state_id: city.state.id });
      needs(target, state.cities, 'the cities of a state', where, "the city's state answered none");
      expect(
        state.cities.map((c) => c.id),
        'LOC-CITY-PARENT: listed by its state',
      ).toContain(city.id);
    },
  );
});

test.describe('GET /classified_locations/neighborhoods/{neighborhood_id}', () => {
  test(
    'reads the profile neighborhood with the city, state and country of its city',
    verifies(['LOC-NEIGHBORHOOD-FIELDS', 'LOC-NEIGHBORHOOD-PARENT'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      const neighborhood = await readLocation(api, 'getNeighborhood', {
        neighborhood_id: target.catalog.neighborhoodId,
      });
      expect(neighborhood.id).toBe(target.catalog.neighborhoodId);
      const where = 'catalog.neighborhoodId';
      needs(
        target,
        neighborhood.city,
        'the city of a neighborhood',
        where,
        'the neighborhood did not name it',
      );
      const city = await readLocation(api, 'getCity', { city_id: neighborhood.city.id });
      needs(
        target,
        city.neighborhoods,
        'the neighborhoods of a city',
        where,
        "the neighborhood's city answered none",
      );
      expect(
        city.neighborhoods.map((n) => n.id),
        'listed by its city',
      ).toContain(neighborhood.id);
      const links = [
        sameParent(target, neighborhood.state, city.state, 'LOC-NEIGHBORHOOD-PARENT: state'),
        sameParent(target, neighborhood.country, city.country, 'LOC-NEIGHBORHOOD-PARENT: country'),
      ];
      skipUnlessJudged(links.filter(Boolean).length, 'a neighborhood that names its state or country', where);
    },
  );
});

test.describe('classified locations: errors', () => {
  const unknown = [
    { operationId: 'getCountry', param: 'country_id', id: 'ZZ', message: 'Country not found' },
    { operationId: 'getState', param: 'state_id', id: 'TUxCUFVOS05PV04x', message: 'State not found' },
    { operationId: 'getCity', param: 'city_id', id: 'TUxCQ1VOS05PV04x', message: 'City not found' },
    {
      operationId: 'getNeighborhood',
      param: 'neighborhood_id',
      id: 'TUxCQlVOS05PV04x',
      message: 'Neighborhood not found',
    },
  ];
  for (const { operationId, param, id, message } of unknown) {
    test(
      `${operationId} answers 404 not_found "${message}" to an unknown id`,
      verifies(['LOC-ERR-NOT-FOUND'], '@readonly', '@mock-only'),
      async ({ api, target }) => {
        const res = await api.call(operationId, { path: { [param]: id } });
        expectError(
          res,
          { status: 404, error: 'not_found', message, statusIsGap: true, messageIsGap: true },
          target,
        );
      },
    );
  }

  const malformed = [
    { operationId: 'getCountry', param: 'country_id', id: 'BRA' },
    { operationId: 'getCountry', param: 'country_id', id: 'b1' },
    { operationId: 'getState', param: 'state_id', id: 'not an id!' },
    { operationId: 'getCity', param: 'city_id', id: 'x'.repeat(65) },
    { operationId: 'getNeighborhood', param: 'neighborhood_id', id: 'a-b' },
  ];
  for (const { operationId, param, id } of malformed) {
    test(
      `${operationId} answers 400 invalid_id to the malformed id "${id.slice(0, 12)}"`,
      verifies(['LOC-ERR-INVALID-ID'], '@readonly', '@mock-only'),
      async ({ api, target }) => {
        const res = await api.call(operationId, { path: { [param]: id } });
        expectError(res, { status: 400, error: 'invalid_id', statusIsGap: true }, target);
      },
    );
  }
});

describeOptionalToken('classified locations: tokens', [
  { operationId: 'listCountries', path: () => ({}) },
  { operationId: 'getCountry', path: (c) => ({ country_id: c.countryId }) },
  { operationId: 'getState', path: (c) => ({ state_id: c.stateId }) },
  { operationId: 'getCity', path: (c) => ({ city_id: c.cityId }) },
  { operationId: 'getNeighborhood', path: (c) => ({ neighborhood_id: c.neighborhoodId }) },
]);
