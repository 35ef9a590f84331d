import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { projectRoot } from '../../lib/checks/spec.ts';
import { JUDGEMENTS_ATTACHMENT } from '../../lib/judge/judgement.ts';
import type { RunHistory } from '../../lib/memory/history.ts';
import { runCommand, runCommandAsync } from '../../lib/process/launch.ts';
import { build } from '../../mock/app.ts';
import { openAt, VIEWPORT, withChromium } from './chromium-pages.ts';

/**
 * Issue 48, item 2, what a morning reader meets: failures grouped by cause (36 answers that were 404 are
 * one card), the trend of the last nights as a picture on the index page (three nights into one memory
 * folder), and a traceability page that opens on what failed. Each page opened in Chromium at 1400 × 1000.
 */

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/** A test of a Playwright JSON report: passed judging its requirement held, or failed on an answer. */
function spec(i: number, requirement: string, error?: string) {
  const judgement = {
    requirement,
    outcome: error ? 'broken' : 'held',
    instance: `order ${2000000100 + i}`,
    count: 1,
  };
  return {
    id: `t${i}`,
    line: 10 + i,
    title: error ? `reads order ${2000000100 + i}` : `judges ${requirement} (${i})`,
    file: 'tests/contract/orders.spec.ts',
    tags: [],
    tests: [
      {
        projectName: 'contract',
        status: error ? 'unexpected' : 'expected',
        annotations: [{ type: 'requirement', description: requirement }],
        results: [
          {
            status: error ? 'failed' : 'passed',
            duration: 5,
            ...(error ? { error: { message: error } } : {}),
            attachments: [
              { name: JUDGEMENTS_ATTACHMENT, contentType: 'application/json', body: base64([judgement]) },
            ],
          },
        ],
      },
    ],
  };
}

/** A run of 36 reads of orders answered 404 (one cause) beside 12 passing tests, as Playwright's JSON report. */
function oneCauseRun(dir: string): void {
  const passing = ['ORD-SEARCH-PAGING', 'USR-STATUS-FIELDS', 'LOC-COUNTRIES-FIELDS'];
  const specs = [
    ...Array.from({ length: 36 }, (_, i) =>
      spec(
        i,
        'ORD-ORDER-FIELDS',
        `Error: GET /orders/${2000000100 + i} answered 404 (order_not_found), expected 200`,
      ),
    ),
    ...Array.from({ length: 12 }, (_, i) => spec(100 + i, passing[i % passing.length] ?? '')),
  ];
  const report = {
    config: { metadata: { target: 'mock', baseURL: 'http://127.0.0.1:4010' }, argv: [] },
    suites: [{ title: 'tests/contract/orders.spec.ts', file: 'tests/contract/orders.spec.ts', specs }],
    stats: {
      startTime: new Date().toISOString(),
      duration: 4000,
      expected: 12,
      unexpected: 36,
      skipped: 0,
      flaky: 0,
    },
    errors: [],
  };
  writeFileSync(join(dir, 'results.json'), JSON.stringify(report));
}

const env = (dir: string, memory: string) => ({
  REPORTS_DIR: dir,
  TARGET: 'mock',
  MEMORY: memory,
  BASE_URL: undefined,
  MOCK_BASE_URL: undefined,
});

test.describe
  .serial('a run of 36 answers of one cause', () => {
    let dir: string;

    test.beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'one-cause-'));
      oneCauseRun(dir);
      const memory = join(dir, 'memory', 'mock.json');
      const verdict = runCommand('node', ['--import', 'tsx', 'scripts/verdict.ts'], {
        env: env(dir, memory),
      });
      expect(verdict.stdout).toContain('12 passed, 36 failed');
      const built = runCommand('node', ['--import', 'tsx', 'scripts/build-reports.ts'], {
        env: env(dir, memory),
      });
      expect(built.status, built.stderr).toBe(0);
    });

    test('the index page shows one card for the cause, the 36 tests collapsed in it', () => {
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      expect(html).toContain('Failures (36, of 1 cause)');
      expect(html.match(/<li class="failure/g)).toHaveLength(1);
      expect(html).toContain('<b>36 failures of one cause</b>');
      expect(html).toContain('GET /orders/2000000100 answered 404 (order_not_found)');
    });

    test('read at 1400 × 1000: the index is under 3,000 px tall; traceability opens on the failures', async () => {
      await withChromium(async (browser) => {
        const index = await openAt(browser, dir, 'index.html');
        const height = await index.evaluate<number>('document.documentElement.scrollHeight');
        expect(height).toBeLessThan(3000);
        await expect(index.locator('.failure.group .message')).toBeInViewport();
        await index.screenshot({ path: test.info().outputPath('one-cause-index.png'), fullPage: true });
        const trace = await openAt(browser, dir, 'traceability.html');
        const failed = trace.locator('tr.first', { hasText: 'ORD-ORDER-FIELDS' });
        await expect(failed).toBeVisible();
        const box = await failed.boundingBox();
        expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(VIEWPORT.height);
        // The families below start collapsed; a link to a requirement opens its family.
        await expect(trace.locator('tr#ORD-SEARCH-PAGING')).toBeHidden();
        await failed.getByRole('link', { name: 'ORD-ORDER-FIELDS' }).click();
        await expect(trace.locator('tr#ORD-ORDER-FIELDS')).toBeVisible();
        await trace.screenshot({ path: test.info().outputPath('one-cause-traceability.png') });
      });
    });
  });

/** The slice each night runs: a user-status test (the fault of night 3 breaks it) and a few order reads. */
const SLICE = 'the user status call takes its token from the access_token query parameter|sorts by date';

test.describe
  .serial('three nights into one memory folder', () => {
    test.setTimeout(300_000);
    const dir = mkdtempSync(join(tmpdir(), 'three-nights-'));
    const memory = join(dir, 'memory', 'mock.json');
    const outputs: string[] = [];
    let last = '';

    test.beforeAll(async () => {
      test.setTimeout(300_000);
      for (const faults of [[], [], ['user-status-html-error-page']]) {
        const app = await build({ faults });
        try {
          const url = await app.listen({ port: 0, host: '127.0.0.1' });
          last = mkdtempSync(join(dir, 'night-'));
          const run = await runCommandAsync(
            'bash',
            ['scripts/conformance.sh', '--project', 'contract', '--grep', SLICE],
            {
              env: { ...env(last, memory), BASE_URL: url, LEAN_REPORTS: '1', WORKERS: '2', CI: '1' },
              group: true,
              timeoutMs: 150_000,
            },
          );
          outputs.push(`${run.stdout}${run.stderr}`);
        } finally {
          await app.close();
        }
      }
      const built = runCommand('node', ['--import', 'tsx', 'scripts/build-reports.ts'], {
        env: env(last, memory),
      });
      expect(built.status, built.stderr).toBe(0);
    });

    test('the history beside the memory keeps each night: date, verified, failed, not judged, requests, time', () => {
      const history = JSON.parse(
        readFileSync(join(dir, 'memory', 'mock.history.json'), 'utf8'),
      ) as RunHistory;
      expect(history.nights, outputs.join('\n').slice(-3000)).toHaveLength(3);
      for (const night of history.nights) {
        expect(Object.keys(night)).toEqual(
          expect.arrayContaining(['date', 'verified', 'failed', 'notJudged', 'requests', 'seconds']),
        );
        expect(night.requests).toBeGreaterThan(0);
      }
      expect(history.nights.map((n) => n.failed > 0)).toEqual([false, false, true]);
      expect(outputs[2]).toContain('history: night 3 written');
    });

    test('the index page draws the three nights and lists what changed since the last one', async () => {
      const html = readFileSync(join(last, 'index.html'), 'utf8');
      expect(html).toContain('<h2>The last nights</h2>');
      expect(html).not.toContain('<script src');
      const verdict = JSON.parse(readFileSync(join(last, 'verdict.json'), 'utf8'));
      expect(verdict.trend.nights).toHaveLength(3);
      expect(verdict.trend.changes.newlyFailed.length).toBeGreaterThan(0);
      expect(html).toMatch(/\d+ newly failed<\/span>: <a href="traceability\.html#/);
      await withChromium(async (browser) => {
        const index = await openAt(browser, last, 'index.html');
        const chart = index.locator('svg.trend');
        await expect(chart).toBeVisible();
        for (const series of ['verified', 'failed', 'notJudged', 'requests', 'seconds'])
          await expect(chart.locator(`g[data-series="${series}"] circle`)).toHaveCount(3);
        const box = await chart.boundingBox();
        expect(box?.width ?? 0).toBeGreaterThan(600);
        expect(await index.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
          VIEWPORT.width,
        );
        await chart.scrollIntoViewIfNeeded();
        await index.screenshot({ path: test.info().outputPath('three-nights-index.png') });
      });
    });
  });

test('the README a newcomer reads: under 200 lines, the Power section with its blind markers, every linked page there', () => {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
  expect(readme.split('\n').length).toBeLessThan(200);
  const power = readme.slice(readme.indexOf('## Power'));
  expect(power).toMatch(/^<!-- blind:start -->$/m);
  expect(power).toMatch(/^<!-- blind:end -->$/m);
  expect(power).toContain('(docs/power.md)');
  // The mutation run writes its read-only section into docs/power.md (scripts/mutation.ts writeReadme).
  const powerPage = readFileSync(join(projectRoot, 'docs', 'power.md'), 'utf8');
  expect(powerPage).toContain('<!-- mutation-readonly:start -->');
  expect(powerPage).toContain('<!-- mutation-readonly:end -->');
  for (const [, link] of readme.matchAll(/\]\((docs\/[^)]+\.md)\)/g))
    expect(existsSync(join(projectRoot, link ?? '')), link).toBe(true);
});
