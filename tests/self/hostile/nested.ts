import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../../lib/checks/spec.ts';
import { runCommandAsync } from '../../../lib/process/launch.ts';
import type { TargetProfile } from '../../../lib/profile/types.ts';
import { build } from '../../../mock/app.ts';

export interface SuiteRun {
  dir: string;
  status: number | null;
  /** stdout and stderr, also written to consoleDir/console.txt for the secret search. */
  consoleDir: string;
  output: string;
  durationMs: number;
  /** The largest resident set of any one process of the run (runner or worker). */
  peakProcessMiB: number;
}

/** Resident set of every descendant of root, in MiB, read from /proc. */
function treeRss(root: number): number[] {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (tree.has(parent) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree].map((pid) => {
    try {
      const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return Number(kb ?? 0) / 1024;
    } catch {
      return 0;
    }
  });
}

/**
 * Workers of a nested run unless it asks for more (`--workers`): each worker costs about three CPU-seconds
 * to start, and the project's tests start dozens of nested runs beside each other on two cores.
 */
export const NESTED_WORKERS = '2';

/**
 * Runs the suite in its own process group and report folder, without blocking this worker's event
 * loop (the targets it talks to may live in this process), sampling the memory of its processes.
 */
export function runSuite(args: string[], env: NodeJS.ProcessEnv, dir = newRunDir()): Promise<SuiteRun> {
  // The run's judge is a worker of its own (seconds of CPU) after the tests: a nested run whose subject is
  // transport, pacing, memory or the run's folders leaves it out; a test of what the judge finds asks for it
  // (CONFORMANCE_JUDGE=1; the judge's own tests are tests/self/run-judge.spec.ts).
  return runPlaywright(['test', ...args], { CONFORMANCE_JUDGE: '0', ...env }, dir);
}

/** Runs a Playwright command (test, merge-reports) as runSuite does. */
export async function runPlaywright(args: string[], env: NodeJS.ProcessEnv, dir: string): Promise<SuiteRun> {
  const started = Date.now();
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  const run = await runCommandAsync('npx', ['playwright', ...args], {
    env: { CI: '1', REPORTS_DIR: dir, WORKERS: NESTED_WORKERS, ...env, MOCK_BASE_URL: undefined },
    group: true,
    timeoutMs: 170_000,
    onStart: (child) => {
      sampler = setInterval(() => {
        if (child.pid) peak = Math.max(peak, ...treeRss(child.pid));
      }, 200);
    },
  });
  clearInterval(sampler);
  const output = `${run.stdout}${run.stderr}`;
  const consoleDir = `${dir}-console`;
  mkdirSync(consoleDir, { recursive: true });
  writeFileSync(join(consoleDir, 'console.txt'), output);
  return {
    dir,
    consoleDir,
    status: run.status,
    output,
    durationMs: Date.now() - started,
    peakProcessMiB: peak,
  };
}

export function newRunDir(): string {
  return mkdtempSync(join(tmpdir(), 'conformance-hostile-'));
}

/** A foreign read-only profile for a target at baseURL: the mock's ids, tokens of its own. */
export function writeProfile(
  name: string,
  overrides: Partial<TargetProfile> = {},
  keepTokens = false,
): { path: string; profile: TargetProfile } {
  const profile = JSON.parse(
    readFileSync(join(projectRoot, 'fixtures/targets/mock.json'), 'utf8'),
  ) as TargetProfile;
  profile.name = name;
  profile.isMock = false;
  profile.allowsWrites = false;
  if (!keepTokens) {
    for (const [role, user] of Object.entries(profile.users)) user.token = `${name}/${role}+tok-7f3a9c2e51d4`;
  }
  Object.assign(profile, overrides);
  const path = join(mkdtempSync(join(tmpdir(), 'conformance-profile-')), `${name}.json`);
  writeFileSync(path, JSON.stringify(profile));
  return { path, profile };
}

interface JsonResult {
  status: string;
  errors: { message?: string }[];
  steps?: JsonStep[];
  attachments: { name: string; contentType: string; body?: string }[];
}
interface JsonStep {
  title: string;
  steps?: JsonStep[];
}
interface JsonSpec {
  title: string;
  tests: { projectName?: string; results: JsonResult[] }[];
}

/** The run's own projects (tests/judge): its first project and its judge, beside the slice a test asked for. */
const RUN_PROJECTS = new Set(['start', 'judge']);
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

/** Every test of a Playwright JSON report with its last result, the run's own projects' left out. */
export function resultsOf(path: string): { title: string; result: JsonResult }[] {
  const report = JSON.parse(readFileSync(path, 'utf8')) as { suites: JsonSuite[] };
  const walk = (suite: JsonSuite): { title: string; result: JsonResult }[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((test) => !RUN_PROJECTS.has(test.projectName ?? ''))
        .map((test) => ({ title: spec.title, result: test.results.at(-1) as JsonResult })),
    ),
    ...(suite.suites ?? []).flatMap(walk),
  ];
  return report.suites.flatMap(walk);
}

/** The titles of every step of a result, nested ones included. */
export function stepTitles(steps: JsonStep[] = []): string[] {
  return steps.flatMap((step) => [step.title, ...stepTitles(step.steps)]);
}

/** The mock, in this process, on a free port: a well-behaved target for runs that need one. */
export async function startMock(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = await build();
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // A connection left open by a caller cut mid-answer would hold the close until it times out.
  const close = async () => {
    app.server.closeAllConnections();
    await app.close();
  };
  return { url, close };
}
