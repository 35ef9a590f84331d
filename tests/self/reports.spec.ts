import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { loadProfile, profileSecrets } from '../../lib/profile/load.ts';
import { REQUIREMENT_STATUSES } from '../../lib/report/coverage-picture.ts';
import { findSecrets } from '../../lib/report/find-secrets.ts';
import { CHROMIUM, lookAtReports } from '../../lib/report/look.ts';
import { freePort } from '../../scripts/free-port.ts';
import { type NestedRun, runDemoAndBuildReports } from './nested-run.ts';

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
  });
