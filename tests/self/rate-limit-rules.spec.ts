import { expect, test } from '@playwright/test';
import { Pacer } from '../../fixtures/api/pacer.ts';
import {
  LEDGER_ENV,
  retryAfterMs,
  TargetRateLimited,
  waitBeforeRetry,
} from '../../fixtures/api/rate-limit.ts';

test.describe('rate limits', () => {
  // The waits these tests make must not count in the ledger of the run that runs them.
  test.beforeAll(() => {
    delete process.env[LEDGER_ENV];
  });

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  test('a 429 or 503 is waited out as asked, with a short backoff when nothing is asked', () => {
    const policy = { budgetSeconds: 1000, maxRetries: 3 };
    expect(waitBeforeRetry(policy, 'GET /x', { status: 429, headers: { 'retry-after': '2' } }, 0)).toBe(2000);
    expect(waitBeforeRetry(policy, 'GET /x', { status: 503, headers: {} }, 1)).toBe(1000);
    expect(
      waitBeforeRetry(policy, 'GET /x', { status: 500, headers: { 'retry-after': '2' } }, 0),
    ).toBeUndefined();
  });

  test('a call gives up as "target rate-limited" past its retries, a long wait or the budget', () => {
    const ask =
      (policy: { budgetSeconds?: number; maxRetries?: number }, retryAfter: string, attempt = 0) =>
      () =>
        waitBeforeRetry(policy, 'GET /x', { status: 429, headers: { 'retry-after': retryAfter } }, attempt);
    expect(ask({ maxRetries: 2 }, '1', 2)).toThrow(
      /^target rate-limited: GET \/x answered 429 with Retry-After: 1 again after 2 retries$/,
    );
    expect(ask({}, '3600')).toThrow(TargetRateLimited);
    expect(ask({ budgetSeconds: 0 }, '1')).toThrow(/waiting budget of 0 s is spent/);
  });

  test('workers of one run never share a pacing slot, and each takes one slot per request', () => {
    const lanes = 3;
    const now = 1_000_000;
    const taken = Array.from({ length: lanes }, (_, lane) => {
      const pacer = new Pacer(50, lane, lanes);
      return [0, 1, 2].map(() => pacer.claimSlot(now));
    });
    for (const [lane, slots] of taken.entries()) {
      expect(slots.every((slot) => slot % lanes === lane)).toBe(true);
      expect(slots).toEqual([...slots].sort((a, b) => a - b));
    }
    const all = taken.flat();
    expect(new Set(all).size).toBe(all.length);
  });
});
