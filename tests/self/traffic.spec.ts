import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, expect, test } from '@playwright/test';
import { projectRoot } from '../../fixtures/conformance/spec.ts';
import { loadMockProfile, profileSecrets } from '../../fixtures/target/load.ts';
import { FAULTS } from '../../mock/faults/catalog.ts';
import { findSecrets } from '../../scripts/reports/find-secrets.ts';
import { launchChromium } from './traffic/browser-client.ts';
import { type JudgedRun, judgeHar, type Recorded, recordHarAgainst } from './traffic/run.ts';

// npm run traffic: a client session recorded by Debian's Chromium (Playwright's recordHar) against the
// faithful mock gives no finding; against the mock with each write-only fault of the mutation catalog,
// the finding of that fault's requirement. Tokens of the HAR never reach the reports.

const WRITE_ONLY = FAULTS.filter((fault) => fault.needsWrite);
const BIG = 'attachment-size-not-enforced';

test.describe.configure({ timeout: 180_000 });

let browser: Browser;
let recorded: Recorded;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  browser = await launchChromium();
  recorded = await recordHarAgainst(browser, [[], ...WRITE_ONLY.map((fault) => [fault.name])], {
    bigAttachment: (faults) => faults.length === 0 || faults.includes(BIG),
  });
});

test.afterAll(async () => {
  await browser?.close();
});

const secrets = () => profileSecrets(loadMockProfile());

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
    'ATT-ERR-TOO-LARGE',
  ])
    expect(held, `the traffic shows ${id} held`).toContain(id);
  expect(judgement.unknown.map((e) => e.url.pathname)).toEqual(['/client.html']);
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

for (const fault of WRITE_ONLY) {
  test(`the planted fault ${fault.name} gives its finding, naming ${fault.requirement}`, async () => {
    const once = judgeHar(recorded.har, recorded.origins.get(fault.name)!);
    const { verdict, outDir } = fault.name.includes('concurrent') ? await raceJudged(fault.name, once) : once;
    expect(
      verdict.fresh.map((d) => d.field),
      verdict.fresh.map((d) => d.message).join('\n'),
    ).toContain(fault.requirement);
    expect(findSecrets(outDir, secrets())).toEqual([]);
  });
}

test('the command line judges a HAR file and writes the reports without the HAR', () => {
  const out = join(recorded.har, '..', 'reports');
  const run = spawnSync(
    'npx',
    ['tsx', 'scripts/traffic.ts', '--har', recorded.har, '--target', 'mock', '--out', out],
    {
      cwd: projectRoot,
      encoding: 'utf8',
    },
  );
  // The HAR holds fifteen sessions: the faithful one and one per planted fault, so findings exist.
  expect(run.status, run.stderr).toBe(1);
  expect(run.stdout).toMatch(
    /traffic: \d+ exchanges, \d+ judged, \d+ of unknown operations; \d+ new findings/,
  );
  expect(findSecrets(out, secrets())).toEqual([]);
});
