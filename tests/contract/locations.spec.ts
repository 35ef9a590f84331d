import { expect, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import { expectSameWhereShown, judgeShown, namedByProfile } from './support/judgements.ts';
import { needs } from './support/listed.ts';
import { readLocation } from './support/locations.ts';
import { describeOptionalToken } from './support/optional-token.ts';

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
 * Judges a parent link ({id, name} of state, city or country) against the parent's own read: field by
 * field where both carry it; a link the child's read leaves out is not judged (it fails on the mock).
 */
function expectSameParent(
  target: TargetProfile,
  requirement: string,
  instance: string,
  [link, parent]: [IdName | undefined, IdName | undefined],
): void {
  judgeShown(
    target.isMock,
    requirement,
    instance,
    link && parent && [link, parent],
    (pair: [IdName, IdName]) =>
      expectSameWhereShown(target.isMock, requirement, instance, pair, ['id', 'name']),
  );
}

const SUMMARY_FIELDS = ['id', 'name', 'locale', 'currency_id'] as const;

test.describe('GET /classified_locations/countries', () => {
  test(
    'lists countries by two-letter code, among them the profile country',
    verifies(['LOC-COUNTRIES-FIELDS'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      const res = await api.call('listCountries', { as: 'seller' });
      expect(res.status).toBe(200);
      const countries = bodyAt(res, 200);
      expect(countries.map((c) => c.id)).toContain(target.catalog.countryId);
      // "id (two-letter code)": letters of either case, as the schema allows.
      for (const [i, country] of countries.entries())
        judgeShown(target.isMock, 'LOC-COUNTRIES-FIELDS', `countries[${i}].id`, country.id, (id) =>
          expect(String(id), `LOC-COUNTRIES-FIELDS: countries[${i}] two-letter id`).toMatch(/^[A-Za-z]{2}$/),
        );
      expect(new Set(countries.map((c) => c.id)).size, 'country ids are unique').toBe(countries.length);
    },
  );
});

test.describe('GET /classified_locations/countries/{country_id}', () => {
  test(
    'reads every listed country with the name, locale and currency of the list',
    verifies(['LOC-COUNTRY-LISTED', 'LOC-COUNTRY-FIELDS'], '@readonly'),
    async ({ api, target }) => {
      const list = bodyAt(await api.call('listCountries', { as: 'seller' }), 200);
      for (const summary of list.slice(0, CHILDREN_CHECKED)) {
        const country = await readLocation(api, 'getCountry', { country_id: summary.id });
        const pair: [Schemas['CountrySummary'], Schemas['CountrySummary']] = [country, summary];
        expectSameWhereShown(
          target.isMock,
          'LOC-COUNTRY-LISTED',
          `country ${summary.id}`,
          pair,
          SUMMARY_FIELDS,
        );
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
      expect(
        country.states.map((s) => s.id),
        'the profile state is listed',
      ).toContain(target.catalog.stateId);
      for (const listed of sample(country.states, [target.catalog.stateId])) {
        const state = await readLocation(api, 'getState', { state_id: listed.id });
        const what = `state ${listed.id}`;
        expectSameWhereShown(
          target.isMock,
          'LOC-STATE-PARENT',
          `${what} as listed`,
          [state, listed],
          ['id', 'name'],
        );
        expectSameParent(target, 'LOC-STATE-PARENT', `country of ${what}`, [state.country, country]);
      }
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
      const mustHave = [target.catalog.cityId, target.catalog.cityWithoutNeighborhoods];
      for (const listed of sample(state.cities, mustHave)) {
        const city = await readLocation(api, 'getCity', { city_id: listed.id });
        const what = `city ${listed.id}`;
        expectSameWhereShown(
          target.isMock,
          'LOC-CITY-PARENT',
          `${what} as listed`,
          [city, listed],
          ['id', 'name'],
        );
        expectSameParent(target, 'LOC-CITY-PARENT', `state of ${what}`, [city.state, state]);
        expectSameParent(target, 'LOC-CITY-PARENT', `country of ${what}`, [city.country, state.country]);
      }
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
      expect(
        city.neighborhoods.map((n) => n.id),
        'the profile neighborhood is listed',
      ).toContain(target.catalog.neighborhoodId);
      for (const listed of sample(city.neighborhoods, [target.catalog.neighborhoodId])) {
        const neighborhood = await readLocation(api, 'getNeighborhood', { neighborhood_id: listed.id });
        const what = `neighborhood ${listed.id}`;
        const id = 'LOC-NEIGHBORHOOD-PARENT';
        expectSameWhereShown(target.isMock, id, `${what} as listed`, [neighborhood, listed], ['id', 'name']);
        expectSameParent(target, id, `city of ${what}`, [neighborhood.city, city]);
        expectSameParent(target, id, `state of ${what}`, [neighborhood.state, city.state]);
        expectSameParent(target, id, `country of ${what}`, [neighborhood.country, city.country]);
      }
    },
  );

  test(
    'reads a city without neighborhoods, listed by its state',
    verifies(['LOC-CITY-NO-NEIGHBORHOODS', 'LOC-CITY-PARENT'], '@readonly'),
    async ({ api, target }) => {
      const city = await readLocation(api, 'getCity', { city_id: target.catalog.cityWithoutNeighborhoods });
      const where = 'catalog.cityWithoutNeighborhoods';
      // Discovery takes this city from its state's list for its empty neighborhoods: judging either
      // again would compare a read with itself. Judged when the profile names the city.
      if (!namedByProfile((p) => p.catalog?.cityWithoutNeighborhoods)) {
        const why =
          "discovery chose this city from its state's list for its empty neighborhoods (a self-comparison)";
        notJudged('LOC-CITY-NO-NEIGHBORHOODS', `city ${city.id}`, why);
        notJudged('LOC-CITY-PARENT', `city ${city.id} listed by its state`, why);
        return;
      }
      needs(target, city.neighborhoods, 'the neighborhoods of a city', where, 'the city answered none');
      expect(city.neighborhoods, `LOC-CITY-NO-NEIGHBORHOODS: city ${city.id}`).toEqual([]);
      needs(target, city.state, 'the state of a city', where, 'the city did not name its state');
      const state = await readLocation(api, 'getState', { state_id: city.state.id });
      needs(target, state.cities, 'the cities of a state', where, "the city's state answered none");
      expect(
        state.cities.map((c) => c.id),
        `LOC-CITY-PARENT: city ${city.id} listed by its state ${state.id}`,
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
      const what = `neighborhood ${neighborhood.id}`;
      expectSameParent(target, 'LOC-NEIGHBORHOOD-PARENT', `state of ${what}`, [
        neighborhood.state,
        city.state,
      ]);
      expectSameParent(target, 'LOC-NEIGHBORHOOD-PARENT', `country of ${what}`, [
        neighborhood.country,
        city.country,
      ]);
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
