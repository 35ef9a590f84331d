import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { readResults } from '../../lib/report/verdict/results.ts';
import { resultsOf, runSuite, type SuiteRun, startMock, writeProfile } from './hostile/nested.ts';
import { startThrottle, type Throttle } from './hostile/throttle.ts';

/** Reads of four resources and the hostile inputs of every read (the raw calls): about 260 requests. */
const SLICE = [
  'tests/contract/orders.spec.ts',
  'tests/contract/order-search.spec.ts',
  'tests/contract/messages.spec.ts',
  'tests/properties/robustness.spec.ts',
];
/** Low enough that the suite goes above it on any machine, however loaded. */
const LIMIT = { perSecond: 10, burst: 5 };

test.describe
  .serial(`a slice of the suite against a limiter that answers 429 above ${LIMIT.perSecond} requests/s (a token bucket)`, () => {
    let throttle: Throttle;
    let mock: Awaited<ReturnType<typeof startMock>>;
    let run: SuiteRun;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      mock = await startMock();
      throttle = await startThrottle(mock.url, LIMIT);
      // No requestsPerSecond: the pacer has to find the limiter's rate from its answers alone.
      const { path } = writeProfile('bucket', { requestsPerSecond: 0 }, true);
      run = await runSuite([...SLICE, '--project', 'contract', '--project', 'properties'], {
        BASE_URL: throttle.url,
        TARGET: path,
        LEAN_REPORTS: '1',
      });
      test.info().annotations.push({
        type: 'figure',
        description: `nested run ${run.durationMs} ms, ${throttle.arrivals.length} requests, ${throttle.refused()} refused`,
      });
    });

    test.afterAll(async () => {
      await throttle?.close();
      await mock?.close();
    });

    test('the run completes, slower, with no failure', () => {
      expect(
        throttle.refused(),
        'the limiter refused nothing: the slice never went above its rate',
      ).toBeGreaterThan(0);
      expect(run.status, run.output).toBe(0);
      const results = resultsOf(join(run.dir, 'results.json'));
      expect(results.filter((r) => r.result.status === 'passed').length).toBeGreaterThan(30);
      expect(results.filter((r) => !['passed', 'skipped'].includes(r.result.status))).toEqual([]);
    });

    test('the pacer slows the run down to the limiter: few of its requests are refused', () => {
      expect(throttle.refused()).toBeLessThan(throttle.arrivals.length / 10);
    });

    test('the run says in one line, in the console and the report, how long it waited and the last cut of the pacer', () => {
      const line = new RegExp(
        `^the target asked the run to slow down: it waited \\d+\\.\\d s in ${throttle.refused()} wait\\(s\\) \\(longest [\\d.]+ s\\) out of its budget of .*; ` +
          `the pacer cut the run's rate \\d+ time\\(s\\) \\(the last from [\\d.]+ to [\\d.]+ requests/s, then back towards [\\d.]+\\); ` +
          `the target allowed [\\d.]+ requests/s \\(\\d+ calls answered in [\\d.]+ s, ${throttle.refused()} refused with 429/503\\)$`,
        'm',
      );
      expect(run.output).toMatch(line);
      expect(readResults(join(run.dir, 'results.json')).metadata.rateLimit).toMatch(line);
    });
  });
