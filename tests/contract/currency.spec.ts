import { expect, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';

// Read-only. Whether the conversion needs, accepts or ignores a token is not shown (CUR-CONVERT-NO-TOKEN is a
// gap): on a foreign target a call without a token that is refused is tried again with the seller's token.

async function ratio(api: ApiClient, from: string, to: string, as: 'anonymous' | 'seller' = 'anonymous') {
  const res = await api.success('convertCurrency', { as, query: { from, to } });
  expect(res.status, res.label).toBe(200);
  return res.body.ratio;
}

async function ratioWithOrWithoutToken(api: ApiClient, from: string, to: string): Promise<number> {
  const bare = await api.send('convertCurrency', { query: { from, to } });
  if (bare.status === 401 || bare.status === 403) return ratio(api, from, to, 'seller');
  expect(bare.violations, bare.label).toEqual([]);
  expect(bare.status, bare.label).toBe(200);
  return bodyAt(bare, 200).ratio;
}

test.describe('GET /currency_conversions/search', () => {
  test(
    'answers a ratio for the profile currencies',
    verifies(['CUR-CONVERT-RATIO'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      // The pair the profile names (or discovery confirmed), one way only: "Convert between currencies
      // by ratio" does not say every pair converts both ways.
      const { from, to } = target.orders.currencies;
      const value = await ratioWithOrWithoutToken(api, from, to);
      expect(Number.isFinite(value) && value > 0, `CUR-CONVERT-RATIO: ${from}→${to} ${value}`).toBe(true);
    },
  );

  test(
    "answers the mock's conversion without a token",
    verifies(['CUR-CONVERT-NO-TOKEN'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      const { from, to } = seed.orders.currencies;
      expect(await ratio(api, from, to)).toBeGreaterThan(0);
    },
  );

  test(
    'answers 1 for a currency into itself and inverse ratios both ways',
    verifies(['CUR-CONVERT-IDENTITY', 'CUR-CONVERT-INVERSE'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      const { from, to } = seed.orders.currencies;
      for (const [a, b] of [
        [from, to],
        ['USD', 'ARS'],
        ['ARS', 'BRL'],
      ] as const) {
        expect(await ratio(api, a, a), `CUR-CONVERT-IDENTITY: ${a}→${a}`).toBe(1);
        const roundTrip = (await ratio(api, a, b)) * (await ratio(api, b, a));
        expect(roundTrip, `CUR-CONVERT-INVERSE: ${a}→${b}→${a}`).toBeCloseTo(1, 9);
      }
    },
  );

  test(
    'answers 404 for an unknown currency and 400 for a missing or malformed one',
    verifies(['CUR-ERR-UNKNOWN', 'CUR-ERR-MISSING'], '@readonly', '@mock-only'),
    async ({ api, target, seed }) => {
      const { from } = seed.orders.currencies;
      const unknown = await api.call('convertCurrency', { query: { from, to: 'XYZ' } });
      const notFound = { status: 404, error: 'not_found', message: 'Currency not found: XYZ' };
      expectError(unknown, notFound, target, 'CUR-ERR-UNKNOWN');
      for (const query of [{ from }, { to: from }, { from: 'reais', to: from }]) {
        const res = await api.call('convertCurrency', { query });
        expectError(res, { status: 400, error: 'bad_request' }, target, 'CUR-ERR-MISSING');
      }
    },
  );
});
