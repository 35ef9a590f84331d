/** Currency conversion, read-only: ratios between the currencies the target's countries use. */
import fc from 'fast-check';
import { expectHot, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt, hasStatus } from '../../lib/client/typed.ts';
import type { ApiResponse } from '../../lib/client/types.ts';

// The reference states no precision for ratios; a round trip within 1% is what any client would expect.
const ROUND_TRIP_TOLERANCE = 0.01;

function convert(api: ApiClient, from: string, to: string): Promise<ApiResponse<'convertCurrency'>> {
  return api.call('convertCurrency', { as: 'seller', query: { from, to } });
}

async function ratio(api: ApiClient, from: string, to: string): Promise<number> {
  const res = await convert(api, from, to);
  expectHot(res.status, res.label).toBe(200);
  return bodyAt(res, 200).ratio;
}

/** The currencies of a profile's pair and of the target's countries. */
async function currenciesOf(api: ApiClient, pair: TargetProfile['orders']['currencies']): Promise<string[]> {
  const countries = await api.call('listCountries', { as: 'seller' });
  const listed = hasStatus(countries, 200)
    ? countries.body.flatMap((c) =>
        typeof c.currency_id === 'string' && c.currency_id ? [c.currency_id] : [],
      )
    : [];
  return [...new Set([pair.from, pair.to, ...listed])];
}

test.describe('GET /currency_conversions/search for any pair', () => {
  test.describe.configure({ timeout: 120_000 });

  // "Convert between currencies by ratio" does not say every pair, or a currency into itself, is
  // converted: a foreign target may refuse a pair with a client error. Every pair it converts is judged.
  test(
    'should answer any pair it converts with a positive number, and convert the pair the target showed',
    verifies(['CUR-CONVERT-RATIO'], '@readonly'),
    async ({ api, target, property }) => {
      const { from, to } = target.orders.currencies;
      expectHot(await ratio(api, from, to), `CUR-CONVERT-RATIO: ${from}→${to}`).toBeGreaterThan(0);
      const currency = fc.constantFrom(...(await currenciesOf(api, target.orders.currencies)));
      const check = async (a: string, b: string) => {
        const res = await convert(api, a, b);
        const what = `CUR-CONVERT-RATIO: ${res.label} answered ${res.status} ${res.shown.slice(0, 200)}`;
        if (res.status !== 200) {
          expectHot(
            target.isMock ? [200] : [200, '4xx'],
            `${res.label} answered ${res.status}: a pair refused with a client error`,
          ).toContain(res.status >= 400 && res.status < 500 ? '4xx' : res.status);
          notJudged('CUR-CONVERT-RATIO', res.label, 'the pair was refused: no ratio to judge');
          return;
        }
        const { ratio: value } = bodyAt(res, 200);
        expectHot(typeof value === 'number' && value > 0, `${what}: a positive number`).toBe(true);
      };
      await property(fc.asyncProperty(currency, currency, check), 15);
    },
  );

  // Identity and inverse are gaps of the reference (a server may quote spreads): the mock's behaviour.
  test(
    'should answer 1 from a currency to itself and a round trip within 1%',
    verifies(['CUR-CONVERT-IDENTITY', 'CUR-CONVERT-INVERSE'], '@readonly', '@mock-only'),
    async ({ api, seed, property }) => {
      const currency = fc.constantFrom(...(await currenciesOf(api, seed.orders.currencies)));
      await property(
        fc.asyncProperty(currency, currency, async (from, to) => {
          const there = await ratio(api, from, to);
          if (from === to) expectHot(there, `CUR-CONVERT-IDENTITY: ${from}→${to}`).toBe(1);
          const back = await ratio(api, to, from);
          expectHot(
            Math.abs(there * back - 1),
            `CUR-CONVERT-INVERSE: ${from}→${to}→${from}`,
          ).toBeLessThanOrEqual(ROUND_TRIP_TOLERANCE);
        }),
        15,
      );
    },
  );
});
