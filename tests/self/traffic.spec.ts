import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { runCommand } from '../../lib/process/launch.ts';
import { loadMockProfile, profileSecrets } from '../../lib/profile/load.ts';
import { findSecrets } from '../../lib/report/find-secrets.ts';
import { FAULTS } from '../../mock/faults/catalog.ts';
import { startProxy } from '../../scripts/traffic/proxy.ts';
import { launchChromium } from './traffic/browser-client.ts';
import { rawAnswer, runSuiteAgainst } from './traffic/proxy-run.ts';
import {
  type JudgedRun,
  judgeExchanges,
  judgeHar,
  type Recorded,
  recordHarAgainst,
  startInProcessMock,
} from './traffic/run.ts';

// npm run traffic: a client session recorded by Debian's Chromium (Playwright's recordHar) against the
// faithful mock gives no finding; against the mock with each write-only fault of the mutation catalog,
// the finding of that fault's requirement. Tokens of the HAR never reach the reports.

const WRITE_ONLY = FAULTS.filter((fault) => fault.needsWrite);
const BIG = 'attachment-size-not-enforced';

test.describe.configure({ timeout: 180_000 });

const secrets = () => profileSecrets(loadMockProfile());

test.describe('a HAR recorded by Chromium', () => {
  let browser: Browser;
  let recorded: Recorded;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    browser = await launchChromium();
    // The attachment over 25 MB goes through the proxy below: a 26 MB body makes a browser HAR slow to write.
    recorded = await recordHarAgainst(browser, [
      [],
      ...WRITE_ONLY.filter((f) => f.name !== BIG).map((fault) => [fault.name]),
    ]);
  });

  test.afterAll(async () => {
    await browser?.close();
  });

  test('a session of every family against the faithful mock gives no finding, and its rules are verified from traffic', () => {
    const { judgement, verdict, outDir } = judgeHar(recorded.har, recorded.origins.get('')!);
    expect(verdict.fresh.map((d) => `${d.check} ${d.operation} ${d.field}: ${d.message}`)).toEqual([]);
    const operations = new Set(judgement.judged.map((j) => j.matched.op.operationId));
    for (const id of [
      'getOrder',
      'searchOrders',
      'listCountries',
      'getCategoryAttributes',
      'getUserStatus',
      'getShippingOptions',
      'sendPackMessage',
      'listPackMessages',
      'uploadAttachment',
      'downloadAttachment',
      'uploadFiscalDocuments',
      'listFiscalDocuments',
      'deleteFiscalDocuments',
      'downloadFiscalDocument',
    ])
      expect(operations, `the session calls ${id}`).toContain(id);
    const held = new Set(judgement.outcomes.filter((o) => o.passed).map((o) => o.requirement));
    for (const id of [
      'MSG-CREATE-ERR-SELLER-LENGTH',
      'MSG-CREATE-ERR-BUYER-LENGTH',
      'MSG-CREATE-ERR-CHARSET',
      'MSG-CREATE-ATTACHMENTS-MAX',
      'MSG-CREATE-ERR-NO-TOKEN',
      'MSG-CREATE-ERR-BLOCKED',
      'MSG-CREATE-VISIBLE',
      'FIS-UPLOAD-RESULT',
      'FIS-ERR-MAX-FILES',
      'FIS-ERR-TYPE-EXISTS',
      'FIS-ERR-TYPE',
    ])
      expect(held, `the traffic shows ${id} held`).toContain(id);
    expect(judgement.unknown.map((e) => e.request.url.pathname)).toEqual(['/client.html']);
    const trace = JSON.parse(readFileSync(join(outDir, 'traceability.json'), 'utf8')) as {
      rows: { id: string; status: string }[];
    };
    expect(trace.rows.find((r) => r.id === 'MSG-CREATE-ERR-SELLER-LENGTH')?.status).toBe(
      'verified from traffic',
    );
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).toContain('Exchanges of unknown operations');
    expect(findSecrets(outDir, secrets())).toEqual([]);
  });

  /** Only uploads that reach the mock within its 50 ms window show the race: on a loaded machine, play it again. */
  async function raceJudged(fault: string, first: JudgedRun): Promise<JudgedRun> {
    let run = first;
    for (let attempt = 0; attempt < 3 && run.verdict.fresh.length === 0; attempt += 1) {
      const again = await recordHarAgainst(browser, [[fault]]);
      run = judgeHar(again.har, again.origins.get(fault)!);
    }
    return run;
  }

  for (const fault of WRITE_ONLY.filter((f) => f.name !== BIG)) {
    test(`the planted fault ${fault.name} gives its finding, naming ${fault.requirement}`, async () => {
      const once = judgeHar(recorded.har, recorded.origins.get(fault.name)!);
      const { verdict, outDir } = fault.name.includes('concurrent')
        ? await raceJudged(fault.name, once)
        : once;
      expect(
        verdict.fresh.map((d) => d.field),
        verdict.fresh.map((d) => d.message).join('\n'),
      ).toContain(fault.requirement);
      expect(findSecrets(outDir, secrets())).toEqual([]);
    });
  }

  test('the command line judges a HAR file and writes the reports without the HAR', () => {
    const out = join(recorded.har, '..', 'reports');
    const run = runCommand('npx', [
      'tsx',
      'scripts/traffic.ts',
      '--har',
      recorded.har,
      '--target',
      'mock',
      '--out',
      out,
    ]);
    // The HAR holds fifteen sessions: the faithful one and one per planted fault, so findings exist.
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toMatch(
      /traffic: \d+ exchanges, \d+ judged, \d+ of unknown operations; \d+ new findings/,
    );
    expect(findSecrets(out, secrets())).toEqual([]);
  });
});

test.describe('the proxy', () => {
  const WRITE_TESTS = [
    'tests/contract/message-create.spec.ts',
    'tests/contract/fiscal-uploads.spec.ts',
    'tests/contract/attachments.spec.ts',
  ];

  test("passes the suite's own write tests through with the same results, unchanged answers and no finding", async () => {
    test.setTimeout(240_000);
    const [behind, direct] = await Promise.all([startInProcessMock(), startInProcessMock()]);
    const proxy = await startProxy({ upstream: behind.baseURL, port: 0 });
    try {
      const [through, alone] = await Promise.all([
        runSuiteAgainst(proxy.url, WRITE_TESTS, 4201),
        runSuiteAgainst(direct.baseURL, WRITE_TESTS, 4202),
      ]);
      expect(through.failed, through.output.slice(-3000)).toBe(0);
      expect({ ...through, output: '' }).toEqual({ ...alone, output: '' });
      expect(through.passed).toBeGreaterThan(10);
      for (const path of ['/classified_locations/countries', '/sites/MLB/categories', '/orders/2999999999'])
        for (const headers of [{}, { 'accept-encoding': 'gzip' }] as Record<string, string>[])
          expect(await rawAnswer(`${proxy.url}${path}`, headers), `${path} through the proxy`).toEqual(
            await rawAnswer(`${direct.baseURL}${path}`, headers),
          );
    } finally {
      await behind.stop();
      await direct.stop();
    }
    const { judgement, verdict, outDir } = judgeExchanges(await proxy.stop(), 'proxy');
    expect(verdict.fresh.map((d) => `${d.check} ${d.operation} ${d.field}: ${d.message}`)).toEqual([]);
    expect(new Set(judgement.judged.map((j) => j.matched.op.operationId))).toContain('sendPackMessage');
    expect(judgement.outcomes.filter((o) => o.passed).length).toBeGreaterThan(5);
    expect(findSecrets(outDir, secrets())).toEqual([]);
  });

  test('judges an attachment over 25 MB: refused by the faithful mock, its finding when the size is not enforced', async () => {
    const bytes = Buffer.alloc(26_214_401, 'a');
    const verdicts = [];
    for (const faults of [[], [BIG]]) {
      const mock = await startInProcessMock(faults);
      const proxy = await startProxy({ upstream: mock.baseURL, port: 0 });
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: 'text/plain' }), 'grande.txt');
      await fetch(`${proxy.url}/messages/attachments?tag=post_sale&site_id=MLB`, {
        method: 'POST',
        headers: { authorization: `Bearer ${loadMockProfile().users.seller.token}` },
        body: form,
      }).then((res) => res.arrayBuffer());
      const exchanges = await proxy.stop();
      await mock.stop();
      verdicts.push(judgeExchanges(exchanges, 'proxy'));
    }
    const [faithful, planted] = verdicts;
    expect(faithful!.verdict.fresh).toEqual([]);
    expect(faithful!.judgement.outcomes.map((o) => `${o.requirement} ${o.passed}`)).toEqual([
      'ATT-ERR-TOO-LARGE true',
    ]);
    expect(planted!.verdict.fresh.map((d) => d.field)).toEqual(['ATT-ERR-TOO-LARGE']);
  });
});
