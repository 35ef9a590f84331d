import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cutRate, Pacer, rateAt } from '../../lib/client/pacer.ts';
import {
  RunOutOfWaiting,
  retryAfterMs,
  TargetRateLimited,
  waitBeforeRetry,
} from '../../lib/client/rate-limit.ts';
import { countAnswered, readLedger, startLedger } from '../../lib/client/run-ledger.ts';
import { rateLimitSummary } from '../../lib/report/reporters/rate-limit-reporter.ts';

const refusal = (retryAfter: string) => ({ status: 429, headers: { 'retry-after': retryAfter } });
/** Longer than a process keeps its view of the run's rate. */
const stale = () => new Promise((resolve) => setTimeout(resolve, 150));

test.describe('rate limits', () => {
  // Each test has a run ledger of its own: its waits, rate cuts and answered calls are not the run's.
  test.beforeEach(() => startLedger(mkdtempSync(join(tmpdir(), 'conformance-run-test-'))));

  test('Retry-After is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  test('a 429 or 503 is waited out as asked, with a short backoff when nothing is asked', () => {
    const policy = { budgetSeconds: 1000, maxRetries: 3 };
    expect(waitBeforeRetry(policy, 'GET /x', refusal('2'), 0)).toBe(2000);
    expect(waitBeforeRetry(policy, 'GET /x', { status: 503, headers: {} }, 1)).toBe(1000);
    expect(
      waitBeforeRetry(policy, 'GET /x', { status: 500, headers: { 'retry-after': '2' } }, 0),
    ).toBeUndefined();
  });

  test('any wait the run can afford is waited out, however long and however many in a row (F6)', () => {
    const policy = { budgetSeconds: 1000 };
    expect(waitBeforeRetry(policy, 'GET /x', refusal('45'), 0)).toBe(45_000);
    for (let attempt = 1; attempt <= 12; attempt += 1)
      expect(waitBeforeRetry(policy, 'GET /x', refusal('1'), attempt)).toBe(1000);
    expect(readLedger().filter((line) => line.gaveUp)).toEqual([]);
  });

  test('a call gives up as "target rate-limited" only past the retries the profile sets, or past the budget', () => {
    expect(() => waitBeforeRetry({ maxRetries: 2 }, 'GET /x', refusal('1'), 2)).toThrow(
      /^target rate-limited: GET \/x answered 429 with Retry-After: 1 again after 2 retries \(the profile's rateLimit.maxRetries\)$/,
    );
    expect(() => waitBeforeRetry({}, 'GET /x', refusal('3600'), 0)).toThrow(TargetRateLimited);
  });

  test('the waiting budget grows with the calls the target answered', () => {
    const policy = { budgetSeconds: 1, budgetSecondsPer100Calls: 10 };
    for (let call = 0; call < 20; call += 1) countAnswered();
    // 1 s + 10 s per 100 of 20 answered calls = 3 s: a 2 s wait fits, the next one does not.
    expect(waitBeforeRetry(policy, 'GET /x', refusal('2'), 0)).toBe(2000);
    expect(() => waitBeforeRetry(policy, 'GET /y', refusal('2'), 0)).toThrow(
      /waiting budget \(1 s \+ 10 s per 100 answered calls \(20\) = 3\.0 s\) is spent/,
    );
  });

  test('a run out of waiting says so once: the first refused call fails, every later one is not verified', () => {
    const policy = { budgetSeconds: 0, budgetSecondsPer100Calls: 0 };
    expect(() => waitBeforeRetry(policy, 'GET /first', refusal('1'), 0)).toThrow(TargetRateLimited);
    for (const label of ['GET /second', 'GET /third']) {
      expect(() => waitBeforeRetry(policy, label, refusal('1'), 0)).toThrow(RunOutOfWaiting);
    }
    const line = rateLimitSummary(readLedger(), policy, 0) ?? '';
    expect(line).toMatch(
      /^target rate-limited: the run could not finish: GET \/first answered 429 with Retry-After: 1, .* is spent; 2 later call\(s\) refused were not verified$/,
    );
  });

  test('the workers of one run take turns from one schedule: never faster than the rate, an idle one leaves its share', async () => {
    // Two workers' pacers of one run (one ledger folder) at 20/s: 10 requests at least 9 intervals apart.
    const sendTen = async (pacers: Pacer[]) => {
      const started = Date.now();
      await Promise.all(
        pacers.map(async (pacer) => {
          for (let i = 0; i < 10 / pacers.length; i += 1) await pacer.wait();
        }),
      );
      return Date.now() - started;
    };
    expect(await sendTen([new Pacer(20, 2), new Pacer(20, 2)])).toBeGreaterThanOrEqual(9 * 50);
    // The other worker sends nothing: this one takes every turn (fixed slots per worker took 9 × 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const alone = await sendTen([new Pacer(20, 2)]);
    expect(alone).toBeGreaterThanOrEqual(9 * 50);
    expect(alone).toBeLessThan(9 * 100);
  });

  test('a limit answer halves the rate, which climbs back to where it was cut in 10 s (AIMD)', () => {
    const now = 1_000_000;
    const never = { rate: 0, at: 0, slope: 0 };
    expect(rateAt(never, 0, now)).toBe(Number.POSITIVE_INFINITY);
    expect(rateAt(never, 8, now)).toBe(8);
    // Unlimited, really sending 40/s: cut to 20/s, back at 40/s ten seconds later, never above the ceiling.
    const cut = cutRate(never, 0, 40, now);
    expect(rateAt(cut, 0, now)).toBe(20);
    expect(rateAt(cut, 0, now + 5000)).toBe(30);
    expect(rateAt(cut, 0, now + 10_000)).toBe(40);
    expect(rateAt(cut, 25, now + 10_000)).toBe(25);
    // The rate the run really had counts, not a ceiling it never reached; never below 0.5/s.
    expect(rateAt(cutRate(never, 100, 10, now), 100, now)).toBe(5);
    expect(rateAt(cutRate(never, 0, 0.2, now), 0, now)).toBe(0.5);
  });

  test('every worker of the run hears a cut; a refusal of a request sent before it does not cut again', async () => {
    const [first, second] = [new Pacer(0, 2), new Pacer(0, 2)];
    const early = await second.wait();
    const ticket = await first.wait();
    first.observe(429, ticket);
    await stale();
    const afterCut = second.rate();
    expect(afterCut).toBeLessThan(Number.POSITIVE_INFINITY);
    second.observe(429, early);
    expect(second.rate()).toBeGreaterThanOrEqual(afterCut);
    second.observe(503, await second.wait());
    expect(second.rate()).toBeLessThan(afterCut);
    await stale();
    expect(first.rate()).toBeLessThan(afterCut);
    expect(readLedger().filter((line) => line.cut)).toHaveLength(2);
  });

  test('the run line counts the waits, the rate the pacer settled at and the reads retried after a reset', () => {
    const line = rateLimitSummary(
      [
        { label: 'GET /a', status: 429, waitedMs: 1000 },
        { label: 'pacer', status: 429, waitedMs: 0, cut: { from: 80, to: 40 } },
        { label: 'pacer', status: 429, waitedMs: 0, cut: { from: 44, to: 22 } },
        {
          label: 'GET /b',
          status: 0,
          waitedMs: 0,
          retriedAfter: 'connection reset by the target before any answer',
        },
        {
          label: 'GET /c',
          status: 0,
          waitedMs: 0,
          retriedAfter: 'connection reset by the target before any answer',
        },
      ],
      { budgetSeconds: 60 },
      200,
      20_000,
    );
    expect(line).toBe(
      'the target asked the run to slow down: it waited 1.0 s in 1 wait(s) (longest 1.0 s) out of its budget of ' +
        '60 s + 10 s per 100 answered calls (200) = 80.0 s; ' +
        "the pacer cut the run's rate 2 time(s) (the last from 44 to 22 requests/s, then back towards 44); " +
        'the target allowed 10.0 requests/s (200 calls answered in 20.0 s, 1 refused with 429/503); ' +
        '2 request(s) retried after a reset (connection reset by the target before any answer)',
    );
    expect(rateLimitSummary([], {}, 0)).toBeUndefined();
  });
});
