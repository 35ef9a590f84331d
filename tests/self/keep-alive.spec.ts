import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RESET_BEFORE_ANSWER } from '../../lib/client/transport.ts';
import { type KeepAliveTarget, startKeepAliveTarget } from './hostile/keep-alive.ts';
import { resultsOf, runSuite, type SuiteRun, startMock, stepTitles, writeProfile } from './hostile/nested.ts';

/** Reads of two resources and the fiscal uploads (POST, and DELETE to clean up): about 160 requests. */
const SLICE = [
  'tests/contract/orders.spec.ts',
  'tests/contract/order-search.spec.ts',
  'tests/contract/fiscal-uploads.spec.ts',
];
const IDLE_MS = 300;
/** Four workers at 10 requests/s: each sends one every 400 ms, so its pooled connection is always idle > 300 ms. */
const PER_SECOND = 10;

test.describe
  .serial(`a slice of the suite against a target whose keep-alive is ${IDLE_MS} ms, without the Keep-Alive hint`, () => {
    let target: KeepAliveTarget;
    let mock: Awaited<ReturnType<typeof startMock>>;
    let run: SuiteRun;

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      mock = await startMock();
      target = await startKeepAliveTarget(mock.url, { idleMs: IDLE_MS });
      const { path } = writeProfile(
        'keep-alive',
        { requestsPerSecond: PER_SECOND, allowsWrites: true },
        true,
      );
      run = await runSuite([...SLICE, '--project', 'contract', '--workers', '4'], {
        BASE_URL: target.url,
        TARGET: path,
        LEAN_REPORTS: '1',
      });
      const resets = target.log.filter((a) => a.outcome === 'reset').length;
      test.info().annotations.push({
        type: 'figure',
        description: `nested run ${run.durationMs} ms, ${target.log.length} requests, ${resets} reset`,
      });
    });

    test.afterAll(async () => {
      await target?.close();
      await mock?.close();
    });

    // The start's own reads (the reachability read, the documented reads that tell the API's path, each
    // user's token check) come before the run's ledger and any test: their resets are neither counted by
    // the run nor steps of a test.
    const START =
      /^\/classified_locations\/countries$|^\/orders\/search\?(seller|buyer)=\d+&limit=1$|^\/users\/\d+\?(.*&)?attributes=status(&.*)?$/;
    const afterStart = () =>
      target.log.slice(
        Math.max(
          0,
          target.log.findIndex((a) => !START.test(a.query ? `${a.path}?${a.query}` : a.path)),
        ),
      );
    const resets = () => afterStart().filter((a) => a.outcome === 'reset');

    test('the run passes: every read reset before any answer was sent again and answered', () => {
      expect(resets().length, 'the target reset no reused connection').toBeGreaterThan(0);
      expect(run.status, run.output).toBe(0);
      const results = resultsOf(join(run.dir, 'results.json'));
      expect(results.filter((r) => r.result.status === 'passed').length).toBeGreaterThan(20);
      expect(results.filter((r) => !['passed', 'skipped'].includes(r.result.status))).toEqual([]);
      for (const reset of resets()) {
        expect(reset.method).toBe('GET');
        const after = afterStart().slice(afterStart().indexOf(reset) + 1);
        expect(after.find((a) => a.path === reset.path && !a.reused)?.outcome).toBe('answered');
      }
    });

    test('the report counts the retries, and each is a step and in the evidence of its call', () => {
      const [, reported = '-1'] =
        new RegExp(`^(\\d+) request\\(s\\) retried after a reset \\(${RESET_BEFORE_ANSWER}\\)$`, 'm').exec(
          run.output,
        ) ?? [];
      const counted = Number(reported);
      // Every reset after the start's own reads is a read the run sent again and counted.
      const where = resets().map((a) => `${a.method} ${a.path}`);
      expect(counted, `${where.join('\n')}\n${run.output}`).toBe(resets().length);
      const results = resultsOf(join(run.dir, 'results.json'));
      const steps = results.flatMap((r) =>
        stepTitles(r.result.steps).filter(
          (t) => t === `retry once on a fresh connection: ${RESET_BEFORE_ANSWER}`,
        ),
      );
      // A read retried outside a test (discovery, a worker's fixture) is counted but is no test's step.
      expect(steps.length).toBeGreaterThan(counted - 3);
      expect(steps.length).toBeLessThanOrEqual(counted);
      const evidence = results
        .flatMap((r) => r.result.attachments)
        .map((a) => Buffer.from(a.body ?? '', 'base64').toString('utf8'))
        .filter((body) => body.includes('"retriedAfter"'));
      expect(evidence).toHaveLength(steps.length);
      expect(JSON.parse(evidence[0] ?? '{}').retriedAfter).toBe(RESET_BEFORE_ANSWER);
    });

    test('a write is never retried: each POST arrived once, on a connection of its own, and was answered', () => {
      const writes = target.log.filter((a) => a.method !== 'GET');
      expect(writes.filter((a) => a.method === 'POST').length).toBeGreaterThan(0);
      expect(writes.filter((a) => a.reused || a.outcome !== 'answered')).toEqual([]);
      const posted = resultsOf(join(run.dir, 'results.json'))
        .flatMap((r) => r.result.attachments)
        .filter((a) => /^\d{3} POST /.test(a.name));
      expect(writes.filter((a) => a.method === 'POST')).toHaveLength(posted.length);
    });
  });
