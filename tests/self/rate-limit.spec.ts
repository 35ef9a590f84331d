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
