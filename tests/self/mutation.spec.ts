import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { runCommand } from '../../lib/process/launch.ts';
import { FAULTS } from '../../mock/faults/catalog.ts';

/**
 * A few faults of different families (error, visibility, and one only a write reveals), under
 * both profiles: the full run of every fault is `npm run mutation`, documented in the README with its
 * latest scores. Kept small so the project's tests stay within CI's ten minutes.
 */
const REPRESENTATIVE = ['no-token-as-401', 'moderated-shown-to-counterpart', 'buyer-text-over-3500-accepted'];

/**
 * The tests these faults break, and their neighbours (the authentication rows of two operations, the
 * moderation and 3500-character rules): the whole suite per fault would not fit CI's ten minutes. A
 * filter that drops its field and its rule is tests/self/evasion.spec.ts's part.
 */
const SLICE = 'Authentication.*(getOrder|listFiscalDocuments)|moderated|3500 characters';

interface ProfileOutcome {
  ran: boolean;
  killed: boolean;
}

interface MutationReport {
  faithful: { profile: string; failed: string[]; passed: number }[];
  scores: { profile: string; killed: number; observable: number; writeOnly: number }[];
  outcomes: { fault: string; needsWrite?: string; full: ProfileOutcome; readonly: ProfileOutcome }[];
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

  test('kills every representative fault under both profiles, counts the write-only one apart, and passes on the faithful mock', () => {
    test.setTimeout(300_000);
    const out = mkdtempSync(join(tmpdir(), 'mutation-self-'));
    const run = runCommand('npx', [
      'tsx',
      'scripts/mutation.ts',
      '--faults',
      REPRESENTATIVE.join(','),
      '--grep',
      SLICE,
      '--out',
      out,
    ]);
    const report = JSON.parse(readFileSync(join(out, 'mutation.json'), 'utf8')) as MutationReport;
    expect(
      report.faithful.map((f) => [f.profile, f.failed]),
      run.stdout,
    ).toEqual([
      ['full', []],
      ['readonly', []],
    ]);
    expect(report.faithful.every((f) => f.passed > 0)).toBe(true);
    const survivors = report.outcomes
      .filter((o) => !o.full.killed || (o.readonly.ran && !o.readonly.killed))
      .map((o) => o.fault);
    expect(survivors, run.stdout).toEqual([]);
    const writeOnly = report.outcomes.filter((o) => o.needsWrite);
    expect(writeOnly.map((o) => [o.fault, o.readonly.ran])).toEqual([
      ['buyer-text-over-3500-accepted', false],
    ]);
    expect(report.scores.find((s) => s.profile === 'readonly')?.writeOnly).toBe(1);
    expect(report.outcomes.map((o) => o.fault).sort()).toEqual([...REPRESENTATIVE].sort());
  });
});
