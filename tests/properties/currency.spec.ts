/** Currency conversion, read-only: ratios between the currencies the target's countries use. */
import fc from 'fast-check';
import type { ApiClient } from '../../fixtures/api/client.ts';
import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';

// The reference states no precision for ratios; a round trip within 1% is what any client would expect.
const ROUND_TRIP_TOLERANCE = 0.01;

async function ratio(api: ApiClient, from: string, to: string): Promise<number> {
  const res = await api.call('convertCurrency', { as: 'seller', query: { from, to } });
  expect(res.status, res.label).toBe(200);
  return (res.body as { ratio: number }).ratio;
}

/** The profile's currencies and those of the target's countries. */
async function currenciesOf(api: ApiClient, target: TargetProfile): Promise<string[]> {
  const countries = await api.call('listCountries', { as: 'seller' });
  const listed = (countries.body as { currency_id: string }[]).map((c) => c.currency_id);
  return [...new Set([target.orders.currencies.from, target.orders.currencies.to, ...listed])];
}

test.describe('GET /currency_conversions/search for any pair', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should answer a positive ratio for any pair',
    verifies(['CUR-CONVERT-RATIO'], '@readonly'),
    async ({ api, target, property }) => {
      const currency = fc.constantFrom(...(await currenciesOf(api, target)));
      await property(
        fc.asyncProperty(currency, currency, async (from, to) => {
          expect(await ratio(api, from, to), `CUR-CONVERT-RATIO: ${from}→${to}`).toBeGreaterThan(0);
        }),
        15,
      );
    },
  );

  // Identity and inverse are gaps of the reference (a server may quote spreads): the mock's behaviour.
  test(
    'should answer 1 from a currency to itself and a round trip within 1%',
    verifies(['CUR-CONVERT-IDENTITY', 'CUR-CONVERT-INVERSE'], '@readonly', '@mock-only'),
    async ({ api, target, property }) => {
      const currency = fc.constantFrom(...(await currenciesOf(api, target)));
      await property(
        fc.asyncProperty(currency, currency, async (from, to) => {
          const there = await ratio(api, from, to);
          if (from === to) expect(there, `CUR-CONVERT-IDENTITY: ${from}→${to}`).toBe(1);
          const back = await ratio(api, to, from);
          expect(
            Math.abs(there * back - 1),
            `CUR-CONVERT-INVERSE: ${from}→${to}→${from}`,
          ).toBeLessThanOrEqual(ROUND_TRIP_TOLERANCE);
        }),
        15,
      );
    },
  );
});
