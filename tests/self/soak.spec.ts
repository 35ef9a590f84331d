import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommand } from '../../lib/process/launch.ts';

// The standing guard against false alarms, in every run of the project's tests: two seeds of
// `npm run soak` against the alternate mock (other allowed choices, production's shapes) as a foreign
// target, in the profile shape our users run nightly (seller and buyer only, read-only). SOAK_SEED picks
// other seeds; `npm run soak` runs many, in every shape (the write shapes too).

test.describe.configure({ timeout: 420_000 });

interface RunSummary {
  seed: number;
  profile: string;
  passed: number;
  failed: number;
  failures: string[];
  replay: string;
}

test('a faithful target making the other allowed choices passes the two-user read-only run, over seeds', () => {
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  const seed = process.env.SOAK_SEED ?? '101';
  const run = runCommand(
    'npx',
    ['tsx', 'scripts/soak.ts', '--runs', '2', '--seed', seed, '--profiles', 'two'],
    { env: { REPORTS_DIR: dir } },
  );
  const summaries = JSON.parse(readFileSync(join(dir, 'soak', 'summary.json'), 'utf8')) as RunSummary[];
  const failures = summaries.flatMap((s) => s.failures.map((f) => `seed ${s.seed} (${s.profile}): ${f}`));
  expect(failures, `${run.stdout}\n${run.stderr}`).toEqual([]);
  expect(summaries).toHaveLength(2);
  for (const summary of summaries) expect(summary.passed, `seed ${summary.seed}`).toBeGreaterThan(50);
  expect(run.status).toBe(0);
});
