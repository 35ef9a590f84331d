import { expect, test } from '@playwright/test';
import { sentBodyAt } from '../../lib/client/typed.ts';
import { callConforming, expectMockError, type MockCallOptions, useSharedMock } from './harness.ts';

const mock = useSharedMock();

const call = <O extends string>(operationId: O, options: MockCallOptions) =>
  callConforming(mock(), operationId, options);

const expectError = expectMockError;

test.describe('GET /currency_conversions/search', () => {
  const ratio = async (from: string, to: string) => {
    const res = await call('convertCurrency', { query: { from, to } });
    expect(res.status, res.text).toBe(200);
    return sentBodyAt(res, 200).ratio;
  };

  test('answers consistent ratios without a token', async () => {
    expect(await ratio('BRL', 'USD')).toBeCloseTo(0.2, 10);
    for (const [a, b] of [
      ['BRL', 'USD'],
      ['USD', 'ARS'],
      ['ARS', 'BRL'],
    ] as const) {
      expect(await ratio(a, a)).toBe(1);
      expect((await ratio(a, b)) * (await ratio(b, a))).toBeCloseTo(1, 9);
    }
  });

  test('answers 404 for an unknown currency and 400 for a missing or malformed one', async () => {
    expectError(
      await call('convertCurrency', { query: { from: 'BRL', to: 'XYZ' } }),
      404,
      'not_found',
      /XYZ/,
    );
    expectError(await call('convertCurrency', { query: { from: 'BRL' } }), 400, 'bad_request');
    expectError(await call('convertCurrency', { query: { from: 'brl', to: 'USD' } }), 400, 'bad_request');
  });
});
