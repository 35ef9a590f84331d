import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { replayCommand } from '../../lib/checks/properties.ts';
import { projectRoot } from '../../lib/checks/spec.ts';
import { runCommandAsync } from '../../lib/process/launch.ts';
import { nodeSupported } from '../../lib/profile/run-env.ts';
import { freePort } from '../../scripts/free-port.ts';

// The conventions a Playwright user expects: a foreign target runs the conformance projects only; a
// property's replay line names the target it failed on; one line starts a first run; engines say true.

test('against a foreign target, `playwright test` lists the conformance projects only', async () => {
  const port = await freePort();
  const run = await runCommandAsync('npx', ['playwright', 'test', '--list'], {
    env: { BASE_URL: `http://127.0.0.1:${port}`, TARGET: undefined, MOCK_BASE_URL: undefined },
    timeoutMs: 60_000,
  });
  const projects = new Set([...run.stdout.matchAll(/^\s*\[(\w+)\] ›/gm)].map((m) => m[1]));
  // The conformance projects and the run's judge (tests/judge; the run's first project has no test).
  expect([...projects].sort(), run.stderr).toEqual(['contract', 'judge', 'properties']);
});

test("a property's replay line carries TARGET and BASE_URL", () => {
  const info = { title: 'finds "every" order', file: join(process.cwd(), 'tests/properties/orders.spec.ts') };
  const env = { TARGET: '/tmp/my staging.json', BASE_URL: 'http://127.0.0.1:4999' };
  expect(replayCommand(info, 42, '3:1', env)).toBe(
    `TARGET='/tmp/my staging.json' BASE_URL=http://127.0.0.1:4999 FC_SEED=42 FC_PATH=3:1 npx playwright test tests/properties/orders.spec.ts -g "finds \\"every\\" order"`,
  );
  expect(replayCommand(info, 42, '3:1', {})).toMatch(/^FC_SEED=42 FC_PATH=3:1 npx playwright test/);
});

test('`npx conformance --base-url … --seller … --buyer …` runs the suite on a profile it writes', async () => {
  const port = await freePort();
  const env = { TARGET: undefined, BASE_URL: undefined, MOCK_BASE_URL: undefined, CI: '1' };
  const users = ['--seller', '11:seller-token', '--buyer', '12:buyer-token'];
  const run = await runCommandAsync(
    'node',
    ['scripts/conformance-cli.mjs', '--base-url', `http://127.0.0.1:${port}`, ...users],
    {
      env,
      timeoutMs: 60_000,
    },
  );
  // The profile was written and read: the run's own preflight names its target, which does not listen.
  expect(`${run.stdout}${run.stderr}`.trim()).toBe(
    `the target at http://127.0.0.1:${port} does not answer: connection refused; no test was run`,
  );
  expect(run.status).toBe(2);
  const bad = await runCommandAsync(
    'node',
    ['scripts/conformance-cli.mjs', '--base-url', 'http://x', '--seller', 'x'],
    {
      env,
    },
  );
  expect(bad.stderr).toMatch(/^conformance: --seller takes ID:TOKEN/);
  expect(bad.status).toBe(2);
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
  expect(pkg.bin).toEqual({ conformance: 'scripts/conformance-cli.mjs' });
});

test('the Node range of package.json is the one the environment check applies', () => {
  const pkg = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
  expect(pkg.engines.node).toBe('^20.19.0 || >=22.12.0');
  expect(['20.19.0', '20.20.2', '22.12.0', '24.1.0'].filter(nodeSupported)).toHaveLength(4);
  expect(['20.18.1', '21.7.0', '22.11.0', '18.20.0'].filter(nodeSupported)).toEqual([]);
  expect(nodeSupported(process.versions.node), 'this Node').toBe(true);
});

test('a plain `playwright test` leaves no earlier verdict or page beside its new results', async () => {
  // A nested run: it may take its command's time limit on a loaded machine.
  test.setTimeout(150_000);
  const reports = mkdtempSync(join(tmpdir(), 'plain-run-'));
  const stale = ['verdict.json', 'index.html', 'traceability.json', 'traceability.html'];
  for (const name of stale) writeFileSync(join(reports, name), 'an earlier run');
  const run = await runCommandAsync(
    'npx',
    ['playwright', 'test', '--project', 'contract', '--grep', 'lists countries by two-letter code'],
    {
      env: { REPORTS_DIR: reports, LEAN_REPORTS: '1', MOCK_PORT: String(await freePort()), CI: '1' },
      timeoutMs: 120_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(stale.filter((name) => existsSync(join(reports, name)))).toEqual([]);
  expect(existsSync(join(reports, 'results.json'))).toBe(true);
});
