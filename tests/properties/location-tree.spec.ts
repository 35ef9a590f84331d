import fc from 'fast-check';
import type { ApiClient } from '../../fixtures/api/client.ts';
import { expect, test, verifies } from '../../fixtures/index.ts';
import type {
  City,
  Country,
  CountrySummary,
  IdName,
  Neighborhood,
  State,
} from '../../fixtures/shapes/catalog.ts';
import { pick, treeWalk } from './arbitraries/treeWalk.ts';

// Read-only: random walks down the classified locations from the countries list
// (country > state > city > neighborhood), following only ids the answers give.

/** The nodes one walk read, from the country down to where the walk stopped. */
interface LocationWalk {
  listed: CountrySummary;
  country: Country;
  state?: State;
  city?: City;
  neighborhood?: Neighborhood;
}

const LEVELS = [
  ['getCountry', 'country_id'],
  ['getState', 'state_id'],
  ['getCity', 'city_id'],
  ['getNeighborhood', 'neighborhood_id'],
] as const;

async function read<T>(api: ApiClient, level: number, id: string): Promise<T> {
  const [operationId, param] = LEVELS[level]!;
  const res = await api.call(operationId, { as: 'anonymous', path: { [param]: id } });
  expect(res.status, `LOC-ID-OPAQUE: ${res.label}, an id its parent lists, can be read`).toBe(200);
  return res.body as T;
}

async function countries(api: ApiClient): Promise<CountrySummary[]> {
  const res = await api.call('listCountries', { as: 'anonymous' });
  expect(res.status, res.label).toBe(200);
  const list = res.body as CountrySummary[];
  expect(list.length, `${res.label}: the target lists countries`).toBeGreaterThan(0);
  return list;
}

/** Walks down from a listed country along the choices; stops where a list is empty. */
async function walk(api: ApiClient, list: CountrySummary[], choices: number[]): Promise<LocationWalk> {
  const [c0 = 0, c1 = 0, c2 = 0, c3 = 0] = choices;
  const listed = pick(list, c0);
  const result: LocationWalk = { listed, country: await read<Country>(api, 0, listed.id) };
  if (choices.length < 2 || result.country.states.length === 0) return result;
  result.state = await read<State>(api, 1, pick(result.country.states, c1).id);
  if (choices.length < 3 || result.state.cities.length === 0) return result;
  result.city = await read<City>(api, 2, pick(result.state.cities, c2).id);
  if (choices.length < 4 || result.city.neighborhoods.length === 0) return result;
  result.neighborhood = await read<Neighborhood>(api, 3, pick(result.city.neighborhoods, c3).id);
  return result;
}

const idName = (node: IdName): IdName => ({ id: node.id, name: node.name });

/** The parent lists the child under the child's own id and name. */
function expectListed(parent: IdName, list: IdName[], child: IdName, rule: string): void {
  const entry = list.find((item) => item.id === child.id);
  expect(entry && idName(entry), `${rule}: ${parent.id} lists ${child.id} with its name`).toEqual(
    idName(child),
  );
}

function expectBackPointers(w: LocationWalk): void {
  const { country, state, city, neighborhood } = w;
  if (state) {
    expect(idName(state.country), `LOC-STATE-PARENT: country of state ${state.id}`).toEqual(idName(country));
    expectListed(country, country.states, state, 'LOC-STATE-PARENT');
  }
  if (state && city) {
    expect(idName(city.state), `LOC-CITY-PARENT: state of city ${city.id}`).toEqual(idName(state));
    expect(idName(city.country), `LOC-CITY-PARENT: country of city ${city.id}`).toEqual(idName(country));
    expectListed(state, state.cities, city, 'LOC-CITY-PARENT');
  }
  if (city && neighborhood) {
    const what = `LOC-NEIGHBORHOOD-PARENT: neighborhood ${neighborhood.id}`;
    expect(idName(neighborhood.city), `${what}: city`).toEqual(idName(city));
    expect(idName(neighborhood.state), `${what}: state`).toEqual(idName(city.state));
    expect(idName(neighborhood.country), `${what}: country`).toEqual(idName(city.country));
    expectListed(city, city.neighborhoods, neighborhood, 'LOC-NEIGHBORHOOD-PARENT');
  }
}

test.describe('GET /classified_locations/*, walking the tree', () => {
  test(
    'should read every listed country with the summary it was listed with',
    verifies(['LOC-COUNTRY-LISTED'], '@readonly'),
    async ({ api, property }) => {
      const list = await countries(api);
      await property(
        fc.asyncProperty(treeWalk, async (choices) => {
          const { listed, country } = await walk(api, list, choices.slice(0, 1));
          const summary = {
            id: listed.id,
            name: listed.name,
            locale: listed.locale,
            currency_id: listed.currency_id,
          };
          const read = {
            id: country.id,
            name: country.name,
            locale: country.locale,
            currency_id: country.currency_id,
          };
          expect(read, `LOC-COUNTRY-LISTED: ${listed.id}`).toEqual(summary);
        }),
        5,
      );
    },
  );

  test(
    'should point every child of any walk back at the parents it was reached from, with their ids and names',
    verifies(
      ['LOC-STATE-PARENT', 'LOC-CITY-PARENT', 'LOC-NEIGHBORHOOD-PARENT', 'LOC-ID-OPAQUE'],
      '@readonly',
    ),
    async ({ api, property }) => {
      const list = await countries(api);
      await property(
        fc.asyncProperty(treeWalk, async (choices) => expectBackPointers(await walk(api, list, choices))),
        15,
      );
    },
  );
});
