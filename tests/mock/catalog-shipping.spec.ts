import { expect, test } from '@playwright/test';
import { errorCodeOf, sentBodyAt } from '../../lib/client/typed.ts';
import { useSharedMock } from './harness.ts';

const BUYER = 3001;
const OFFSITE = 5001;
const ITEM = 'MLB100000001';
const HOUR_MS = 3_600_000;
const NOW = new Date('2026-11-20T12:00:00Z');
const mock = useSharedMock({ now: NOW });

async function options(query: Record<string, string>, item = ITEM, as: number | 'anonymous' = BUYER) {
  const res = await mock().call('getShippingOptions', { as, path: { item_id: item }, query });
  expect(res.violations).toEqual([]);
  return res;
}

const hoursAfterNow = (iso: unknown) =>
  iso === null ? null : (Date.parse(String(iso)) - NOW.getTime()) / HOUR_MS;

test.describe('mock: shipping options', () => {
  test('resolves a zip code to its city, state and country, for the caller', async () => {
    const res = await options({ zip_code: '01310100' });
    expect(res.status).toBe(200);
    const body = sentBodyAt(res, 200);
    expect([
      body.destination.zip_code,
      body.destination.city.id,
      body.destination.state.id,
      body.destination.country.id,
    ]).toEqual(['01310100', 'TUxCQ1NBTzQ1N2E4', 'TUxCUFNBT085N2E4', 'BR']);
    expect(body.buyer.id).toBe(BUYER);
  });

  test('resolves city_to to the city, with one of its zip codes', async () => {
    const body = sentBodyAt(await options({ city_to: 'TUxCQ0NBTTkxZjRk' }), 200);
    expect([body.destination.city.id, body.destination.zip_code]).toEqual(['TUxCQ0NBTTkxZjRk', '13010000']);
  });

  test('offers one option per delivery-time type, dated from the clock only when handling is known', async () => {
    const body = sentBodyAt(await options({ zip_code: '01310100' }), 200);
    const byType = Object.fromEntries(body.options.map((o) => [o.estimated_delivery_time.type, o]));
    expect(Object.keys(byType).sort()).toEqual(['known', 'known_frame', 'unknown', 'unknown_frame']);
    const summary = (type: string) => {
      const edt = byType[type]!.estimated_delivery_time;
      return [edt.handling, hoursAfterNow(edt.date), hoursAfterNow(edt.offset.date), edt.offset.shipping];
    };
    expect(summary('known')).toEqual([24, 96, null, null]);
    expect(summary('known_frame')).toEqual([24, 48, 72, 24]);
    expect(summary('unknown')).toEqual([null, null, null, null]);
    expect(summary('unknown_frame')).toEqual([null, null, null, 48]);
  });

  test('never charges more than the list cost, free shipping included', async () => {
    const body = sentBodyAt(await options({ zip_code: '01310100' }), 200);
    for (const option of body.options) expect(option.cost).toBeLessThanOrEqual(Number(option.list_cost));
    expect(body.options.some((o) => o.cost === 0 && Number(o.list_cost) > 0)).toBe(true);
    expect(new Set(body.options.map((o) => o.display))).toEqual(
      new Set(['always', 'optional', 'no', 'recommended']),
    );
  });

  test('ships an item of another site in its currency', async () => {
    const body = sentBodyAt(await options({ city_to: 'TUxBQ0NBUGZlZG1o' }, 'MLA100000001'), 200);
    expect(new Set(body.options.map((o) => o.currency_id))).toEqual(new Set(['ARS']));
  });

  const errors: [string, Record<string, string>, string, number, string, string][] = [
    ['no destination', {}, ITEM, 400, 'bad_request', 'One of zip_code or city_to is required'],
    [
      'both destinations',
      { zip_code: '01310100', city_to: 'TUxCQ1NBTzQ1N2E4' },
      ITEM,
      400,
      'bad_request',
      'Send either zip_code or city_to, not both',
    ],
    [
      'a malformed zip code',
      { zip_code: '01310-100' },
      ITEM,
      400,
      'bad_request',
      'Invalid zip_code: 01310-100',
    ],
    ['a malformed city_to', { city_to: 'São Paulo' }, ITEM, 400, 'invalid_id', 'Invalid id: São Paulo'],
    ['an unknown zip code', { zip_code: '99999999' }, ITEM, 404, 'not_found', 'Zip code not found'],
    ['an unknown city', { city_to: 'TUxCQ1VOS05PV04x' }, ITEM, 404, 'not_found', 'City not found'],
    ['an unknown item', { zip_code: '01310100' }, 'MLB999999999', 404, 'not_found', 'Item not found'],
    ['a malformed item id', { zip_code: '01310100' }, 'item-1', 400, 'invalid_id', 'Invalid id: item-1'],
  ];
  for (const [what, query, item, status, error, message] of errors) {
    test(`answers ${status} ${error} to ${what}`, async () => {
      const res = await options(query, item);
      expect(res.body).toEqual({ message, error, status, cause: [] });
    });
  }

  test('answers 403 access_token_not_granted without a token and 403 forbidden off-site', async () => {
    const anonymous = await options({ zip_code: '01310100' }, ITEM, 'anonymous');
    expect(anonymous.body).toEqual({
      message: 'The access token was not sent',
      error: 'access_token_not_granted',
      status: 403,
      cause: [],
    });
    const offsite = await options({ zip_code: '01310100' }, ITEM, OFFSITE);
    expect([offsite.status, errorCodeOf(offsite)]).toEqual([403, 'forbidden']);
  });

  test('answers 401 to an unknown token and 400 to a malformed one', async () => {
    const query = { zip_code: '01310100' };
    const unknown = await mock().call('getShippingOptions', {
      as: { token: 'APP_USR-unknown-1' },
      path: { item_id: ITEM },
      query,
    });
    expect([unknown.status, unknown.violations]).toEqual([401, []]);
    const malformed = await mock().call('getShippingOptions', {
      as: { token: '%%%' },
      path: { item_id: ITEM },
      query,
    });
    expect([malformed.status, malformed.violations]).toEqual([400, []]);
  });
});
