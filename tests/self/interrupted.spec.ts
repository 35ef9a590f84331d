import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { runCommand, runCommandAsync } from '../../lib/process/launch.ts';
import { keptRuns } from '../../lib/process/run-folder.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../lib/report/look.ts';
import { freePort } from '../../scripts/free-port.ts';

// An interrupted run is no verdict, however it was cut: Ctrl-C (SIGINT to the process group), a CI
// timeout (SIGTERM to the conformance script alone), or a worker killed under a test (the OOM killer).
// Each run says `interrupted: N of M tests ran`, prints no PASS, writes no memory, and its page says so;
// it is kept in its own folder beside the report (lib/process/run-folder.ts), never in its place.

interface Interrupted {
  output: string;
  status: number | null;
  /** The reports folder. */
  home: string;
  /** The interrupted run's own folder in it. */
  dir: string;
  memory: string;
}

/** Runs the conformance command on the mock and calls `cut` `afterMs` into its tests. */
async function runAndCut(
  args: string[],
  cut: (script: ChildProcess) => void,
  // Past the worker's start on a loaded two-core CI (4 s once cut before the first test), well before
  // the contract project's end.
  afterMs = 6000,
): Promise<Interrupted> {
  const dir = mkdtempSync(join(tmpdir(), 'interrupted-'));
  const memory = join(dir, 'memory.json');
  let testsStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    testsStarted = resolve;
  });
  const { stdout, stderr, status } = await runCommandAsync('bash', ['scripts/conformance.sh', ...args], {
    env: {
      REPORTS_DIR: dir,
      MEMORY: memory,
      MOCK_PORT: String(await freePort()),
      WORKERS: '1',
      LEAN_REPORTS: '1',
      CI: '1',
      TARGET: undefined,
      BASE_URL: undefined,
      MOCK_BASE_URL: undefined,
    },
    group: true,
    timeoutMs: 220_000,
    onStart: (child) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('discovery:')) testsStarted();
      });
      void started.then(() => setTimeout(() => cut(child), afterMs));
    },
  });
  const kept = keptRuns(dir).find((run) => run.state === 'interrupted');
  return { output: `${stdout}${stderr}`, status, home: dir, dir: kept?.dir ?? dir, memory };
}

function expectNoVerdict(run: Interrupted): void {
  const [, ranCount, total] = /^interrupted: (\d+) of (\d+) tests ran$/m.exec(run.output) ?? [];
  expect(Number(ranCount), run.output.slice(-2000)).toBeLessThan(Number(total));
  expect(run.output).not.toContain('verdict: PASS');
  expect(run.output).not.toContain('does not conform');
  expect(run.output).toContain('memory: not written (an interrupted run)');
  expect(run.status).not.toBe(0);
  const verdict = JSON.parse(readFileSync(join(run.dir, 'verdict.json'), 'utf8'));
  expect(verdict).toMatchObject({ passed: false, interrupted: true, state: 'interrupted' });
  expect(verdict.summary).toMatch(/^interrupted: \d+ of \d+ tests ran; no verdict/);
  expect(existsSync(run.memory)).toBe(false);
  expect(run.output).not.toMatch(/^\s+at /m);
  expect(existsSync(join(run.home, 'verdict.json')), 'no complete run: nothing at the usual paths').toBe(
    false,
  );
}

/** The pids of the nested run's Playwright workers: the children of its runner, in the group led by `leader`. */
function workersOf(leader: number): number[] {
  const rows = runCommand('ps', ['-o', 'pid=,ppid=,args=', '-g', String(leader)])
    .stdout.split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .flatMap((m) => (m ? [{ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }] : []));
  const runner = rows.find((row) => row.ppid === leader && /playwright/.test(row.args));
  return rows.filter((row) => runner && row.ppid === runner.pid).map((row) => row.pid);
}

test.describe('an interrupted run is no verdict', () => {
  test.setTimeout(240_000);

  test('Ctrl-C (SIGINT to the whole process group) mid-run', async () => {
    const run = await runAndCut(['--project', 'contract'], (script) => {
      if (script.pid) process.kill(-script.pid, 'SIGINT');
    });
    expectNoVerdict(run);
  });

  test('a CI timeout (SIGTERM to the conformance script alone) mid-run; its index page says interrupted', async () => {
    const run = await runAndCut(['--project', 'contract'], (script) => script.kill('SIGTERM'));
    expectNoVerdict(run);
    const built = runCommand('node', ['--import', 'tsx', 'scripts/build-reports.ts'], {
      env: { REPORTS_DIR: run.dir, TARGET: undefined, BASE_URL: undefined },
    });
    expect(built.status, built.stderr).toBe(0);
    test.skip(!existsSync(CHROMIUM), `Debian's chromium is not installed at ${CHROMIUM}`);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await page.goto(`file://${join(run.dir, 'index.html')}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect(heading).toContainText(/interrupted: \d+ of \d+ tests ran; no verdict/);
      await expect(heading).not.toContainText('conforms');
      await expect(heading).toBeInViewport();
    } finally {
      await browser.close();
    }
  });

  test('a worker killed under a running test (as the OOM killer does), the run going on to its end', async () => {
    const slowest = ['tests/contract/attachments.spec.ts', 'tests/contract/general.spec.ts'];
    let killed: number[] = [];
    const run = await runAndCut(
      [...slowest, '--project', 'contract'],
      (script) => {
        // Under load the worker may start late: look for it every 200 ms, for up to 20 s.
        const look = (tries: number) => {
          // A process listed may have ended before the signal (ESRCH): only one that received it counts.
          killed = workersOf(script.pid ?? 0).filter((worker) => {
            try {
              process.kill(worker, 'SIGKILL');
              return true;
            } catch {
              return false;
            }
          });
          if (killed.length === 0 && tries > 0) setTimeout(() => look(tries - 1), 200);
        };
        look(100);
      },
      1500,
    );
    expect(killed, 'the nested run had its one worker killed').toHaveLength(1);
    expect(run.output).toMatch(/worker process exited unexpectedly/i);
    expectNoVerdict(run);
  });
});
