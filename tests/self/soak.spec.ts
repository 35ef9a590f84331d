import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommand } from '../../lib/process/launch.ts';

// The standing guard against false alarms, in every run of the project's tests, kept cheap (CI has two
// cores): one seed of `npm run soak` against the alternate mock, each drawing its own server (choices of
// answers, ids, timestamps, codings, chunks, refusals, latency), as a foreign target in the profile shape
// our users run nightly (seller and buyer only, read-only), on the smoke slice of the suite. SOAK_SEED
// picks another seed (the scheduled CI job soaks 50); `npm run soak -- --runs N` runs the whole suite over N servers, in every shape.

test.describe.configure({ timeout: 240_000 });

interface RunSummary {
  seed: number;
  profile: string;
  passed: number;
  failed: number;
  failures: string[];
  choices: string[];
  replay: string;
}

test('a server drawn by seed passes the smoke slice, two users, read-only; the run names what it drew', () => {
  const dir = mkdtempSync(join(tmpdir(), 'soak-'));
  const seed = process.env.SOAK_SEED ?? '101';
  const run = runCommand(
    'npx',
    ['tsx', 'scripts/soak.ts', '--runs', '1', '--seed', seed, '--profiles', 'two', '--grep', '@smoke'],
    { env: { REPORTS_DIR: dir } },
  );
  const summaries = JSON.parse(readFileSync(join(dir, 'soak', 'summary.json'), 'utf8')) as RunSummary[];
  const failures = summaries.flatMap((s) =>
    s.failures.map((f) => `seed ${s.seed} (${s.profile}), drawn ${s.choices.join(' ')}: ${f}`),
  );
  expect(failures, `${run.stdout}\n${run.stderr}`).toEqual([]);
  expect(summaries).toHaveLength(1);
  for (const summary of summaries) {
    expect(summary.passed, `seed ${summary.seed}`).toBeGreaterThan(10);
    expect(summary.choices.length, `seed ${summary.seed} draws other answers than the mock`).toBeGreaterThan(
      10,
    );
    expect(summary.replay).toContain(`--seed ${summary.seed}`);
  }
  expect(run.status).toBe(0);
});
