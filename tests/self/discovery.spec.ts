import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { projectRoot } from '../../lib/checks/spec.ts';
import { LEDGER_ENV, startLedger } from '../../lib/client/run-ledger.ts';
import {
  type DiscoveryResult,
  discover,
  failedWords,
  type NeedState,
  resolveProfile,
} from '../../lib/discovery/index.ts';
import { missingReason, needOf } from '../../lib/profile/needs.ts';
import type { ProfileInput } from '../../lib/profile/types.ts';
import { build } from '../../mock/app.ts';
import { freePort } from '../../scripts/free-port.ts';
import { listen } from './hostile/proxy.ts';
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

/** A profile of the embedded mock's seller and buyer only, at baseURL, read-only. */
function twoUsers(baseURL: string, extra: Partial<ProfileInput> = {}): ProfileInput {
  const mock = JSON.parse(readFileSync(join(projectRoot, 'fixtures/targets/mock.json'), 'utf8'));
  const pick = (role: string) => ({ id: mock.users[role].id, token: mock.users[role].token });
  return {
    name: 'two-users',
    baseURL,
    isMock: false,
    allowsWrites: false,
    requestsPerSecond: 0,
    timeoutMs: 5000,
    users: { seller: pick('seller'), buyer: pick('buyer') },
    ...extra,
  } as ProfileInput;
}

test.describe('a root category found independently of the list the test judges (audit B5)', () => {
  test("a site list leaving out the root of the seller's sold items fails the run, the root coming from path_from_root", async () => {
    const fault = 'site-categories-root-left-out';
    process.env.MOCK_FAULTS = fault;
    const mock = await startMock(await freePort()).finally(() => delete process.env.MOCK_FAULTS);
    try {
      const run = runSuite(mock.baseURL, smallProfile(mock.baseURL), [
        '--project=contract',
        'tests/contract/categories.spec.ts',
        '-g',
        'the profile root among them',
      ]);
      const discovery = JSON.parse(readFileSync(join(run.dir, 'discovery.json'), 'utf8')) as DiscoveryResult;
      const root = discovery.found.find((f) => f.path === 'catalog.rootCategory');
      expect(root?.from, JSON.stringify(discovery.found)).toContain('path_from_root of GET /categories/');
      const judged = run.tests.find((t) => t.title.includes('the profile root among them'));
      expect(judged?.outcome, run.output).toBe('failed');
      expect(run.status).not.toBe(0);
    } finally {
      mock.stop();
    }
  });
});

test.describe('discovery with the seller and the buyer only', () => {
  test('finds an item with shipping options and a pack with documents when search results carry no zip code', async () => {
    // Seed 0 of the alternate mock answers as production: search results without location, and an
    // empty seller_address.zip_code (site_search_02).
    const app = await build({ alternate: { seed: 0 } });
    try {
      const baseURL = await app.listen({ port: 0, host: '127.0.0.1' });
      const profile = twoUsers(baseURL);
      const search = await fetch(`${baseURL}/sites/MLB/search?category=MLB1000&limit=50`);
      const results = ((await search.json()) as { results: Record<string, Record<string, unknown>>[] })
        .results;
      expect(results.length).toBeGreaterThan(0);
      for (const item of results)
        expect(item.location?.zip_code || item.seller_address?.zip_code || '').toBe('');
      const { needs } = resolveProfile(profile, await discover(profile));
      const state = (path: string) => needs.find((n) => n.path === path);
      for (const path of [
        'catalog.shippingItem',
        'catalog.cityTo',
        'catalog.zipCode',
        'fiscal.documentsPack',
      ])
        expect(state(path)?.state, path).toBe('discovered');
      expect(state('catalog.cityTo')?.from).toContain('city_to=');
    } finally {
      await app.close();
    }
  });

  // Issue 36 item 3: the data hidden deep (a later page, an older order, a second seller, an attachment).
  for (const seed of [0, 1, 2])
    test(`finds every deep need the alternate mock holds at seed ${seed}, whatever its page size and sort`, async () => {
      const app = await build({ alternate: { seed } });
      try {
        const profile = twoUsers(await app.listen({ port: 0, host: '127.0.0.1' }));
        const result = await discover(profile);
        const { needs } = resolveProfile(profile, result);
        const state = (path: string) => needs.find((n) => n.path === path);
        for (const path of [
          'orders.withDiscounts',
          'orders.withAttributes',
          'orders.shipment',
          'orders.oldest',
          'fiscal.sharedPack',
          'messaging.attachmentPack',
        ])
          expect(state(path)?.state, `${path}: ${JSON.stringify(state(path))}`).toBe('discovered');
        // The mock keeps no order older than 12 months: none found, and the table says after how many reads.
        expect(state('orders.expired')).toMatchObject({ state: 'not found', reads: 1 });
        expect(result.stoppedBy).toBeUndefined();
      } finally {
        await app.close();
      }
    });

  test('walks back in date windows when the first page of a status search holds no order of the seller (audit C6)', async () => {
    const profile0 = twoUsers('http://127.0.0.1');
    const { seller, buyer } = profile0.users;
    const other = (id: number, day: number) => ({
      id,
      status: 'paid',
      date_created: `2026-11-${day}T10:00:00.000-03:00`,
      seller: { id: 9_000_001 },
      buyer: { id: buyer.id },
    });
    const own = { ...other(3_000_001, 2), seller: { id: seller.id } };
    const firstPage = [other(3_000_010, 20), other(3_000_009, 19)];
    const searches: string[] = [];
    // A target whose buyer search answers a full first page of another seller's orders: the seller's
    // order comes only in the window ending at the oldest of them. Every other read is not there.
    const target = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname !== '/orders/search')
        return json(404, { message: 'no', error: 'not_found', status: 404, cause: [] });
      searches.push(url.search);
      const q = url.searchParams;
      const status = q.get('order.status');
      let results: unknown[] = [];
      if (q.get('seller') && q.get('q') === String(own.id)) results = [own];
      else if (q.get('buyer') && status === 'paid')
        results = q.get('order.date_created.to') === firstPage[1]?.date_created ? [own] : firstPage;
      json(200, { query: '', results, paging: { total: results.length, offset: 0, limit: 2 } });
    });
    const baseURL = await listen(target);
    try {
      const profile = twoUsers(baseURL, { rateLimit: { maxRetries: 0 } });
      const result = await discover(profile);
      const paid = result.found.find((f) => f.path === 'orders.byStatus.paid');
      expect(paid, JSON.stringify(result.found)).toBeDefined();
      expect(paid?.value).toBe(own.id);
      expect(paid?.from).toContain(`order.date_created.to=${firstPage[1]?.date_created}`);
      expect(searches.some((s) => s.includes('order.date_created.to='))).toBe(true);
    } finally {
      target.close();
    }
  });

  test('says "read failed" with the status for every need when every discovery read fails, and finds nothing', async () => {
    const refusing = createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ message: 'unavailable', error: 'service_unavailable', status: 503, cause: [] }),
      );
    });
    const baseURL = await listen(refusing);
    // A ledger of its own: these 503s must not cut the pace of the run this test is part of.
    const runLedger = process.env[LEDGER_ENV];
    startLedger(mkdtempSync(join(tmpdir(), 'discovery-refused-')));
    try {
      const profile = twoUsers(baseURL, { rateLimit: { maxRetries: 0 } });
      const result = await discover(profile);
      expect(result.found).toEqual([]);
      const { needs } = resolveProfile(profile, result);
      const sought = needs.filter((n) => n.state !== 'given' && needOf(n.path)?.discoverable);
      expect(sought.length).toBeGreaterThan(30);
      for (const need of sought) {
        expect(need.state, need.path).toBe('read failed');
        expect(need.status, need.path).toBe(503);
        expect(failedWords(need)).toMatch(/^read failed \(status 503 to GET \//);
      }
      const reason = missingReason(
        'orders.byStatus.paid',
        profile.users,
        failedWords(sought[0] as NeedState),
      );
      expect(reason).toContain('read failed (status 503');
      expect(reason).not.toContain('not found');
    } finally {
      refusing.close();
      if (runLedger) process.env[LEDGER_ENV] = runLedger;
      else delete process.env[LEDGER_ENV];
    }
  });
});
