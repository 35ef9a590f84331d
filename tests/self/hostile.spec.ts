import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { profileSecrets } from '../../lib/profile/load.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import { findSecrets } from '../../lib/report/find-secrets.ts';
import { resultsOf, runSuite, type SuiteRun, writeProfile } from './hostile/nested.ts';
import { type HostileTarget, type Misbehaviour, startHostileTarget } from './hostile/target.ts';

/** The slice: one authenticated read per operation (each meets one misbehaviour) and the query-token read. */
const SLICE =
  'answers a call with a bearer token of an entitled user|answers the own status with the token in the query';
const MAX_RETRIES = 2;
/** Long enough for a loaded machine to answer, short enough for the endless body to end the call soon. */
const TIMEOUT_MS = 5000;
/** The dying target's slice: a few reads, most of them after its death. */
const DYING_SLICE =
  '(getOrder|getOrderProduct|getOrderDiscounts|searchOrders|getShipment) answers a call with a bearer token';

/** What the failure of each test of the slice must say: the misbehaviour its operation met. */
const NAMED: [string, Misbehaviour, RegExp][] = [
  [
    'searchOrders',
    'reset',
    /connection reset by the target before any answer, again when retried once on a fresh connection/,
  ],
  ['getOrderProduct', 'endless body', /a body that never finished within 5000 ms/],
  ['getOrderDiscounts', '100 MB body', /a body of 104857600 bytes, larger than 32 MiB/],
  ['getOrder', 'gzip bomb', /gzip body that expands beyond 32 MiB \(a compression bomb\)/],
  [
    'getShipmentLeadTime',
    '429 with Retry-After',
    /target rate-limited: .* 429 with Retry-After: 1 again after 2 retries/,
  ],
  [
    'getShipment ',
    '503 with Retry-After',
    /target rate-limited: .* 503 with Retry-After: 1 again after 2 retries/,
  ],
  [
    'listFiscalDocuments',
    '429 without Retry-After',
    /target rate-limited: .* 429 without Retry-After again after 2 retries/,
  ],
  [
    'listPackMessages',
    '503 without Retry-After',
    /target rate-limited: .* 503 without Retry-After again after 2 retries/,
  ],
  ['getMessage', 'redirect to another port', /\[redirectNotFollowed\] GET \/messages\/\S+ answered 302/],
  ['getShippingOptions', 'echo of the token', /answered 400/],
  ['answers the own status', 'echo of the token', /answered 400|Expected: 200/],
];

function secretsOf(profile: TargetProfile): string[] {
  return profileSecrets(profile);
}

test.describe
  .serial('a slice of the suite against a misbehaving target', () => {
    test.setTimeout(180_000);
    let target: HostileTarget;
    let profile: TargetProfile;
    let run: SuiteRun;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      target = await startHostileTarget();
      const written = writeProfile('hostile', {
        timeoutMs: TIMEOUT_MS,
        secretBaseURL: true,
        rateLimit: { budgetSeconds: 30, maxRetries: MAX_RETRIES },
      });
      profile = { ...written.profile, baseURL: target.url };
      run = await runSuite(['--project', 'contract', '--grep', SLICE], {
        BASE_URL: target.url,
        TARGET: written.path,
      });
    });

    test.afterAll(async () => target?.close());

    test('the run fails and ends within a bounded time', () => {
      expect(run.status, run.output).not.toBe(0);
      // Bounded, not fast: every failing test restarts a worker, which a loaded machine makes slow.
      expect(run.durationMs).toBeLessThan(120_000);
      test.info().annotations.push({ type: 'figure', description: `nested run ${run.durationMs} ms` });
    });

    test('no process of the run grows past 600 MiB (bodies and bombs are cut at 32 MiB)', () => {
      expect(run.peakProcessMiB).toBeGreaterThan(0);
      expect(run.peakProcessMiB).toBeLessThan(600);
      test
        .info()
        .annotations.push({ type: 'figure', description: `peak ${run.peakProcessMiB.toFixed(0)} MiB` });
    });

    test('each misbehaviour is reported as a failure that names it', () => {
      const results = resultsOf(join(run.dir, 'results.json'));
      expect(results).toHaveLength(NAMED.length);
      for (const [title, misbehaviour, named] of NAMED) {
        const found = results.find((r) => r.title.startsWith(title) || r.title.includes(title));
        expect(found?.result.status, `${title} meets ${misbehaviour}`).toBe('failed');
        const message = found?.result.errors.map((e) => e.message ?? '').join('\n') ?? '';
        expect(message, `${title} meets ${misbehaviour}`).toMatch(named);
      }
    });

    test('no redirect is followed and no cookie is sent back', () => {
      expect(target.arrivals.get('redirect to another port')?.length).toBeGreaterThan(0);
      expect(target.redirectHits()).toBe(0);
      expect(target.arrivals.get('echo of the token')?.length).toBeGreaterThan(0);
      expect(target.cookiesSeen).toEqual([]);
    });

    test('Retry-After is honoured: the retries of a call come at least a second apart', () => {
      for (const what of ['429 with Retry-After', '503 with Retry-After'] as const) {
        const times = target.arrivals.get(what) ?? [];
        expect(times, what).toHaveLength(1 + MAX_RETRIES);
        const gaps = times.slice(1).map((time, i) => time - (times[i] ?? 0));
        for (const gap of gaps) expect(gap, what).toBeGreaterThanOrEqual(990);
      }
    });

    test('the run says in one line that the target rate-limited it, and the read it retried after a reset', () => {
      expect(run.output).toMatch(
        /^target rate-limited: 4 call\(s\) gave up \(first: .*\); the target asked the run to slow down: .*; 1 request\(s\) retried after a reset \(connection reset by the target before any answer\)$/m,
      );
    });

    test('the reset read was sent twice, the second time on a fresh connection, and no more', () => {
      expect(target.arrivals.get('reset')).toHaveLength(2);
    });

    test('no secret (tokens, the base URL) appears under the reports or in the console', () => {
      expect(secretsOf(profile)).toContain(target.url);
      expect(findSecrets(run.dir, secretsOf(profile))).toEqual([]);
      expect(findSecrets(run.consoleDir, secretsOf(profile))).toEqual([]);
    });
  });

test.describe('a target that dies or never listens', () => {
  test.setTimeout(120_000);

  test('a target that dies after three requests ends the run soon, each later call failing by name', async () => {
    const target = await startHostileTarget({ dieAfter: 3 });
    const { path } = writeProfile('dying', { timeoutMs: TIMEOUT_MS });
    try {
      const run = await runSuite(['--project', 'contract', '--grep', DYING_SLICE, '--workers', '1'], {
        BASE_URL: target.url,
        TARGET: path,
        LEAN_REPORTS: '1',
      });
      expect(run.durationMs).toBeLessThan(90_000);
      const failures = resultsOf(join(run.dir, 'results.json')).map((r) => r.result.errors[0]?.message ?? '');
      expect(
        failures.filter((m) => /connection refused: the target does not listen/.test(m)).length,
      ).toBeGreaterThanOrEqual(3);
    } finally {
      await target.close();
    }
  });

  test('a target that does not listen ends the run in under 30 s with one error naming it', async () => {
    const target = await startHostileTarget();
    const url = target.url;
    await target.close();
    const { path } = writeProfile('silent', { timeoutMs: 2000 });
    const run = await runSuite(['--project', 'contract'], { BASE_URL: url, TARGET: path, LEAN_REPORTS: '1' });
    expect(run.durationMs).toBeLessThan(30_000);
    expect(run.status).toBe(2);
    expect(run.output).toContain(`the target at ${url} does not answer: connection refused; no test was run`);
  });
});
