import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { expect, test } from '@playwright/test';
import { runCommand, runCommandAsync } from '../../lib/process/launch.ts';
import { keptRuns } from '../../lib/process/run-folder.ts';
import type { RunNumbers } from '../../lib/report/verdict/numbers.ts';
import { requestBudget } from '../../lib/report/verdict/request-budget.ts';
import { build } from '../../mock/app.ts';

/**
 * Issue 48, item 1: one run, one set of numbers. A run stopped by --max-failures on a planted fault (one
 * test fails, the run stops, most tests never run): the console's closing line, count-results, the index
 * page, JUnit, Allure and verdict.json all say the same passed, failed, skipped and not run; the tests
 * the run never ran are "not run", never skipped.
 */

const CLOSING = /^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/m;

function closing(text: string): { passed: number; failed: number; skipped: number } {
  const [, passed, failed, skipped] = CLOSING.exec(text) ?? [];
  return { passed: Number(passed), failed: Number(failed), skipped: Number(skipped ?? 0) };
}

/** The index page's card of a label: `<span class="muted">label</span><b>value</b>`. */
function card(html: string, label: string): string | undefined {
  const escaped = label.replace(/[()]/g, '\\$&');
  return new RegExp(`<span class="muted">${escaped}</span><b>([^<]*)</b>`).exec(html)?.[1];
}

test.describe
  .serial('one run, one set of numbers: an interrupted run', () => {
    test.setTimeout(240_000);
    let dir: string;
    let output: string;
    let numbers: RunNumbers;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      dir = mkdtempSync(join(tmpdir(), 'numbers-'));
      const app = await build({ faults: ['user-status-html-error-page'] });
      try {
        const url = await app.listen({ port: 0, host: '127.0.0.1' });
        const run = await runCommandAsync(
          'bash',
          ['scripts/conformance.sh', '--project', 'contract', '--max-failures=1'],
          {
            env: {
              REPORTS_DIR: dir,
              BASE_URL: url,
              TARGET: 'mock',
              MEMORY: join(dir, 'memory.json'),
              WORKERS: '2',
              CI: '1',
              MOCK_BASE_URL: undefined,
            },
            group: true,
            timeoutMs: 220_000,
          },
        );
        output = stripVTControlCharacters(`${run.stdout}${run.stderr}`);
      } finally {
        await app.close();
      }
      // Interrupted (--max-failures): kept in its own folder beside the report (lib/process/run-folder.ts).
      dir = keptRuns(dir).find((kept) => kept.state === 'interrupted')?.dir ?? dir;
      numbers = JSON.parse(readFileSync(join(dir, 'verdict.json'), 'utf8')).numbers as RunNumbers;
    });

    test('the run stopped early: some tests not run, none of them counted as skipped', () => {
      expect(numbers.tests.notRun, output.slice(-3000)).toBeGreaterThan(0);
      expect(numbers.tests.failed).toBeGreaterThanOrEqual(1);
      expect(numbers.tests.ran + numbers.tests.notRun).toBe(numbers.tests.total);
      expect(numbers.tests.passed + numbers.tests.failed + numbers.tests.skipped).toBe(numbers.tests.ran);
      // The --max-failures notice is how the run stopped, not a failure of the target.
      expect(numbers.failures).toMatchObject({
        outside: 0,
        total: numbers.tests.failed + numbers.failures.judgements,
      });
      const stats = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')).stats;
      expect(stats.expected + stats.unexpected + stats.skipped + stats.flaky).toBe(numbers.tests.total);
    });

    test('discovery says each of its steps as it starts (stderr), before its closing line', () => {
      const steps = [...output.matchAll(/^discovering (.+) \((\d+) requests, [\d.]+ s\)$/gm)].map(
        (m) => m[1],
      );
      expect(steps).toEqual([
        'the data remembered from the last run',
        'orders by status, tag and date',
        'conversations, fiscal documents and the catalog',
        'a partial order',
        'instances of answer branches not yet seen',
      ]);
    });

    test("the console's closing line, Playwright's own line and count-results agree with verdict.json", () => {
      const line = closing(output);
      expect(line).toEqual({
        passed: numbers.tests.passed,
        failed: numbers.failures.total,
        skipped: numbers.tests.skipped,
      });
      expect(output).toContain(`${numbers.tests.notRun} not run (the run stopped before them)`);
      // Playwright's list reporter: "N did not run" and "N interrupted" are our "not run".
      const didNotRun = Number(/^\s*(\d+) did not run\s*$/m.exec(output)?.[1] ?? 0);
      const interrupted = Number(/^\s*(\d+) interrupted\s*$/m.exec(output)?.[1] ?? 0);
      expect(didNotRun + interrupted).toBe(numbers.tests.notRun);
      expect(Number(/^\s*(\d+) passed \(/m.exec(output)?.[1])).toBe(numbers.tests.passed);
      const counted = runCommand('node', ['scripts/count-results.mjs', join(dir, 'results.json')]);
      expect(closing(counted.stdout)).toEqual(line);
      expect(counted.stdout).toContain(`${numbers.tests.notRun} not run`);
      expect(counted.status).toBe(1);
    });

    test('the index page shows the same numbers', () => {
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      expect(card(html, 'tests ran')).toBe(`${numbers.tests.ran} / ${numbers.tests.total}`);
      expect(card(html, 'passed')).toBe(String(numbers.tests.passed));
      expect(card(html, 'failed')).toBe(String(numbers.failures.total));
      expect(card(html, 'skipped')).toBe(String(numbers.tests.skipped));
      expect(card(html, 'not run')).toBe(String(numbers.tests.notRun));
      expect(card(html, 'requirements failed')).toBe(String(numbers.requirements?.failed));
      expect(card(html, 'not judged')).toBe(String(numbers.requirements?.notJudged));
    });

    test('JUnit says them too: not run apart from skipped, every failure once', () => {
      const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
      const root = Object.fromEntries(
        [...(/<testsuites ([^>]*)>/.exec(xml)?.[1] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [
          m[1],
          m[2],
        ]),
      );
      expect(Number(root.failures) + Number(root.errors)).toBe(numbers.failures.total);
      expect(Number(root.skipped)).toBe(numbers.tests.skipped + numbers.tests.notRun);
      expect(xml.match(/<skipped message="not run: /g)?.length ?? 0).toBe(numbers.tests.notRun);
      const cases = [...xml.matchAll(/<testcase [\s\S]*?<\/testcase>/g)].map((m) => m[0]);
      const playwrightCases = cases.filter((c) => !c.includes('classname="lib/'));
      expect(playwrightCases).toHaveLength(numbers.tests.total);
      const passed = playwrightCases.filter((c) => !/<(failure|error|skipped)\b/.test(c)).length;
      expect(passed).toBe(numbers.tests.passed);
    });

    test('Allure results say them too: a test not run is "unknown", never skipped', () => {
      const resultsDir = join(dir, 'allure-results');
      const statuses = readdirSync(resultsDir)
        .filter((f) => f.endsWith('-result.json'))
        .map(
          (f) =>
            JSON.parse(readFileSync(join(resultsDir, f), 'utf8')) as { status: string; fullName: string },
        )
        .filter((r) => !r.fullName.startsWith('lib/'));
      const count = (...wanted: string[]) => statuses.filter((r) => wanted.includes(r.status)).length;
      expect(count('unknown')).toBe(numbers.tests.notRun);
      expect(count('failed', 'broken')).toBe(numbers.tests.failed);
      expect(count('passed')).toBe(numbers.tests.passed);
      expect(count('skipped')).toBe(numbers.tests.skipped);
    });
  });

test('the physical limit is never above what the run achieved: the rate taken is at least the one observed', () => {
  // A rate-limited run refused at 1.41/s that was in fact answered at 1.98/s over its 110 s.
  const slow = requestBudget({ sent: 219, reused: 0, byPath: {}, wallMs: 110_380, perSecond: 1.41 }, 10, []);
  expect(slow.limitSeconds).toBeLessThanOrEqual(slow.wallSeconds);
  expect(slow.ofLimit).toBeGreaterThanOrEqual(1);
  expect(slow.perSecond).toBeCloseTo(219 / 110.38, 1);
  // A run slower than its declared rate keeps the declared one.
  const paced = requestBudget({ sent: 100, reused: 0, byPath: {}, wallMs: 40_000, perSecond: 5 }, 10, []);
  expect([paced.perSecond, paced.limitSeconds, paced.ofLimit]).toEqual([5, 20, 2]);
  // Without a declared rate, no limit at all.
  expect(
    requestBudget({ sent: 10, reused: 0, byPath: {}, wallMs: 1000, perSecond: 0 }, 1, []).limitSeconds,
  ).toBeNull();
});
