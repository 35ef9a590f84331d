import { existsSync, mkdtempSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommandAsync } from '../../lib/process/launch.ts';
import { loadProfile } from '../../lib/profile/load.ts';
import { findSecrets } from '../../lib/report/find-secrets.ts';
import { freePort } from '../../scripts/free-port.ts';
import { type StartedMock, startMock } from './target-run.ts';

// The one-line try (`npx conformance`, scripts/conformance-cli.mjs) as a new user meets it (issue 48):
// --help answers, tokens come from the environment or a file, a base URL not on loopback is secret by
// default, and the run keeps its redacted profile beside its report so the printed replay line works.

test.describe.configure({ timeout: 150_000 });

const clean = {
  TARGET: undefined,
  BASE_URL: undefined,
  MOCK_BASE_URL: undefined,
  PROJECT_TESTS: undefined,
  CI: '1',
};
const cli = (args: string[], env: Record<string, string | undefined> = {}) =>
  runCommandAsync('node', ['scripts/conformance-cli.mjs', ...args], {
    env: { ...clean, ...env },
    timeoutMs: 120_000,
  });

test('`npx conformance --help` prints the help, why tokens stay off the command line, and exits 0', async () => {
  const run = await cli(['--help']);
  expect(run.status).toBe(0);
  expect(run.stdout).toMatch(/^usage: npx conformance --base-url URL/);
  expect(run.stdout).toContain("stays in the shell's history");
  expect(run.stdout).toContain('--tokens-file');
  expect(run.stdout).toContain('--public-base-url');
  expect(`${run.stdout}${run.stderr}`).not.toContain('is required');
});

test('a base URL not on loopback is secret by default: the start line shows [BASE_URL], nothing is left', async () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'quick-start-')), 'reports');
  const run = await cli(['--base-url', 'https://staging.example.test', '--seller', '1', '--buyer', '2'], {
    SELLER_TOKEN: 'seller-secret-1',
    BUYER_TOKEN: 'buyer-secret-2',
    REPORTS_DIR: dir,
  });
  expect(`${run.stdout}${run.stderr}`.trim()).toBe(
    'the target at [BASE_URL] does not answer: its host is not found; no test was run',
  );
  expect(run.status).toBe(2);
  expect(existsSync(dir), 'a broken start writes nothing').toBe(false);
});

test.describe('a one-line try against a server, then its replay line', () => {
  let mock: StartedMock;
  test.beforeAll(async () => {
    mock = await startMock(await freePort());
  });
  test.afterAll(() => mock?.stop());

  test('tokens from a file, the base URL kept secret, the profile kept and replayed', async () => {
    const { seller, buyer } = loadProfile({ TARGET: 'mock' }).users;
    const home = mkdtempSync(join(tmpdir(), 'quick-start-'));
    const tokens = join(home, 'staging.tokens');
    writeFileSync(
      tokens,
      `# the try's tokens\nSELLER_TOKEN=${seller.token}\nexport BUYER_TOKEN="${buyer.token}"\n`,
      {
        mode: 0o600,
      },
    );
    const dir = join(home, 'reports');
    const slice = ['--project', 'contract', '--grep', 'lists countries by two-letter code'];
    const users = ['--seller', String(seller.id), '--buyer', String(buyer.id), '--tokens-file', tokens];
    const run = await cli(['--base-url', mock.baseURL, '--secret-base-url', ...users, ...slice], {
      REPORTS_DIR: dir,
      MEMORY: join(home, 'memory.json'),
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status, output.slice(-3000)).toBe(0);
    expect(output, 'no token on the console').not.toContain(seller.token);
    // The profile beside the report: tokens and base URL as the names of variables.
    const kept = JSON.parse(readFileSync(join(dir, 'quick-start.profile.json'), 'utf8'));
    const named = (name: string) => `\${${name}}`;
    expect(kept).toMatchObject({
      baseURL: named('CONFORMANCE_BASE_URL'),
      secretBaseURL: true,
      users: { seller: { token: named('SELLER_TOKEN') }, buyer: { token: named('BUYER_TOKEN') } },
    });
    const secrets = [seller.token, buyer.token, mock.baseURL, new URL(mock.baseURL).host];
    expect(findSecrets(dir, secrets)).toEqual([]);
    // The printed replay line runs the same again, with the variables it names set.
    const [, replay = ''] = /^replay: (.*?)\s+# with (.*)$/m.exec(run.stdout) ?? [];
    expect(replay).toMatch(/^REPORTS_DIR=\S+ TARGET=\S+quick-start\.profile\.json npm run conformance -- /);
    const first = readlinkSync(join(dir, 'latest'));
    const again = await runCommandAsync('bash', ['-c', `set -a; . ${tokens}; set +a; ${replay}`], {
      env: { ...clean, CONFORMANCE_BASE_URL: mock.baseURL, MEMORY: join(home, 'memory.json') },
      timeoutMs: 120_000,
    });
    expect(again.status, `${again.stdout}${again.stderr}`.slice(-3000)).toBe(0);
    expect(again.stdout).toContain('target quick-start conforms');
    expect(readlinkSync(join(dir, 'latest')), 'the replay is a new complete run').not.toBe(first);
    expect(findSecrets(dir, secrets)).toEqual([]);
  });
});
