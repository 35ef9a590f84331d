import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { resultsOf, runSuite, type SuiteRun, startMock, stepTitles, writeProfile } from './hostile/nested.ts';
import { startThrottle, type Throttle } from './hostile/throttle.ts';

const SLICE = 'answers a call with a bearer token of an entitled user|GET /currency_conversions/search';
const PER_SECOND = 10;

/** The most arrivals within any one second. */
function busiestSecond(arrivals: number[]): number {
  return Math.max(
    0,
    ...arrivals.map((start) => arrivals.filter((t) => t >= start && t < start + 1000).length),
  );
}

test.describe
  .serial('a slice of the suite against a target that answers every tenth request 429 with Retry-After: 1', () => {
    let throttle: Throttle;
    let mock: Awaited<ReturnType<typeof startMock>>;
    let run: SuiteRun;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      mock = await startMock();
      throttle = await startThrottle(mock.url, { every: 10 });
      const { path } = writeProfile('throttled', { requestsPerSecond: PER_SECOND }, true);
      run = await runSuite(['--project', 'contract', '--grep', SLICE], {
        BASE_URL: throttle.url,
        TARGET: path,
        LEAN_REPORTS: '1',
      });
    });

    test.afterAll(async () => {
      await throttle?.close();
      await mock?.close();
    });

    test('the run passes: the refused calls were waited out and retried', () => {
      expect(throttle.refused()).toBeGreaterThan(0);
      expect(run.status, run.output).toBe(0);
      const results = resultsOf(join(run.dir, 'results.json'));
      expect(results.filter((r) => r.result.status === 'passed').length).toBeGreaterThan(10);
      expect(results.filter((r) => !['passed', 'skipped'].includes(r.result.status))).toEqual([]);
    });

    test('the report shows each wait: a step, and the retried call evidence naming the 429 it waited out', () => {
      const results = resultsOf(join(run.dir, 'results.json'));
      const waits = results.flatMap((r) =>
        stepTitles(r.result.steps).filter((title) =>
          title.startsWith('wait 1.0 s before retrying: 429 with Retry-After: 1'),
        ),
      );
      expect(waits).toHaveLength(throttle.refused());
      const evidence = results
        .flatMap((r) => r.result.attachments)
        .map((a) => Buffer.from(a.body ?? '', 'base64').toString('utf8'))
        .filter((body) => body.includes('"waitedBefore"'));
      expect(evidence).toHaveLength(waits.length);
      expect(JSON.parse(evidence[0] ?? '{}').waitedBefore).toEqual([
        { status: 429, retryAfter: '1', waitedMs: 1000 },
      ]);
      expect(run.output).toMatch(
        /^the target asked the run to slow down: it waited \d+\.\d s in \d+ wait\(s\)/m,
      );
    });

    test('the pacing holds for the whole run, all workers together', () => {
      expect(busiestSecond(throttle.arrivals)).toBeLessThanOrEqual(PER_SECOND + 1);
    });
  });

interface AnnotatedResult {
  status: string;
  errors: { message?: string }[];
  annotations?: { type: string; description?: string }[];
}

test.describe
  .serial('a slice of the suite against a limiter that blocks the run after 8 requests (the start checks, discovery and a few tests)', () => {
    let throttle: Throttle;
    let mock: Awaited<ReturnType<typeof startMock>>;
    let run: SuiteRun;
    let results: AnnotatedResult[];

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      mock = await startMock();
      throttle = await startThrottle(mock.url, { blockAfter: 8 });
      const rateLimit = { budgetSeconds: 2, budgetSecondsPer100Calls: 0 };
      const { path } = writeProfile('blocked', { requestsPerSecond: PER_SECOND, rateLimit }, true);
      // A property among them: its shrinking calls again after the budget is spent, and it still fails.
      const slice = `${SLICE}|should answer invalid_order_id to any id that is not an integer`;
      run = await runSuite(['--project', 'contract', '--project', 'properties', '--grep', slice], {
        BASE_URL: throttle.url,
        TARGET: path,
        LEAN_REPORTS: '1',
      });
      results = resultsOf(join(run.dir, 'results.json')).map((r) => r.result as AnnotatedResult);
    });

    test.afterAll(async () => {
      await throttle?.close();
      await mock?.close();
    });

    test('one test fails, saying the run could not finish; the tests refused after it are not verified', () => {
      expect(run.status).not.toBe(0);
      const failed = results.filter((r) => r.status === 'failed');
      expect(failed).toHaveLength(1);
      expect(failed[0]?.errors[0]?.message).toMatch(
        /target rate-limited: .* answered 429 with Retry-After: 1, and the run's waiting budget \(2 s \+ 0 s per 100 answered calls \(\d+\) = 2\.0 s\) is spent; from now on a call the target refuses is not verified/,
      );
      const notVerified = results.filter(
        (r) =>
          r.status === 'skipped' &&
          r.annotations?.some(
            (a) => a.type === 'skip' && a.description?.startsWith('not verified: target rate-limited'),
          ),
      );
      expect(notVerified.length).toBeGreaterThan(0);
    });

    test('the run says so in one line', () => {
      const lines = run.output
        .split('\n')
        .filter((line) => line.startsWith('target rate-limited: the run could not finish'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/; \d+ later call\(s\) refused were not verified/);
    });
  });
