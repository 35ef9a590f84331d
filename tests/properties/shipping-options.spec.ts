import fc from 'fast-check';
import { expectHot, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt, hasStatus } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import { deliveryTimeJudgements } from '../../lib/rules/delivery-time.ts';
import { expectJudgements } from '../contract/support/judgements.ts';
import { skipUnless } from '../contract/support/reference.ts';
import { zipCodes } from './arbitraries/zipCodes.ts';

type ShippingOption = Schemas['ShippingOption'];

// Read-only: GET /items/{item_id}/shipping_options for items, zip codes and cities the target shows,
// plus generated well-formed zip codes. An unknown destination may be refused with a documented
// error (the API client fails the test on anything undocumented); the rules hold on every 200.

// cost ≤ list_cost is the mock's reading of "cost (final cost, free shipping may apply)": asserted on the mock only.
const RULE_IDS = [
  'SHIP-EDT-TYPES',
  'SHIP-EDT-HANDLING',
  'SHIP-EDT-DATE-IF-HANDLING',
  'SHIP-EDT-BUSINESS-RANGE',
];

/** The reference's rules for one option: the delivery-time rules of the oracle (and on the mock cost within list_cost). */
function expectOptionRules(option: ShippingOption, where: string, isMock: boolean): void {
  const edt = option.estimated_delivery_time;
  const what = `option ${String(option.id)} (${edt?.type}) ${where}`;
  if (isMock)
    expectHot(option.cost, `SHIP-COST-NOT-ABOVE-LIST: cost of ${what}`).toBeLessThanOrEqual(
      Number(option.list_cost),
    );
  // An absent promise is an omission (reported by the schema check): its rules are not judged on the option.
  if (isMock) expectHot(edt, `the mock's ${what} carries a delivery promise`).toBeDefined();
  expectJudgements(deliveryTimeJudgements(option, where));
}

/** Items the target shows: the profile's shipping item and what the profile's search finds. */
async function shownItems(api: ApiClient, target: TargetProfile): Promise<string[]> {
  const { siteId, search, shippingItem } = target.catalog;
  const res = await api.call('searchSiteItems', {
    as: 'seller',
    path: { site_id: siteId },
    query: {
      item_location: `lat:${search.latMin}_${search.latMax},lon:${search.lonMin}_${search.lonMax}`,
      limit: 10,
    },
  });
  // results and a result's id are listed fields: only the ids the answer carries (the profile's item remains).
  const results = hasStatus(res, 200) ? res.body.results : undefined;
  const found = (results === undefined ? [] : results).flatMap((r) =>
    r.id === undefined ? [] : [String(r.id)],
  );
  return [...new Set([shippingItem, ...found])];
}

/** Cities the target shows: the profile's, and the cities of the profile's state. */
async function shownCities(api: ApiClient, target: TargetProfile): Promise<string[]> {
  const { stateId, cityTo, cityId, cityWithoutNeighborhoods } = target.catalog;
  // With a token: whether a location read needs one is not shown, and reading with one is always shown.
  const res = await api.call('getState', { as: 'seller', path: { state_id: stateId } });
  // cities and a city's id are listed fields: only the ids the answer carries (the profile's cities remain).
  const cities = hasStatus(res, 200) ? res.body.cities : undefined;
  const listed = (cities === undefined ? [] : cities).flatMap((c) =>
    c.id === undefined ? [] : [String(c.id)],
  );
  return [...new Set([cityTo, cityId, cityWithoutNeighborhoods, ...listed])];
}

/** SHIP-BY-ZIP / SHIP-BY-CITY: the answer's destination is the one asked for, judged where the answer names it. */
function expectDestination(
  destination: Schemas['ShippingOptions']['destination'],
  query: { zip_code: string } | { city_to: string },
  where: string,
): void {
  const [id, asked, shown] =
    'zip_code' in query
      ? ['SHIP-BY-ZIP', query.zip_code, destination?.zip_code]
      : ['SHIP-BY-CITY', query.city_to, destination?.city?.id];
  // Listed fields without a type: a null is taken as left out.
  if (shown === undefined || shown === null) notJudged(id, where, 'the answer leaves its destination out');
  else expectHot(String(shown), `${id}: destination ${where}`).toBe(asked);
}

/** The options of one read that the rules were applied to: 0 when refused or answered without options. */
async function expectRulesOnSuccess(
  api: ApiClient,
  item: string,
  query: { zip_code: string } | { city_to: string },
  isMock: boolean,
): Promise<number> {
  const res = await api.call('getShippingOptions', { as: 'buyer', path: { item_id: item }, query });
  if (res.status !== 200) return 0;
  const where = `for ${item} to ${JSON.stringify(query)}`;
  const body = bodyAt(res, 200);
  expectDestination(body.destination, query, where);
  // options is a listed field: an answer without it applies the rules to nothing, like `options: []`.
  const options = body.options;
  if (options === undefined) return 0;
  for (const option of options) expectOptionRules(option, where, isMock);
  return options.length;
}

/**
 * Audit row B2: a 4xx or `options: []` checks nothing, so a property whose every read was refused or
 * empty verified none of the requirements it cites: reported not verified, never passed.
 */
function expectSomeOptionChecked(checked: number, destination: string, need: string): void {
  skipUnless(
    checked > 0,
    `an item and ${destination} the target answers with shipping options`,
    need,
    `every read of the property was refused or answered no option`,
  );
}

test.describe('GET /items/{item_id}/shipping_options for any destination', () => {
  test(
    'should keep every option of any item to any zip code within the cost and delivery-time rules',
    verifies(['SHIP-BY-ZIP', ...RULE_IDS], '@readonly'),
    async ({ api, target, property }) => {
      const items = await shownItems(api, target);
      let checked = 0;
      await property(
        fc.asyncProperty(fc.constantFrom(...items), zipCodes([target.catalog.zipCode]), async (item, zip) => {
          checked += await expectRulesOnSuccess(api, item, { zip_code: zip }, target.isMock);
        }),
        12,
      );
      expectSomeOptionChecked(checked, 'a zip code', 'catalog.zipCode');
    },
  );

  test(
    'should keep every option of any item to any city within the cost and delivery-time rules',
    verifies(['SHIP-BY-CITY', ...RULE_IDS], '@readonly'),
    async ({ api, target, property }) => {
      const [items, cities] = [await shownItems(api, target), await shownCities(api, target)];
      let checked = 0;
      await property(
        fc.asyncProperty(fc.constantFrom(...items), fc.constantFrom(...cities), async (item, city) => {
          checked += await expectRulesOnSuccess(api, item, { city_to: city }, target.isMock);
        }),
        12,
      );
      expectSomeOptionChecked(checked, 'a city', 'catalog.cityTo');
    },
  );
});
