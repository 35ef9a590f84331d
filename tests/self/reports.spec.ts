import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { runCommand } from '../../lib/process/launch.ts';
import { loadProfile, profileSecrets } from '../../lib/profile/load.ts';
import { labelAllureResults } from '../../lib/report/allure-labels.ts';
import { REQUIREMENT_STATUSES } from '../../lib/report/coverage-picture.ts';
import { failedRequirements, failuresSection } from '../../lib/report/failures-section.ts';
import { findSecrets } from '../../lib/report/find-secrets.ts';
import { findingsSection } from '../../lib/report/findings-section.ts';
import { CHROMIUM, lookAtReports } from '../../lib/report/look.ts';
import { buildTraceability } from '../../lib/report/traceability.ts';
import { classify } from '../../lib/report/verdict/classify.ts';
import { readResults, type TestRecord } from '../../lib/report/verdict/results.ts';
import { build } from '../../mock/app.ts';
import { freePort } from '../../scripts/free-port.ts';
import { openAt, VIEWPORT, withChromium } from './chromium-pages.ts';
import { runSuite } from './hostile/nested.ts';
import { type NestedRun, runDemoAndBuildReports } from './nested-run.ts';
import { testRecord } from './test-record.ts';

interface Label {
  name: string;
  value: string;
}

interface JsonAttachment {
  name: string;
  contentType: string;
  body?: string;
}

function attachmentsOf(dir: string): JsonAttachment[] {
  const text = readFileSync(join(dir, 'results.json'), 'utf8');
  const found: JsonAttachment[] = [];
  JSON.parse(text, (key, value) => {
    if (key === 'attachments' && Array.isArray(value)) found.push(...(value as JsonAttachment[]));
    return value;
  });
  return found;
}

const pageWidth = (page: Page) => page.evaluate<number>('document.documentElement.scrollWidth');

/** Where the screenshots go: SCREENS_DIR when a reader wants them, else the test's output folder. */
function screenshotPath(name: string): string {
  const dir = process.env.SCREENS_DIR ?? test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  return join(dir, name);
}

test.describe
  .serial('reports of a failing run', () => {
    test.setTimeout(180_000);
    let run: NestedRun;
    let port: number;

    test.beforeAll(async () => {
      port = await freePort();
      run = runDemoAndBuildReports(port);
    });

    test('the run fails and exits non-zero', () => {
      expect(run.status, run.output).not.toBe(0);
      const stats = JSON.parse(readFileSync(join(run.dir, 'results.json'), 'utf8')).stats;
      expect(stats.unexpected).toBe(1);
    });

    test('no token of the profile appears anywhere under the reports, in any encoding', () => {
      expect(findSecrets(run.dir, profileSecrets(loadProfile({ TARGET: 'mock' })))).toEqual([]);
    });

    test('the failing test carries its request and response as evidence, the token redacted', () => {
      const evidence = attachmentsOf(run.dir)
        .filter((a) => a.contentType === 'application/json' && a.body)
        .map((a) => ({ name: a.name, body: Buffer.from(a.body ?? '', 'base64').toString('utf8') }));
      const userStatus = evidence.find((e) => e.name.includes('/users/'));
      expect(userStatus?.name).toContain('access_token=[REDACTED]');
      const exchange = JSON.parse(userStatus?.body ?? '{}');
      expect(exchange.request.url).toContain('access_token=[REDACTED]');
      expect(typeof exchange.response.status).toBe('number');
      const order = evidence.find((e) => e.name.includes('/orders/'));
      expect(JSON.parse(order?.body ?? '{}').request.headers.authorization).toBe('Bearer [REDACTED]');
    });

    test('every report is written: Playwright HTML, Allure, JUnit, traceability, spec, index', () => {
      for (const file of [
        'html/index.html',
        'allure/index.html',
        'junit.xml',
        'traceability.html',
        'traceability.json',
        'spec/index.html',
        'index.html',
      ]) {
        expect(existsSync(join(run.dir, file)), file).toBe(true);
      }
    });

    test('the traceability matrix lists every requirement of the catalog with a status', () => {
      const trace = JSON.parse(readFileSync(join(run.dir, 'traceability.json'), 'utf8')) as {
        rows: { id: string; status: string }[];
      };
      const ids = loadRequirements()
        .filter((r) => !r.retired)
        .map((r) => r.id);
      expect(trace.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
      expect(trace.rows.every((r) => (REQUIREMENT_STATUSES as string[]).includes(r.status))).toBe(true);
      const html = readFileSync(join(run.dir, 'traceability.html'), 'utf8');
      for (const id of ids) expect(html).toContain(`id="${id}"`);
    });

    test('each page opens in headless Chromium without console errors and shows the run', async () => {
      test.skip(
        !existsSync(CHROMIUM),
        `Debian's chromium is not installed at ${CHROMIUM} (apt-get install chromium)`,
      );
      const pages = [
        'index.html',
        'traceability.html',
        'spec/index.html',
        'html/index.html',
        'allure/index.html',
      ];
      const looks = await lookAtReports(run.dir, pages, undefined, {
        'allure/index.html': 'demo: a failing test leaves redacted evidence',
        'html/index.html': 'Failed',
      });
      for (const look of looks) expect(look.consoleErrors, look.page).toEqual([]);
      const text = Object.fromEntries(looks.map((look) => [look.page, look.text]));
      expect(text['index.html']).toContain('failed\n1');
      expect(text['traceability.html']).toContain('requirements verified');
      expect(text['spec/index.html']).toContain('Fiscal documents');
      expect(text['html/index.html']).toMatch(/Failed\s*1/);
      expect(text['allure/index.html']).toContain('demo: a failing test leaves redacted evidence');
    });

    test('the index page names the target and the counts of the run', () => {
      const html = readFileSync(join(run.dir, 'index.html'), 'utf8');
      expect(html).toContain('target <code>mock</code> does not conform');
      expect(html).toContain(`http://127.0.0.1:${port}`);
      expect(html).toMatch(/failed<\/span><b>1<\/b>/);
    });

    test('read at 1400 × 1000: the first failure and its message show without scrolling, with its replay line, and no page is wider than the window', async () => {
      await withChromium(async (browser) => {
        const index = await openAt(browser, run.dir, 'index.html');
        const message = index.locator('.failure .message').first();
        await expect(message).toHaveText(/a deliberate failure whose message names a token/);
        const box = await message.boundingBox();
        expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(VIEWPORT.height);
        await expect(index.locator('.failure pre.replay').first()).toHaveText(
          /^TARGET=mock npx playwright test tests\/demo\/evidence\.spec\.ts:\d+ --project demo$/,
        );
        expect(await pageWidth(index)).toBeLessThanOrEqual(VIEWPORT.width);
        await index.screenshot({ path: screenshotPath('index.png') });
        const trace = await openAt(browser, run.dir, 'traceability.html');
        expect(await pageWidth(trace)).toBeLessThanOrEqual(VIEWPORT.width);
        await trace.screenshot({ path: screenshotPath('traceability.png') });
      });
    });

    test("a failure's evidence link opens the test in the Playwright report, its error shown", async () => {
      await withChromium(async (browser) => {
        const index = await openAt(browser, run.dir, 'index.html');
        await index
          .getByRole('link', { name: /^Evidence: the test in the Playwright report/ })
          .first()
          .click();
        await expect(index).toHaveURL(/html\/index\.html#\?testId=/);
        await expect(
          index.getByText('a deliberate failure whose message names a token').first(),
        ).toBeVisible();
        await expect(
          index.getByText('demo: a failing test leaves redacted evidence of its requests').first(),
        ).toBeVisible();
        expect(await pageWidth(index)).toBeLessThanOrEqual(VIEWPORT.width);
        await index.screenshot({ path: screenshotPath('playwright-report.png') });
      });
    });

    test('the traceability page filters by status, resource and text, and shows each requirement judged', async () => {
      const rows = (
        JSON.parse(readFileSync(join(run.dir, 'traceability.json'), 'utf8')) as {
          rows: { status: string; area: string; judged: { summary: string } }[];
        }
      ).rows;
      const verified = rows.filter((r) => r.status === 'verified');
      expect(verified.length).toBeGreaterThan(0);
      await withChromium(async (browser) => {
        const page = await openAt(browser, run.dir, 'traceability.html');
        const shown = page.locator('#filter-shown');
        const visibleRows = page.locator('tr[data-status]:visible');
        await expect(shown).toHaveText(`${rows.length} of ${rows.length} requirements shown`);
        await page.selectOption('#filter-status', 'verified');
        await expect(shown).toHaveText(`${verified.length} of ${rows.length} requirements shown`);
        await expect(visibleRows).toHaveCount(verified.length);
        await expect(visibleRows.first().locator('.judged')).toHaveText(verified[0]?.judged.summary ?? '');
        await expect(visibleRows.first().locator('.judged')).toHaveText(/^held on \d+ instance/);
        await page.selectOption('#filter-status', '');
        await page.selectOption('#filter-area', 'users');
        await expect(visibleRows).toHaveCount(rows.filter((r) => r.area === 'users').length);
        await page.fill('#filter-text', 'no requirement says this');
        await expect(shown).toHaveText(`0 of ${rows.length} requirements shown`);
      });
    });

    test('Allure groups the results by resource (feature) and endpoint (story)', () => {
      const allure = readFileSync(join(run.dir, 'allure', 'index.html'), 'utf8');
      expect(allure).toContain('"groupBy":["feature","story"]');
      const resultsDir = join(run.dir, 'allure-results');
      const all = readdirSync(resultsDir).filter((f) => f.endsWith('-result.json'));
      // The judgements after the run are results of their own (lib/report/allure-labels.ts alignAllureResults).
      const results = all.filter((f) => !f.startsWith('conformance-'));
      expect(results).toHaveLength(1);
      for (const file of all.filter((f) => f.startsWith('conformance-after-run-'))) {
        const { labels } = JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as { labels: Label[] };
        expect(labels).toContainEqual({ name: 'feature', value: 'judgements after the run' });
      }
      for (const file of results) {
        const { labels } = JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as {
          labels: { name: string; value: string }[];
        };
        const named = Object.fromEntries(labels.map((l) => [l.name, l.value]));
        expect([named.feature, named.story]).toEqual(['evidence', 'no endpoint named']);
      }
    });
  });

test.describe
  .serial('reports of a failing run whose answers left out a field the reference states (a planted fault)', () => {
    test.setTimeout(180_000);
    let dir: string;

    test.beforeAll(async () => {
      const app = await build({ faults: ['user-status-without-list'] });
      try {
        const url = await app.listen({ port: 0, host: '127.0.0.1' });
        const env = { EVIDENCE_DEMO: '1', TARGET: 'mock', BASE_URL: url };
        dir = (await runSuite(['--project', 'demo'], { CONFORMANCE_JUDGE: '1', ...env })).dir;
        runCommand('npx', ['tsx', 'scripts/build-reports.ts'], { env: { ...env, REPORTS_DIR: dir } });
      } finally {
        await app.close();
      }
    });

    test('the verdict still reads the finding: the machine-readable record is kept', () => {
      const [demo] = readResults(join(dir, 'results.json')).tests;
      expect(demo?.findings.map((f) => [f.operation, f.field, f.outcome])).toEqual([
        ['GET /users/{user_id}', 'status.list', 'new'],
      ]);
    });

    test('the Playwright report shows the finding as a table beside its answer, never as JSON', async () => {
      const [demo] = readResults(join(dir, 'results.json')).tests;
      await withChromium(async (browser) => {
        const page = await openAt(browser, dir, `html/index.html#?testId=${demo?.id}`);
        await expect(
          page.getByText('a deliberate failure whose message names a token').first(),
        ).toBeVisible();
        const attachment = page.getByText('findings: GET /users/{user_id} (1 new)').last();
        await attachment.click();
        const table = page.getByText(/^outcome\s+level\s+check\s+requirement\s+field\s+message/).last();
        await expect(table).toBeVisible();
        await expect(table).toContainText('USR-STATUS-FIELDS');
        expect(await page.locator('body').innerText()).not.toContain('{"check"');
        await page.screenshot({ path: screenshotPath('playwright-report-findings.png') });
      });
    });

    test('the index page lists the omission once, by operation and field, with how many tests met it', () => {
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      expect(html).toContain('Omissions: failing (1 in 1 operation: fail the run)');
      expect(html).toMatch(
        /<td rowspan="1">GET \/users\/\{user_id\}<\/td><td><code>status\.list<\/code><\/td><td><code>responseSchemaConformance<\/code><\/td><td><span title="[^"]*">1 test<\/span>/,
      );
    });
  });

const THREE = ['ORD-ORDER-FIELDS', 'ORD-ORDER-CONTEXT', 'ORD-ORDER-CANCEL-DETAIL'];
const traceOf = (tests: TestRecord[]) => buildTraceability(loadRequirements(), tests, []);

test.describe('the pages read without a run', () => {
  test('one failed assertion naming no requirement in a test citing three fails one test, not three requirements', () => {
    const failing = testRecord({ requirements: THREE, outcome: 'failed', error: 'Error: expected 200' });
    const unnamed = failedRequirements(traceOf([failing]), [failing]);
    expect(unnamed.broken).toEqual([]);
    expect(unnamed.citedByFailure.map((r) => r.id).sort()).toEqual([...THREE].sort());
    const named = testRecord({
      ...failing,
      judgements: [{ requirement: 'ORD-ORDER-CONTEXT', outcome: 'broken', instance: 'getOrder 1', count: 1 }],
    });
    expect(failedRequirements(traceOf([named]), [named]).broken.map((r) => r.id)).toEqual([
      'ORD-ORDER-CONTEXT',
    ]);
  });

  test('a failure lists its requirements with their judgements and a replay line naming the target', () => {
    const failing = testRecord({
      id: 'abc-1',
      line: 12,
      requirements: ['ORD-ORDER-CONTEXT'],
      outcome: 'failed',
      error: 'ORD-ORDER-CONTEXT: getOrder 1: expected "paid"',
      judgements: [{ requirement: 'ORD-ORDER-CONTEXT', outcome: 'broken', instance: 'getOrder 1', count: 1 }],
    });
    const verdict = classify([failing], []);
    const html = failuresSection([failing], verdict, traceOf([failing]), {
      profile: 'staging',
      baseURL: 'https://staging.example',
    });
    expect(html).toContain('ORD-ORDER-CONTEXT: getOrder 1: expected &quot;paid&quot;');
    expect(html).toContain('failed: broken on 1 (getOrder 1: broken)');
    expect(html).toContain('href="html/index.html#?testId=abc-1"');
    expect(html).toContain(
      'TARGET=staging BASE_URL=https://staging.example npx playwright test tests/contract/orders.spec.ts:12 --project contract',
    );
  });

  test('omissions reported by many tests are one row per operation, each field with a count', () => {
    const omission = (field: string) => ({
      check: 'responseSchemaConformance',
      requirement: 'ORD-ORDER-FIELDS',
      operation: 'GET /orders/{order_id}',
      field,
      level: 'omission' as const,
      keyword: 'listed',
      message: `GET /orders/{order_id} answered 200 without ${field}`,
      evidence: { status: 200 },
      outcome: 'reported' as const,
    });
    const tests = Array.from({ length: 40 }, (_, i) =>
      testRecord({ title: `test ${i}`, findings: [omission('buyer.nickname'), omission('tags')] }),
    );
    const html = findingsSection(classify(tests, []), true);
    expect(html).toContain('Omissions: reported (2 in 1 operation');
    expect(html.match(/<tr>/g)).toHaveLength(2);
    expect(html).toContain(
      '<td>GET /orders/{order_id}</td><td>2</td><td><code>buyer.nickname</code> <span class="muted">×40</span>, <code>tags</code> <span class="muted">×40</span></td>',
    );
    expect(html).not.toContain('test 1');
  });

  test('Allure results are labelled with their resource and endpoint', () => {
    const dir = mkdtempSync(join(tmpdir(), 'allure-labels-'));
    const result = (uuid: string, fullName: string) =>
      writeFileSync(
        join(dir, `${uuid}-result.json`),
        JSON.stringify({ fullName, labels: [], parameters: [{ name: 'Project', value: 'contract' }] }),
      );
    result(
      'a',
      'tests/contract/orders.spec.ts › GET /orders/{order_id} and its product: access › answers an order',
    );
    result('b', 'tests/contract/orders.spec.ts › reads the context');
    const tests = [
      testRecord({
        title: 'GET /orders/{order_id} and its product: access › answers an order',
        requirements: ['ORD-ORDER-FIELDS'],
      }),
      testRecord({ title: 'reads the context', requirements: ['ORD-ORDER-CONTEXT'] }),
    ];
    const operations = [{ operationId: 'getOrder', method: 'get', path: '/orders/{order_id}' }];
    expect(labelAllureResults(dir, tests, loadRequirements(), operations)).toBe(2);
    for (const uuid of ['a', 'b']) {
      const { labels } = JSON.parse(readFileSync(join(dir, `${uuid}-result.json`), 'utf8')) as {
        labels: { name: string; value: string }[];
      };
      expect(labels).toEqual([
        { name: 'feature', value: 'orders' },
        { name: 'story', value: 'GET /orders/{order_id}' },
      ]);
    }
  });
});
