import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { projectRoot } from '../../lib/checks/spec.ts';
import { runCommandAsync } from '../../lib/process/launch.ts';
import { keptRuns } from '../../lib/process/run-folder.ts';
import type { TargetProfile } from '../../lib/profile/types.ts';
import { startMock } from './hostile/nested.ts';

// The one-line try as a newcomer makes it (issue 48): `npx conformance` against a server, tokens from the
// environment, then the `replay:` line it printed pasted into a shell with the variables it names set.

const SLICE = 'lists countries by two-letter code';
const mockUsers = (
  JSON.parse(readFileSync(join(projectRoot, 'fixtures/targets/mock.json'), 'utf8')) as TargetProfile
).users;

/** The replay line's command and the variables it says to set. */
function replayOf(output: string): { command: string; names: string[] } {
  const line = /^replay: (.*?)\s+# with (.*) set$/m.exec(output);
  expect(line, output.slice(-2000)).not.toBeNull();
  return { command: line?.[1] ?? '', names: (line?.[2] ?? '').split(', ') };
}

test('`npx conformance --help` answers with the usage and exit 0', async () => {
  const run = await runCommandAsync('node', ['scripts/conformance-cli.mjs', '--help']);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^usage: npx conformance --base-url URL --seller ID --buyer ID/);
  expect(run.stdout).toContain('replay:');
});

test("the one-line try's replay line, run again with the variables it names, runs the same target and keeps no secret", async () => {
  test.setTimeout(240_000);
  const mock = await startMock();
  const reports = mkdtempSync(join(tmpdir(), 'first-try-'));
  const { seller, buyer } = mockUsers;
  const secrets = { SELLER_TOKEN: seller.token, BUYER_TOKEN: buyer.token, CONFORMANCE_BASE_URL: mock.url };
  const env = { REPORTS_DIR: reports, LEAN_REPORTS: '1', CI: '1', TARGET: undefined, BASE_URL: undefined };
  try {
    const first = await runCommandAsync(
      'node',
      [
        'scripts/conformance-cli.mjs',
        ...['--base-url', mock.url, '--seller', String(seller.id), '--buyer', String(buyer.id)],
        ...['--secret-base-url', '--project', 'contract', '--grep', SLICE],
      ],
      {
        env: { ...env, SELLER_TOKEN: seller.token, BUYER_TOKEN: buyer.token },
        timeoutMs: 120_000,
      },
    );
    const firstOutput = `${first.stdout}${first.stderr}`;
    expect(first.status, firstOutput).toBe(0);
    const replay = replayOf(first.stdout);
    expect(replay.names.sort()).toEqual(Object.keys(secrets).sort());
    // The profile it names is kept beside the report, variables named and no value of theirs.
    const profile = readFileSync(join(reports, 'quick-start.profile.json'), 'utf8');
    for (const value of Object.values(secrets)) expect(profile).not.toContain(value);

    // Pasted into a shell from the project's folder, with only the named variables set.
    const again = await runCommandAsync('bash', ['-c', replay.command], {
      env: { ...env, REPORTS_DIR: undefined, ...secrets },
      timeoutMs: 120_000,
    });
    const output = `${again.stdout}${again.stderr}`;
    expect(again.status, output).toBe(0);
    expect(output).toMatch(/^target quick-start conforms on the \d+ of \d+ requirements it verified/m);
    expect(keptRuns(reports).filter((run) => run.state === 'complete')).toHaveLength(2);
    // Neither run printed or kept a token or the secret base URL.
    const kept = keptRuns(reports).flatMap((run) =>
      readdirSync(run.dir)
        .filter((name) => name.endsWith('.json'))
        .map((name) => readFileSync(join(run.dir, name), 'utf8')),
    );
    for (const value of Object.values(secrets)) {
      expect(`${firstOutput}${output}`).not.toContain(value);
      expect(kept.filter((text) => text.includes(value))).toEqual([]);
    }
  } finally {
    await mock.close();
  }
});
