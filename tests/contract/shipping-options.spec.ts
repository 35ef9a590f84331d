import { expect, expectRules, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Caller, Schemas } from '../../lib/client/types.ts';
import { DELIVERY_TIME_RULES } from '../../lib/rules/delivery-time.ts';
import { judgeShown } from './support/judgements.ts';
import { notVerified, skipUnless } from './support/reference.ts';

type ShippingOption = Schemas['ShippingOption'];
type ShippingOptions = Schemas['ShippingOptions'];

/**
 * The options of an answer. `options` is a listed field: the mock always sends it (its absence fails);
 * where a foreign target leaves it out, the test reports "not verified" instead of judging no option.
 */
function optionsOf(body: ShippingOptions, target: TargetProfile, to: string): ShippingOption[] {
  if (body.options !== undefined) return body.options;
  expect(target.isMock, `the mock's answer to ${to} carries options`).toBe(false);
  test.skip(
    true,
    notVerified(
      'the options of the answer',
      'catalog.shippingItem',
      `the answer to ${to} left out options (a listed field)`,
    ),
  );
  throw new Error('unreachable: the test was skipped as not verified');
}

// Read-only: GET /items/{item_id}/shipping_options for the profile's item, zip code and city.

/** Shipping options of the profile's item to the profile's zip code or city. */
function optionsFor(api: ApiClient, target: TargetProfile, as: Caller, destination: 'zip' | 'city') {
  const { shippingItem, zipCode, cityTo } = target.catalog;
  const query = destination === 'zip' ? { zip_code: zipCode } : { city_to: cityTo };
  return api.call('getShippingOptions', { as, path: { item_id: shippingItem }, query });
}

/** A listed field whose type is not shown: a null is taken as left out. */
const shownValue = (value: unknown) => value ?? undefined;

/**
 * The reference's rules for one option: display values, tracking values and the delivery-time rules of
 * its type. Listed fields a foreign target leaves out are omissions (the schema check reports them):
 * the rules reading them are not judged on that option.
 */
function expectOptionRules(option: ShippingOption, isMock: boolean): void {
  const what = `option ${String(option.id)}`;
  judgeShown(isMock, 'SHIP-DISPLAY-VALUES', `${what} display`, shownValue(option.display), (display) =>
    expect(['always', 'optional', 'no', 'recommended'], `SHIP-DISPLAY-VALUES: ${what}`).toContain(display),
  );
  judgeShown(
    isMock,
    'SHIP-TRACKS-VALUES',
    `${what} tracks_shipments_status`,
    shownValue(option.tracks_shipments_status),
    (v) => expect(['verified', 'not_verified'], `SHIP-TRACKS-VALUES: ${what}`).toContain(v),
  );
  if (isMock)
    expect(option.estimated_delivery_time, `the mock's ${what} carries a delivery promise`).toBeDefined();
}

test.describe('GET /items/{item_id}/shipping_options', () => {
  test(
    'calculates the options to a zip code, every option within the rules',
    verifies(
      [
        'SHIP-BY-ZIP',
        'SHIP-RESPONSE-FIELDS',
        'SHIP-DESTINATION-FIELDS',
        'SHIP-OPTION-FIELDS',
        'SHIP-VERSIONS',
        'AUTH-BEARER-HEADER',
      ],
      '@readonly',
      '@smoke',
    ),
    async ({ api, target }) => {
      const res = await optionsFor(api, target, 'buyer', 'zip');
      expect(res.status).toBe(200);
      const body = bodyAt(res, 200);
      // destination's fields are listed: judged where the answer carries them (an omission is reported).
      // Their types are not shown either: a null is taken as left out.
      judgeShown(
        target.isMock,
        'SHIP-BY-ZIP',
        'destination.zip_code',
        shownValue(body.destination?.zip_code),
        (zip) => expect(String(zip), 'SHIP-BY-ZIP: destination.zip_code').toBe(target.catalog.zipCode),
      );
      expect(typeof body.app_version, 'SHIP-VERSIONS: app_version').toBe('string');
      // "the destination extended_attributes carries version": judged where the answer carries extended_attributes.
      judgeShown(
        target.isMock,
        'SHIP-VERSIONS',
        'destination.extended_attributes',
        shownValue(body.destination?.extended_attributes),
        (extended) =>
          expect(extended, 'SHIP-VERSIONS: extended_attributes.version').toHaveProperty('version'),
      );
      const options = optionsOf(body, target, 'the profile zip code');
      expect(options.length, 'the profile item ships to the profile zip code').toBeGreaterThan(0);
      for (const option of options) expectOptionRules(option, target.isMock);
    },
  );

  test(
    'calculates the options to a city, every option within the rules',
    verifies(['SHIP-BY-CITY', 'SHIP-DISPLAY-VALUES', 'SHIP-TRACKS-VALUES'], '@readonly'),
    async ({ api, target }) => {
      const res = await optionsFor(api, target, 'buyer', 'city');
      expect(res.status).toBe(200);
      const body = bodyAt(res, 200);
      judgeShown(
        target.isMock,
        'SHIP-BY-CITY',
        'destination.city.id',
        shownValue(body.destination?.city?.id),
        (city) => expect(String(city), 'SHIP-BY-CITY: destination.city.id').toBe(target.catalog.cityTo),
      );
      const options = optionsOf(body, target, 'the profile city');
      expect(options.length, 'the profile item ships to the profile city').toBeGreaterThan(0);
      for (const option of options) expectOptionRules(option, target.isMock);
    },
  );

  test(
    'gives every option a delivery promise that obeys the rules of its type',
    verifies(
      ['SHIP-EDT-TYPES', 'SHIP-EDT-HANDLING', 'SHIP-EDT-DATE-IF-HANDLING', 'SHIP-EDT-BUSINESS-RANGE'],
      '@readonly',
    ),
    async ({ api, target }) => {
      const res = await optionsFor(api, target, 'seller', 'zip');
      expect(res.status).toBe(200);
      const options = optionsOf(bodyAt(res, 200), target, 'the profile zip code');
      skipUnless(
        options.length > 0,
        'a shipping option',
        'catalog.shippingItem',
        'the answer lists no option',
      );
      for (const option of options) expectOptionRules(option, target.isMock);
      expectRules(res, ...DELIVERY_TIME_RULES);
    },
  );

  test(
    'keeps every option cost within its list_cost on the mock',
    verifies(['SHIP-COST-NOT-ABOVE-LIST'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      for (const to of ['zip', 'city'] as const) {
        const res = await optionsFor(api, target, 'buyer', to);
        for (const option of optionsOf(bodyAt(res, 200), target, `the profile ${to}`))
          expect(option.cost, `cost of option ${String(option.id)}`).toBeLessThanOrEqual(
            Number(option.list_cost),
          );
      }
    },
  );

  test(
    'offers one option of each delivery-time type on the mock',
    verifies(['SHIP-EDT-TYPES'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const res = await optionsFor(api, target, 'buyer', 'zip');
      const types = optionsOf(bodyAt(res, 200), target, 'the profile zip code').map(
        (o) => o.estimated_delivery_time?.type,
      );
      expect(types.sort()).toEqual(['known', 'known_frame', 'unknown', 'unknown_frame']);
    },
  );
});

test.describe('GET /items/{item_id}/shipping_options: tokens', () => {
  test(
    'answers a call without a token with 403 access_token_not_granted',
    verifies(['AUTH-NO-TOKEN-403', 'AUTH-BEARER-HEADER'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      // Authentication 1 names shipping options among the calls that send the token, and Authentication 6
      // leaves the need of one open for location, category and site search only: Authentication 3's refusal.
      const res = await optionsFor(api, target, 'anonymous', 'zip');
      expectError(res, { status: 403, error: 'access_token_not_granted' }, target);
    },
  );

  test(
    'answers 403 forbidden to a user of a site where the API is not available',
    verifies(['AUTH-SITE-NOT-AVAILABLE'], '@readonly'),
    async ({ api, target }) => {
      const res = await optionsFor(api, target, 'unavailableSite', 'zip');
      expectError(res, { status: 403, error: 'forbidden' }, target);
    },
  );

  const badTokens = [
    {
      what: 'an unknown token',
      token: 'APP_USR-unknown-0000',
      status: 401,
      error: 'not_found',
      message: 'invalid_token',
      id: 'AUTH-INVALID-TOKEN',
    },
    {
      what: 'a malformed token',
      token: 'not a token',
      status: 400,
      error: 'bad_request',
      message: /^Malformed access_token/,
      id: 'AUTH-MALFORMED-TOKEN',
    },
  ];
  for (const { what, token, id, ...expected } of badTokens) {
    test(
      `answers ${expected.status} ${expected.error} to ${what}`,
      verifies([id], '@readonly', '@mock-only'),
      async ({ api, target }) => {
        const res = await optionsFor(api, target, { token }, 'zip');
        expectError(res, { ...expected, statusIsGap: true, messageIsGap: true }, target);
      },
    );
  }
});

test.describe('GET /items/{item_id}/shipping_options: errors on the mock', () => {
  const cases: {
    what: string;
    item?: string;
    query: Record<string, string>;
    status: number;
    error: string;
    message: string;
    id: string;
  }[] = [
    {
      what: 'neither zip_code nor city_to',
      query: {},
      status: 400,
      error: 'bad_request',
      message: 'One of zip_code or city_to is required',
      id: 'SHIP-ERR-NO-DESTINATION',
    },
    {
      what: 'both zip_code and city_to',
      query: { zip_code: '01310100', city_to: 'TUxCQ1NBTzQ1N2E4' },
      status: 400,
      error: 'bad_request',
      message: 'Send either zip_code or city_to, not both',
      id: 'SHIP-ERR-NO-DESTINATION',
    },
    {
      what: 'a zip_code of 3 digits',
      query: { zip_code: '123' },
      status: 400,
      error: 'bad_request',
      message: 'Invalid zip_code: 123',
      id: 'SHIP-ERR-NO-DESTINATION',
    },
    {
      what: 'an unknown item',
      item: 'MLB999999999',
      query: { zip_code: '01310100' },
      status: 404,
      error: 'not_found',
      message: 'Item not found',
      id: 'SHIP-ERR-NOT-FOUND',
    },
    {
      what: 'a malformed item id',
      item: 'item-1',
      query: { zip_code: '01310100' },
      status: 400,
      error: 'invalid_id',
      message: 'Invalid id: item-1',
      id: 'SHIP-ERR-NOT-FOUND',
    },
    {
      what: 'an unknown zip code',
      query: { zip_code: '99999999' },
      status: 404,
      error: 'not_found',
      message: 'Zip code not found',
      id: 'SHIP-ERR-NOT-FOUND',
    },
    {
      what: 'an unknown city_to',
      query: { city_to: 'TUxCQ1VOS05PV04x' },
      status: 404,
      error: 'not_found',
      message: 'City not found',
      id: 'SHIP-ERR-NOT-FOUND',
    },
  ];
  for (const { what, item, query, id, ...expected } of cases) {
    test(
      `answers ${expected.status} ${expected.error} to ${what}`,
      verifies([id], '@readonly', '@mock-only'),
      async ({ api, target, seed }) => {
        const res = await api.call('getShippingOptions', {
          as: 'buyer',
          path: { item_id: item ?? seed.catalog.shippingItem },
          query,
        });
        expectError(res, { ...expected, statusIsGap: true, messageIsGap: true }, target);
      },
    );
  }
});
