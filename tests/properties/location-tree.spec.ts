import fc from 'fast-check';
import { expectHot, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { type BodyAt, bodyAt, type OperationId } from '../../lib/client/typed.ts';
import type { ApiResponse, Schemas } from '../../lib/client/types.ts';
import { listedJudgement, pointsAtJudgement } from '../../lib/rules/location-tree.ts';
import { pick, treeWalk } from '../../lib/rules/tree-walk.ts';
import { expectJudgements, expectSameWhereShown } from '../contract/support/judgements.ts';

// Read-only: random walks down the classified locations from the countries list
// (country > state > city > neighborhood), following only ids the answers give. Whether a location
// read needs a token is not shown (Authentication 6): each read goes without one first, and a
// refusal with the documented no-token answer is read again with the seller's token.

type IdName = Schemas['IdName'];
type CountrySummary = Schemas['CountrySummary'];

/** The nodes one walk read, from the country down to where the walk stopped. */
interface LocationWalk {
  listed: CountrySummary;
  country: Schemas['Country'];
  state?: Schemas['State'];
  city?: Schemas['City'];
  neighborhood?: Schemas['Neighborhood'];
}

const LEVELS = [
  ['getCountry', 'country_id'],
  ['getState', 'state_id'],
  ['getCity', 'city_id'],
  ['getNeighborhood', 'neighborhood_id'],
] as const;

/** A location read without a token; where refused as the reference refuses a call without one, with the seller's. */
async function readWithOrWithoutToken<O extends OperationId>(
  api: ApiClient,
  target: TargetProfile,
  operationId: O,
  path: Record<string, string> = {},
): Promise<ApiResponse<O>> {
  const without = await api.call(operationId, { as: 'anonymous', path });
  if (without.status === 200) return without;
  expectError(without, { status: 403, error: 'access_token_not_granted' }, target);
  return api.call(operationId, { as: 'seller', path });
}

type Level = (typeof LEVELS)[number];

/** Reads a location of one level by an id its parent lists (opaque: sent as its text). */
async function read<O extends Level[0]>(
  api: ApiClient,
  target: TargetProfile,
  [operationId, param]: readonly [O, Level[1]],
  id: unknown,
): Promise<BodyAt<O, 200>> {
  const res = await readWithOrWithoutToken(api, target, operationId, { [param]: String(id) });
  expectHot(res.status, `LOC-ID-OPAQUE: ${res.label}, an id its parent lists, can be read`).toBe(200);
  return bodyAt(res, 200);
}

async function countries(api: ApiClient, target: TargetProfile): Promise<CountrySummary[]> {
  const res = await readWithOrWithoutToken(api, target, 'listCountries');
  expectHot(res.status, res.label).toBe(200);
  const list = bodyAt(res, 200);
  test.skip(list.length === 0, `not verified: ${res.label} lists no country to walk from`);
  return list;
}

/** A listed child to read next, or undefined where the list is empty or not shown (an omission the checks report). */
function next(list: IdName[] | undefined, choice: number, more: boolean): IdName | undefined {
  return more && list && list.length > 0 ? pick(list, choice) : undefined;
}

/** Walks down from a listed country along the choices; stops where a list is empty. */
async function walk(
  api: ApiClient,
  target: TargetProfile,
  list: CountrySummary[],
  choices: number[],
): Promise<LocationWalk> {
  const [c0 = 0, c1 = 0, c2 = 0, c3 = 0] = choices;
  const listed = pick(list, c0);
  const result: LocationWalk = { listed, country: await read(api, target, LEVELS[0], listed.id) };
  const state = next(result.country.states, c1, choices.length >= 2);
  if (!state) return result;
  result.state = await read(api, target, LEVELS[1], state.id);
  const city = next(result.state.cities, c2, choices.length >= 3);
  if (!city) return result;
  result.city = await read(api, target, LEVELS[2], city.id);
  const neighborhood = next(result.city.neighborhoods, c3, choices.length >= 4);
  if (!neighborhood) return result;
  result.neighborhood = await read(api, target, LEVELS[3], neighborhood.id);
  return result;
}

function expectBackPointers(w: LocationWalk): void {
  const { country, state, city, neighborhood } = w;
  const judgements = [];
  if (state) {
    const id = 'LOC-STATE-PARENT';
    judgements.push(
      pointsAtJudgement(id, `country of state ${state.id}`, state.country, country),
      listedJudgement(id, country, country.states, state),
    );
  }
  if (state && city) {
    const id = 'LOC-CITY-PARENT';
    judgements.push(
      pointsAtJudgement(id, `state of city ${city.id}`, city.state, state),
      pointsAtJudgement(id, `country of city ${city.id}`, city.country, country),
      listedJudgement(id, state, state.cities, city),
    );
  }
  if (city && neighborhood) {
    const id = 'LOC-NEIGHBORHOOD-PARENT';
    const what = `neighborhood ${neighborhood.id}`;
    judgements.push(
      pointsAtJudgement(id, `city of ${what}`, neighborhood.city, city),
      pointsAtJudgement(id, `state of ${what}`, neighborhood.state, city.state ?? state),
      pointsAtJudgement(id, `country of ${what}`, neighborhood.country, city.country ?? country),
      listedJudgement(id, city, city.neighborhoods, neighborhood),
    );
  }
  expectJudgements(judgements);
}

test.describe('GET /classified_locations/*, walking the tree', () => {
  test(
    'should read every listed country with the summary it was listed with',
    verifies(['LOC-COUNTRY-LISTED'], '@readonly'),
    async ({ api, target, property }) => {
      const list = await countries(api, target);
      await property(
        fc.asyncProperty(treeWalk, async (choices) => {
          const { listed, country } = await walk(api, target, list, choices.slice(0, 1));
          const pair: [CountrySummary, CountrySummary] = [country, listed];
          const fields = ['id', 'name', 'locale', 'currency_id'] as const;
          expectSameWhereShown(target.isMock, 'LOC-COUNTRY-LISTED', `country ${listed.id}`, pair, fields);
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
    async ({ api, target, property }) => {
      const list = await countries(api, target);
      await property(
        fc.asyncProperty(treeWalk, async (choices) =>
          expectBackPointers(await walk(api, target, list, choices)),
        ),
        15,
      );
    },
  );
});
