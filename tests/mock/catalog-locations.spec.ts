import { expect, test } from '@playwright/test';
import { errorCodeOf, sentBodyAt } from '../../lib/client/typed.ts';
import type { LocationsSeed } from '../../mock/store/catalog-locations.ts';
import { readSeed } from '../../mock/store/data.ts';
import { useSharedMock } from './harness.ts';

const SELLER = 2001;
const seed = readSeed<LocationsSeed>('locations.json');
const mock = useSharedMock();

type LocationRead = 'listCountries' | 'getCountry' | 'getState' | 'getCity' | 'getNeighborhood';

async function ok<O extends LocationRead>(operationId: O, path: Record<string, string> = {}) {
  const res = await mock().call(operationId, { as: SELLER, path });
  expect(res.violations).toEqual([]);
  expect(res.status, `${operationId} ${JSON.stringify(path)}`).toBe(200);
  return sentBodyAt(res, 200);
}

test.describe('mock: classified locations', () => {
  test('lists BR and AR with their locale and currency', async () => {
    const list = await ok('listCountries');
    expect(list).toEqual([
      { id: 'BR', name: 'Brasil', locale: 'pt_BR', currency_id: 'BRL' },
      { id: 'AR', name: 'Argentina', locale: 'es_AR', currency_id: 'ARS' },
    ]);
  });

  test('links every country, state, city and neighborhood of the seed both ways', async () => {
    for (const country of seed.countries) {
      const read = await ok('getCountry', { country_id: country.id });
      const states = seed.states
        .filter((s) => s.countryId === country.id)
        .map(({ id, name }) => ({ id, name }));
      expect(read.states).toEqual(states);
      expect(read.time_zone).toBe('GMT-03:00');
    }
    for (const state of seed.states) {
      const read = await ok('getState', { state_id: state.id });
      expect(read.country.id).toBe(state.countryId);
      expect(read.cities).toEqual(
        seed.cities.filter((c) => c.stateId === state.id).map(({ id, name }) => ({ id, name })),
      );
    }
    for (const city of seed.cities) {
      const read = await ok('getCity', { city_id: city.id });
      const state = await ok('getState', { state_id: city.stateId });
      expect([read.state, read.country]).toEqual([{ id: state.id, name: state.name }, state.country]);
      expect(read.neighborhoods).toEqual(
        seed.neighborhoods.filter((n) => n.cityId === city.id).map(({ id, name }) => ({ id, name })),
      );
    }
    for (const neighborhood of seed.neighborhoods) {
      const read = await ok('getNeighborhood', { neighborhood_id: neighborhood.id });
      const city = await ok('getCity', { city_id: neighborhood.cityId });
      expect([read.city, read.state, read.country]).toEqual([
        { id: city.id, name: city.name },
        city.state,
        city.country,
      ]);
      expect(read.subneighborhoods).toEqual([]);
    }
  });

  test('has a city without neighborhoods (Campinas)', async () => {
    const city = await ok('getCity', { city_id: 'TUxCQ0NBTTkxZjRk' });
    expect([city.name, city.neighborhoods]).toEqual(['Campinas', []]);
  });

  const unknown = [
    ['getCountry', 'country_id', 'ZZ', 'Country not found'],
    ['getState', 'state_id', 'TUxCUFVOS05PV04x', 'State not found'],
    ['getCity', 'city_id', 'TUxCQ1VOS05PV04x', 'City not found'],
    ['getNeighborhood', 'neighborhood_id', 'TUxCQlVOS05PV04x', 'Neighborhood not found'],
  ] as const;
  for (const [operationId, param, id, message] of unknown) {
    test(`${operationId} answers 404 not_found "${message}" to an unknown id`, async () => {
      const res = await mock().call(operationId, { path: { [param]: id } });
      expect(res.violations).toEqual([]);
      expect(res.body).toEqual({ message, error: 'not_found', status: 404, cause: [] });
    });
  }

  const malformed = [
    ['getCountry', 'country_id', 'br'],
    ['getCountry', 'country_id', 'BRA'],
    ['getState', 'state_id', 'a b'],
    ['getCity', 'city_id', 'TUxC/../x'],
    ['getNeighborhood', 'neighborhood_id', 'x'.repeat(65)],
  ] as const;
  for (const [operationId, param, id] of malformed) {
    test(`${operationId} answers 400 invalid_id to "${id.slice(0, 10)}"`, async () => {
      const res = await mock().call(operationId, { path: { [param]: id } });
      expect(res.violations).toEqual([]);
      expect(res.body).toEqual({ message: `Invalid id: ${id}`, error: 'invalid_id', status: 400, cause: [] });
    });
  }
});

test.describe('mock: classified locations and tokens', () => {
  test('answers the same without a token, with one, and with a token of an unavailable site', async () => {
    const path = { city_id: 'TUxCQ1NBTzQ1N2E4' };
    const answers = await Promise.all(
      (['anonymous', SELLER, 5001] as const).map((as) => mock().call('getCity', { as, path })),
    );
    for (const res of answers) expect([res.status, res.violations]).toEqual([200, []]);
    expect(answers[0]!.body).toEqual(answers[1]!.body);
    expect(answers[2]!.body).toEqual(answers[1]!.body);
  });

  test('answers 401 to an unknown token and 400 to a malformed one', async () => {
    const unknown = await mock().call('listCountries', { as: { token: 'APP_USR-unknown-1' } });
    expect([unknown.status, unknown.violations, errorCodeOf(unknown)]).toEqual([401, [], 'not_found']);
    const malformed = await mock().call('listCountries', { as: { token: 'garbage' } });
    expect([malformed.status, malformed.violations]).toEqual([400, []]);
  });
});
