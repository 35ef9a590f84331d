import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../fixtures/catalog/requirements.ts';
import { projectRoot } from '../../fixtures/conformance/spec.ts';
import { FAULTS } from '../../mock/faults/catalog.ts';

/**
 * One fault of each family (shape, error, access, limit, filter, state, file, hierarchy): the full run
 * of every fault is `npm run mutation`, documented in the README with its latest score.
 */
const REPRESENTATIVE = [
  'order-status-widened',
  'no-token-as-401',
  'fiscal-list-by-anyone',
  'buyer-text-over-3500-accepted',
  'order-status-filter-ignored',
  'moderated-shown-to-counterpart',
  'attachment-download-altered',
  'category-path-truncated',
];

interface MutationReport {
  faithful: { failed: string[]; passed: number };
  outcomes: { fault: string; killed: boolean; killedBy: string[] }[];
}

test.describe('the suite tests itself', () => {
  test('plants at least 100 named faults, each tied to a requirement of the catalog', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(FAULTS.map((f) => f.name)).size).toBe(FAULTS.length);
    const known = new Set(loadRequirements().map((r) => r.id));
    expect(FAULTS.filter((f) => !known.has(f.requirement)).map((f) => `${f.name}: ${f.requirement}`)).toEqual(
      [],
    );
  });

  test('kills every representative fault and passes on the faithful mock', () => {
    test.setTimeout(300_000);
    const out = mkdtempSync(join(tmpdir(), 'mutation-self-'));
    const run = spawnSync(
      'npx',
      ['tsx', 'scripts/mutation.ts', '--faults', REPRESENTATIVE.join(','), '--out', out],
      {
        cwd: projectRoot,
        encoding: 'utf8',
      },
    );
    const report = JSON.parse(readFileSync(join(out, 'mutation.json'), 'utf8')) as MutationReport;
    expect(report.faithful.failed, run.stdout).toEqual([]);
    expect(report.faithful.passed).toBeGreaterThan(0);
    const survivors = report.outcomes.filter((o) => !o.killed).map((o) => o.fault);
    expect(survivors, run.stdout).toEqual([]);
    expect(report.outcomes.map((o) => o.fault).sort()).toEqual([...REPRESENTATIVE].sort());
  });
});
