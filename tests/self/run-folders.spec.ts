import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommand, runCommandAsync } from '../../lib/process/launch.ts';
import { freePort } from '../../scripts/free-port.ts';
import { type StartedMock, smallProfile, startMock } from './target-run.ts';

// A bad night does not destroy the good one (issue 48): a run writes into its own folder and replaces
// $REPORTS_DIR's report only when complete; a stopped run ends with one "interrupted" line, no stack,
// and stays beside it, marked; a second run into a folder a running run holds is refused; `--list`
// writes nothing; a plain `playwright test` runs the conformance projects only.

const SLICE = 'lists countries by two-letter code';
const dir = mkdtempSync(join(tmpdir(), 'run-folders-'));
const memory = join(dir, 'memory.json');
const clean = {
  TARGET: undefined,
  BASE_URL: undefined,
  MOCK_BASE_URL: undefined,
  PROJECT_TESTS: undefined,
  CI: '1',
  LEAN_REPORTS: '1',
};

function conformance(
  args: string[],
  env: Record<string, string | undefined> = {},
  onOutput?: (text: string) => void,
) {
  return runCommandAsync('bash', ['scripts/conformance.sh', ...args], {
    env: { ...clean, REPORTS_DIR: dir, MEMORY: memory, WORKERS: '1', ...env },
    group: true,
    timeoutMs: 150_000,
    onStart: (child) => {
      child.stdout?.on('data', (chunk: Buffer) => onOutput?.(chunk.toString()));
      if (onOutput) Object.assign(onOutput, { child });
    },
  });
}

const latest = () => readlinkSync(join(dir, 'latest'));
const verdict = (where = dir) => JSON.parse(readFileSync(join(where, 'verdict.json'), 'utf8'));

function expectInterruptedCleanly(run: { stdout: string; stderr: string; status: number | null }) {
  const output = `${run.stdout}${run.stderr}`;
  expect(output.match(/^interrupted: .*$/gm), output.slice(-3000)).toHaveLength(1);
  expect(output).not.toMatch(/^\s+at .*\(.*:\d+:\d+\)$/m);
  expect(output).not.toMatch(/^Error: /m);
  expect(output).not.toContain('verdict: PASS');
  expect(output).toContain('memory: not written (an interrupted run)');
  expect(run.status).not.toBe(0);
  expect(run.status).not.toBe(2);
}

test.describe
  .serial('runs into one reports folder', () => {
    test.setTimeout(180_000);
    let mock: StartedMock;
    let complete = '';

    test.beforeAll(async () => {
      mock = await startMock(await freePort());
    });
    test.afterAll(() => mock?.stop());

    test('a second run into a folder a running run holds is refused with one line; the first completes', async () => {
      const port = String(await freePort());
      const first = conformance(['--project', 'contract', '--grep', SLICE], { MOCK_PORT: port });
      // The first holds the lock from its start until its report is published.
      for (let i = 0; i < 100 && !existsSync(join(dir, '.run.lock')); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await conformance(['--project', 'contract', '--grep', SLICE], {
        MOCK_PORT: String(await freePort()),
      });
      const lines = `${second.stdout}${second.stderr}`.split('\n').filter((line) => line.trim() !== '');
      expect(lines, lines.join('\n')).toEqual([
        expect.stringMatching(/^the reports folder .* is in use by a running run \(pid \d+\): wait for it/),
      ]);
      expect(second.status).toBe(2);
      const done = await first;
      expect(done.status, done.stdout.slice(-2000)).toBe(0);
      expect(verdict()).toMatchObject({ passed: true });
      expect(existsSync(join(dir, 'results.json'))).toBe(true);
      expect(existsSync(join(dir, '.run.lock')), 'the lock is released').toBe(false);
      complete = latest();
    });

    test('a stale lock (its run died) is taken over', async () => {
      const dead = runCommand('bash', ['-c', 'echo $$']).stdout.trim();
      writeFileSync(join(dir, '.run.lock'), `${dead}\n`);
      const run = await conformance(['--project', 'contract', '--grep', SLICE], {
        MOCK_PORT: String(await freePort()),
      });
      expect(run.status, `${run.stdout}${run.stderr}`.slice(-2000)).toBe(0);
      expect(latest()).not.toBe(complete);
      complete = latest();
    });

    test('SIGTERM during discovery: one interrupted line, no stack, the last complete report kept', async () => {
      const slow = smallProfile(mock.baseURL);
      writeFileSync(
        slow,
        JSON.stringify({ ...JSON.parse(readFileSync(slow, 'utf8')), requestsPerSecond: 2 }),
      );
      let sent = false;
      const watch = Object.assign((text: string) => {
        // The start checks passed once the run's folder holds its discovery's first reads: cut then.
        if (!sent && /Running|discovery/.test(text)) sent = true;
      }, {});
      const running = conformance(
        ['--project', 'contract', '--grep', SLICE],
        { TARGET: slow, BASE_URL: undefined },
        watch,
      );
      await new Promise((resolve) => setTimeout(resolve, 7000));
      const child = (watch as { child?: { kill: (s: string) => void } }).child;
      expect(sent, 'cut before discovery ended').toBe(false);
      child?.kill('SIGTERM');
      const run = await running;
      expectInterruptedCleanly(run);
      expect(latest(), 'the last complete run is still the report').toBe(complete);
      expect(verdict()).toMatchObject({ passed: true });
      expect(verdict(join(dir, 'interrupted'))).toMatchObject({ interrupted: true });
    });

    test('SIGTERM during the tests: the same, the interrupted run kept beside the report', async () => {
      let cut: () => void = () => undefined;
      const watch = Object.assign((text: string) => {
        if (text.includes('discovery:')) setTimeout(() => cut(), 3000);
      }, {});
      const running = conformance(['--project', 'contract'], { MOCK_PORT: String(await freePort()) }, watch);
      cut = () => (watch as { child?: { kill: (s: string) => void } }).child?.kill('SIGTERM');
      const run = await running;
      expectInterruptedCleanly(run);
      expect(`${run.stdout}`).toMatch(/^interrupted: \d+ of \d+ tests ran$/m);
      expect(latest()).toBe(complete);
      expect(verdict()).toMatchObject({ passed: true });
      expect(verdict(join(dir, 'interrupted'))).toMatchObject({ interrupted: true, state: 'interrupted' });
      expect(existsSync(memory) ? readFileSync(memory, 'utf8') : '').not.toContain('interrupted');
    });

    test('`--list` lists and writes nothing, through conformance.sh or Playwright', async () => {
      const before = readdirSync(dir).sort();
      const results = readFileSync(join(dir, 'results.json'), 'utf8');
      const viaScript = await conformance(['--list', '--project', 'contract']);
      expect(viaScript.status, viaScript.stderr).toBe(0);
      expect(viaScript.stdout).toMatch(/Total: \d+ tests? in \d+ files?/);
      const plain = await runCommandAsync('npx', ['playwright', 'test', '--list'], {
        env: { ...clean, REPORTS_DIR: dir },
        timeoutMs: 60_000,
      });
      expect(plain.status, plain.stderr).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(before);
      expect(latest()).toBe(complete);
      expect(readFileSync(join(dir, 'results.json'), 'utf8')).toBe(results);
      // A plain run is the conformance projects only; the project's own tests stay behind `npm test`.
      expect(plain.stdout).toMatch(/\[contract\]/);
      expect(plain.stdout).toMatch(/\[properties\]/);
      expect(plain.stdout).not.toMatch(/\[(self|spec|mock)\]/);
      const project = await runCommandAsync('npx', ['playwright', 'test', '--list'], {
        env: { ...clean, REPORTS_DIR: dir, PROJECT_TESTS: '1' },
        timeoutMs: 60_000,
      });
      expect(project.stdout).toMatch(/\[self\]/);
      expect(project.stdout).toMatch(/\[spec\]/);
    });
  });
