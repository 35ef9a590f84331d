import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommand } from '../../lib/process/launch.ts';
import { freePort } from '../../scripts/free-port.ts';

// A run against the mock with a planted fault, judged against a baseline of known deviations:
// recorded by --update-baseline, known deviations pass, and removing one line fails on it alone.

const FAULT = 'order-taxes-amount-as-string';
const TESTS = [
  'tests/contract/orders.spec.ts',
  '-g',
  'computes the total with shipping|answers an order in the full form',
];
const SCHEMA_LINE = '"field":"taxes.amount"';

interface Run {
  status: number | null;
  output: string;
}

async function conformance(baseline: string, ...extra: string[]): Promise<Run> {
  const env = {
    CI: '1',
    WORKERS: '1',
    TARGET: 'mock',
    MOCK_PORT: String(await freePort()),
    MOCK_FAULTS: FAULT,
    BASELINE: baseline,
    REPORTS_DIR: mkdtempSync(join(tmpdir(), 'baseline-run-')),
    LEAN_REPORTS: '1',
    BASE_URL: undefined,
    MOCK_BASE_URL: undefined,
  };
  const run = runCommand('bash', ['scripts/conformance.sh', ...TESTS, ...extra], { env });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const verdictOf = (run: Run) => run.output.match(/^verdict: .*$/m)?.[0] ?? run.output.slice(-2000);

test.describe('known deviations: a baseline of the target', () => {
  test.describe.configure({ timeout: 300_000 });

  test('records the deviations, passes on known ones and fails on the one removed from the baseline', async () => {
    const baseline = join(mkdtempSync(join(tmpdir(), 'baseline-')), 'mock.baseline.jsonl');

    const recorded = await conformance(baseline, '--update-baseline');
    expect(recorded.status, recorded.output.slice(-2000)).toBe(0);
    const lines = readFileSync(baseline, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('{'));
    expect(
      lines.some((l) => l.includes(SCHEMA_LINE)),
      lines.join('\n'),
    ).toBe(true);
    expect(
      lines.some((l) => l.includes('"check":"test"')),
      lines.join('\n'),
    ).toBe(true);

    const known = await conformance(baseline);
    expect(known.status, verdictOf(known)).toBe(0);
    expect(verdictOf(known)).toContain(`verdict: PASS (0 new, ${lines.length} known`);

    const kept = readFileSync(baseline, 'utf8')
      .split('\n')
      .filter((l) => !l.includes(SCHEMA_LINE));
    writeFileSync(baseline, kept.join('\n'));
    const fresh = await conformance(baseline);
    expect(fresh.status, verdictOf(fresh)).toBe(1);
    expect(verdictOf(fresh)).toContain('verdict: FAIL (1 new');
    expect(fresh.output).toMatch(
      /new deviations \(fail the run\): 1\n {2}\[responseSchemaConformance\] GET \/orders\/\{order_id\} taxes.amount /,
    );
  });
});
