import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { loadProfile } from '../../lib/profile/load.ts';
import { type EmbeddedMock, startEmbeddedMock } from '../../scripts/drift/embedded.ts';
import { groupDifferences } from '../../scripts/drift/groups.ts';
import { type DriftRun, runDrift } from '../../scripts/drift/run.ts';
import { requiredHeaders } from '../../scripts/drift/side.ts';

// Drift and the suite agree: a listed field a foreign target leaves out is an omission the suite reports,
// not a break "decided by the reference"; and a read is sent with the headers the reference requires for
// the form it describes (x-format-new: true on the shipment read).

test.describe.configure({ timeout: 120_000 });

test('drift sends the headers the spec requires for the form it judges, and no optional one', () => {
  const spec = loadSpec();
  expect(requiredHeaders(spec, spec.operation('getShipment'))).toEqual({ 'x-format-new': 'true' });
  expect(requiredHeaders(spec, spec.operation('getOrder'))).toEqual({});
});

async function driftWith(
  fault: string,
  target: { isMock: boolean; omissions?: 'fail' | 'report' },
): Promise<DriftRun> {
  const started: EmbeddedMock[] = [];
  try {
    const reference = await startEmbeddedMock();
    started.push(reference);
    const faulted = await startEmbeddedMock([fault]);
    started.push(faulted);
    const mock = loadProfile({ TARGET: 'mock' });
    return await runDrift({
      spec: loadSpec(),
      mock: { ...mock, name: 'mock', baseURL: reference.baseURL },
      target: { ...mock, name: 'foreign', baseURL: faulted.baseURL, ...target },
      sampling: { seed: 20261122, runs: 1 },
    });
  } finally {
    await Promise.all(started.map((mock) => mock.close()));
  }
}

test('a listed field left out is decided only where the profile fails omissions; else it stays open', async () => {
  const decidedOn = (run: DriftRun) =>
    groupDifferences(run).flatMap((g) =>
      g.verdict.decided ? [`${g.verdict.requirement} (${g.verdict.breaks})`] : [],
    );
  const strict = await driftWith('order-without-status-detail', { isMock: false, omissions: 'fail' });
  expect(decidedOn(strict)).toContain('ORD-ORDER-FIELDS (target)');
  const reporting = await driftWith('order-without-status-detail', { isMock: false, omissions: 'report' });
  expect(decidedOn(reporting)).not.toContain('ORD-ORDER-FIELDS (target)');
  const open = groupDifferences(reporting).filter((g) => !g.verdict.decided && g.kind === 'fields');
  expect(open.map((g) => g.summary).join('\n')).toContain('status_detail');
});
