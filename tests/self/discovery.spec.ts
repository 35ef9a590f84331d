import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { DiscoveryResult } from '../../fixtures/discovery/index.ts';
import { freePort } from '../../scripts/free-port.ts';
import { isPackListing, markAsReadProblem } from './read-only-front.ts';
import {
  requestsOf,
  runSuite,
  type StartedMock,
  type SuiteRun,
  smallProfile,
  startMock,
} from './target-run.ts';

// The suite against a mock started apart, through a profile that holds only the seller and the buyer,
// as a staging owner would write it: discovery finds the data, the run passes, writes never happen.

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const notVerified = (run: SuiteRun) => run.tests.filter((t) => t.skipReason?.startsWith('not verified'));

test.describe('a read-only run with only the seller and the buyer', () => {
  let mock: StartedMock;
  let run: SuiteRun;

  test.beforeAll(async () => {
    mock = await startMock(await freePort());
    run = runSuite(mock.baseURL, smallProfile(mock.baseURL), ['--project=contract']);
  });
  test.afterAll(() => mock?.stop());

  test('finds its data on the target and passes', () => {
    expect(run.status, run.output).toBe(0);
    const discovery = JSON.parse(readFileSync(join(run.dir, 'discovery.json'), 'utf8')) as DiscoveryResult;
    const found = discovery.found.map((f) => f.path);
    for (const path of [
      'orders.byStatus.paid',
      'orders.shipment',
      'messaging.pack',
      'catalog.leafCategory',
    ]) {
      expect(found, `discovery found ${path}`).toContain(path);
    }
    expect(run.tests.filter((t) => t.outcome === 'passed').length).toBeGreaterThan(0);
  });

  test('reports each test it cannot run as not verified, naming the missing data, never as passed', () => {
    expect(notVerified(run).length).toBeGreaterThan(0);
    for (const skipped of notVerified(run)) expect(skipped.skipReason).toMatch(/needs .* \([\w.[\]]+\)/);
  });

  test('sends no POST or DELETE, and lists pack messages only with mark_as_read=false', () => {
    const requests = requestsOf(mock).filter((r) => !r.url.startsWith('/__mock'));
    expect(requests.length).toBeGreaterThan(100);
    expect(requests.filter((r) => r.method !== 'GET' && r.method !== 'HEAD')).toEqual([]);
    const listings = requests.filter((r) => isPackListing(r.url));
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.filter((r) => markAsReadProblem(r.url) !== undefined)).toEqual([]);
  });
});

test.describe('a target without part of the data', () => {
  test('reports the tests needing it as not verified, with the reason, and the run stays green', async () => {
    const mock = await startMock(await freePort(), ['partially_paid', 'attachments']);
    try {
      const files = ['tests/contract/orders.spec.ts', 'tests/contract/messages.spec.ts'];
      const run = runSuite(mock.baseURL, smallProfile(mock.baseURL), ['--project=contract', ...files]);
      expect(run.status, run.output).toBe(0);
      const reasons = notVerified(run).map((t) => t.skipReason);
      expect(reasons).toContainEqual(expect.stringContaining('orders.byStatus.partially_paid'));
      expect(reasons).toContainEqual(expect.stringContaining('attachment'));
    } finally {
      mock.stop();
    }
  });
});
