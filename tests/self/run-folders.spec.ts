import type { ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runCommandAsync } from '../../lib/process/launch.ts';
import { keptRuns } from '../../lib/process/run-folder.ts';
import { freePort } from '../../scripts/free-port.ts';
import { startMock } from './hostile/nested.ts';
import { startSlowFront, usersOnlyProfile } from './slow-front.ts';

// Reports written as a database writes (issue 48), as a new user meets them with `npm run conformance`
// into one reports folder: a complete run is the report; a SIGTERM in discovery or in the tests, a second
// run into the held folder and `--list` each leave that report as it was, with their exit code and one line.

const SLICE = 'lists countries by two-letter code|sorts by date';

interface Run {
  status: number | null;
  output: string;
  lines: string[];
  /** stdout's lines alone. */
  said: string[];
}

async function conformance(
  home: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  onStart?: (child: ChildProcess) => void,
): Promise<Run> {
  const run = await runCommandAsync('bash', ['scripts/conformance.sh', ...args], {
    env: {
      REPORTS_DIR: home,
      MEMORY: join(home, 'memory.json'),
      MOCK_PORT: String(await freePort()),
      WORKERS: '1',
      CI: '1',
      TARGET: undefined,
      BASE_URL: undefined,
      MOCK_BASE_URL: undefined,
      ...env,
    },
    group: true,
    timeoutMs: 240_000,
    ...(onStart ? { onStart } : {}),
  });
  const output = `${run.stdout}${run.stderr}`;
  const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
  return { status: run.status, output, lines: lines(output), said: lines(run.stdout) };
}

/** Calls `then` once the child printed `text` (on stdout or stderr). */
function onceSaid(child: ChildProcess, text: string, then: () => void): void {
  let seen = false;
  const look = (chunk: Buffer) => {
    if (!seen && chunk.toString().includes(text)) {
      seen = true;
      then();
    }
  };
  child.stdout?.on('data', look);
  child.stderr?.on('data', look);
}

const interruptedLines = (run: Run) => run.lines.filter((line) => /^interrupted\b/.test(line));

test.describe
  .serial('one reports folder, night after night', () => {
    test.setTimeout(260_000);
    const home = mkdtempSync(join(tmpdir(), 'run-folders-'));
    let report = '';

    const expectReportKept = () => {
      expect(readFileSync(join(home, 'index.html'), 'utf8'), 'the last complete report, as it was').toBe(
        report,
      );
      expect(keptRuns(home).filter((run) => run.state === 'complete')).toHaveLength(1);
      expect(existsSync(join(home, 'memory.json'))).toBe(true);
      expect(existsSync(join(home, '.lock')), 'the lock released').toBe(false);
    };

    test('a complete run is the report: its own folder under runs/, linked at the usual paths', async () => {
      const run = await conformance(home, ['--project', 'contract', '--grep', SLICE]);
      expect(run.status, run.output.slice(-2000)).toBe(0);
      expect(run.said.at(-1)).toBe(`reports: ${join(home, 'index.html')}`);
      const [first, ...more] = keptRuns(home);
      expect(more).toEqual([]);
      expect(first?.state).toBe('complete');
      expect(lstatSync(join(home, 'latest')).isSymbolicLink()).toBe(true);
      for (const name of ['index.html', 'verdict.json', 'results.json', 'junit.xml', 'html'])
        expect(
          existsSync(join(first?.dir ?? '', name)) && lstatSync(join(home, name)).isSymbolicLink(),
          name,
        ).toBe(true);
      report = readFileSync(join(home, 'index.html'), 'utf8');
      expect(report).toContain('runs/index.html');
    });

    test('SIGTERM during discovery: one interrupted line, exit 1, no stack; nothing of it kept', async () => {
      const mock = await startMock();
      const front = await startSlowFront(mock.url, 250);
      try {
        const run = await conformance(
          home,
          ['--project', 'contract'],
          { TARGET: usersOnlyProfile(front.url) },
          (child) => onceSaid(child, 'discovering', () => child.kill('SIGTERM')),
        );
        expect(run.status, run.output).toBe(1);
        expect(interruptedLines(run), run.output).toEqual([
          `interrupted: before the first test (global setup, discovery): no verdict, memory not written; the last complete report stays: ${join(home, 'index.html')}`,
        ]);
        expect(run.output).not.toMatch(/^\s+at |Error:/m);
        expect(run.output).not.toContain('discovery:');
        expect(keptRuns(home)).toHaveLength(1);
        expectReportKept();
      } finally {
        front.close();
        await mock.close();
      }
    });

    test('SIGTERM during the tests, and a second run into the held folder refused with one line', async () => {
      let second: Run | undefined;
      // The cut comes once the second run was refused and a contract test has ended (the list reporter said so).
      const run = await conformance(home, [], {}, (child) => {
        let [refused, tested] = [false, false];
        const cut = () => refused && tested && child.kill('SIGTERM');
        onceSaid(child, 'discovery:', () => {
          void conformance(home, ['--project', 'contract']).then((done) => {
            second = done;
            refused = true;
            cut();
          });
        });
        onceSaid(child, '[contract] ›', () => {
          tested = true;
          cut();
        });
      });
      expect(second?.status, second?.output).toBe(2);
      expect(second?.lines).toEqual([
        expect.stringMatching(
          new RegExp(
            `^the reports folder ${home} is in use by a run still going \\(pid \\d+\\): nothing was run`,
          ),
        ),
      ]);
      expect(run.status, run.output.slice(-2000)).toBe(1);
      expect(interruptedLines(run), run.output).toEqual([
        expect.stringMatching(/^interrupted: \d+ of \d+ tests ran$/),
      ]);
      expect(run.output).not.toMatch(/^\s+at /m);
      expect(run.said.at(-1)).toMatch(
        /^kept beside the report: .*\/runs\/[^/]+\/index\.html; .* still shows the last complete run$/,
      );
      const cut = keptRuns(home).find((kept) => kept.state === 'interrupted');
      expect(JSON.parse(readFileSync(join(cut?.dir ?? '', 'verdict.json'), 'utf8'))).toMatchObject({
        interrupted: true,
      });
      expectReportKept();
      expect(readFileSync(join(home, 'runs', 'index.html'), 'utf8')).toContain(`${cut?.id}/`);
    });

    test('`--list` (conformance.sh and a plain playwright test) writes no report; plain runs list the conformance projects only', async () => {
      const before = readdirSync(home).sort();
      const listed = await conformance(home, ['--list']);
      expect(listed.status, listed.output).toBe(0);
      const plain = await runCommandAsync('npx', ['playwright', 'test', '--list'], {
        env: {
          REPORTS_DIR: home,
          MOCK_PORT: String(await freePort()),
          TARGET: undefined,
          BASE_URL: undefined,
          PROJECT_TESTS: undefined,
        },
        timeoutMs: 60_000,
      });
      expect(plain.status, plain.stderr).toBe(0);
      const projects = new Set([...plain.stdout.matchAll(/^\s*\[(\w+)\] ›/gm)].map((m) => m[1]));
      expect([...projects].sort()).toEqual(['contract', 'judge', 'properties']);
      expect(readdirSync(home).sort()).toEqual(before);
      expect(keptRuns(home)).toHaveLength(2);
      expectReportKept();
    });
  });
