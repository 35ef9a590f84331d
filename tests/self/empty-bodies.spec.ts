import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startEmptyBodies } from './hostile/empty-bodies.ts';
import { resultsOf, runSuite, type SuiteRun, startMock, writeProfile } from './hostile/nested.ts';

/**
 * Audit row B1: the content-type, JSON and schema checks skip an empty body, so a 2xx without one
 * passed every test that looks only at the status. Through a front of the mock that empties every 2xx
 * body, no test that received a 2xx may pass (bodyPresentConformance fails it), and the tests the audit
 * named fail.
 */
const NAMED = [
  'answers the own status with the token in the query',
  'the user status call takes its token from the access_token query parameter',
  'getOrder answers a call with a bearer token of an entitled user',
  'getOrderProduct answers a call with a bearer token of an entitled user',
];

/** A slice with a read of every resource (orders, messages, fiscal, shipments, catalog, users); EMPTY_BODIES_ALL=1 runs the whole contract project. */
const SLICE = 'answers a call with a bearer token of an entitled user|token in the query|access_token query';

test.describe
  .serial('a target answering every 2xx with an empty body', () => {
    test.setTimeout(240_000);
    let run: SuiteRun;
    let close: () => Promise<void> = async () => {};

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      const mock = await startMock();
      const front = await startEmptyBodies(mock.url);
      close = async () => {
        await front.close();
        await mock.close();
      };
      const { path } = writeProfile('empty-bodies', {}, true);
      const grep = process.env.EMPTY_BODIES_ALL ? [] : ['--grep', SLICE];
      run = await runSuite(['--project', 'contract', ...grep], {
        BASE_URL: front.url,
        TARGET: path,
        LEAN_REPORTS: '1',
      });
    });

    test.afterAll(async () => close());

    test('the run fails, and no test that received a 2xx passes', () => {
      expect(run.status, run.output).not.toBe(0);
      const results = resultsOf(join(run.dir, 'results.json'));
      const passedOnEmpty = results
        .filter((r) => r.result.status === 'passed')
        .filter((r) => r.result.attachments.some((a) => /^2\d\d /.test(a.name)))
        .map((r) => `${r.title}: ${r.result.attachments.map((a) => a.name).join(', ')}`);
      expect(passedOnEmpty).toEqual([]);
      expect(results.filter((r) => r.result.status === 'failed').length).toBeGreaterThan(5);
    });

    test('the tests audit row B1 named fail on the empty body, naming it', () => {
      const results = resultsOf(join(run.dir, 'results.json'));
      for (const title of NAMED) {
        const found = results.find((r) => r.title === title);
        expect(found?.result.status, title).toBe('failed');
        const message = found?.result.errors.map((e) => e.message ?? '').join('\n') ?? '';
        expect(message, title).toMatch(/bodyPresentConformance|empty body/);
      }
    });
  });
