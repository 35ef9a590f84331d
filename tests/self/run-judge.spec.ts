import { expect, test } from '@playwright/test';
import { startMock } from '../../lib/process/launch.ts';
import { freePort } from '../../scripts/free-port.ts';
import { runSuite, smallProfile } from './target-run.ts';

/**
 * Issue 45: a regression seen only in answers discovery reads fails the run through the run's judge,
 * naming the requirement, the exchange and "discovery", every time; the faithful mock's run is green.
 * The slice runs the run's own projects (its start and its judge) and no test: discovery's reads are
 * the only answers the run receives, so no test could have asserted on them.
 */
const JUDGE_ONLY = [
  '--project',
  'contract',
  '--project',
  'properties',
  '--grep',
  'every answer of the run|records every exchange',
];

async function judgeOnlyRun(faults: string) {
  const port = await freePort();
  const mock = await startMock(port, [], { env: { MOCK_FAULTS: faults } });
  try {
    return runSuite(mock.baseURL, smallProfile(mock.baseURL), JUDGE_ONLY, { CONFORMANCE_JUDGE: '1' });
  } finally {
    mock.stop();
  }
}

test.describe('the run judges every answer it receives (tests/judge)', () => {
  test('fails on a broken rule in discovery’s reads, naming the requirement, the exchange and discovery', async () => {
    test.setTimeout(180_000);
    const run = await judgeOnlyRun('order-status-filter-ignored');
    const failed = run.tests.filter((t) => t.outcome === 'failed');
    expect(
      failed.map((t) => t.title),
      run.output,
    ).toEqual([expect.stringContaining('holds orderSearchFilters wherever it applies')]);
    expect(failed[0]?.error ?? '').toMatch(
      /ORD-SEARCH-STATUS: #\d+ GET \/orders\/search\?\S*order\.status=\S* → 200 as \w+, sent by discovery/,
    );
    expect(run.status).not.toBe(0);
  });

  test('passes the same slice on the faithful mock, every exchange routed to an operation', async () => {
    test.setTimeout(180_000);
    const run = await judgeOnlyRun('');
    expect(
      run.tests.filter((t) => t.outcome === 'failed').map((t) => t.title),
      run.output,
    ).toEqual([]);
    expect(run.tests.filter((t) => t.outcome === 'passed').length).toBeGreaterThan(10);
    expect(run.status).toBe(0);
  });
});
