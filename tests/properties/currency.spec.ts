/** Currency conversion, read-only: ratios between the currencies the target's countries use. */
import fc from 'fast-check';
import type { ApiClient } from '../../fixtures/api/client.ts';
import { expect, test, verifies } from '../../fixtures/index.ts';

// The reference states no precision for ratios; a round trip within 1% is what any client would expect.
const ROUND_TRIP_TOLERANCE = 0.01;

async function ratio(api: ApiClient, from: string, to: string): Promise<number> {
  const res = await api.call('convertCurrency', { as: 'seller', query: { from, to } });
  expect(res.status, res.label).toBe(200);
  return (res.body as { ratio: number }).ratio;
}

test.describe('GET /currency_conversions/search for any pair', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should answer a positive ratio, 1 from a currency to itself, and a round trip within 1%',
    verifies(['CUR-CONVERT-RATIO', 'CUR-CONVERT-IDENTITY', 'CUR-CONVERT-INVERSE'], '@readonly'),
    async ({ api, target, property }) => {
      const countries = await api.call('listCountries', { as: 'seller' });
      const listed = (countries.body as { currency_id: string }[]).map((c) => c.currency_id);
      const currencies = [
        ...new Set([target.orders.currencies.from, target.orders.currencies.to, ...listed]),
      ];
      const currency = fc.constantFrom(...currencies);
      await property(
        fc.asyncProperty(currency, currency, async (from, to) => {
          const there = await ratio(api, from, to);
          expect(there, `CUR-CONVERT-RATIO: ${from}→${to}`).toBeGreaterThan(0);
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
