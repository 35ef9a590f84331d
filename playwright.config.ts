import { availableParallelism } from 'node:os';
import { defineConfig, type ReporterDescription } from '@playwright/test';
import type { TargetOptions } from './fixtures/index.ts';
import { type StageMode, stageMode, stageOwnRun } from './lib/process/run-stage.ts';
import { ProfileError, shownBaseURL } from './lib/profile/load.ts';
import {
  announceMockBaseURL,
  environmentProblem,
  readRunEnv,
  runHasJudge,
  runProfile,
} from './lib/profile/run-env.ts';

/** A broken start (environment, profile) stops the runner with one line and exit 2, before any test. */
function profileOrExit() {
  const problem = environmentProblem();
  if (problem) {
    console.error(problem);
    process.exit(2);
  }
  try {
    return runProfile();
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
}

const loaded = profileOrExit();
/**
 * Each run writes into a folder of its own under REPORTS_DIR (lib/process/run-folder.ts): a plain run's
 * runner stages it here (its workers inherit REPORTS_DIR), conformance.sh stages it before the runner;
 * `--list` writes no report.
 */
const stage: StageMode = stageMode(process.argv, process.env, readRunEnv().reportsDir);
if (stage === 'own') stageOwnRun(readRunEnv().reportsDir);
const run = readRunEnv();
const mockPort = run.mockPort ?? Number(new URL(loaded.baseURL).port || 4010);
const startMock = !run.baseURL && loaded.isMock;
// Workers inherit the mock's URL; the profile itself never enters the config, which reports print.
if (startMock) announceMockBaseURL(`http://127.0.0.1:${mockPort}`);
const target = runProfile();
// The self tests with long nested runs, started first so the rest of the suite runs beside them.
const LONG_SELF_TESTS = /(mutation|soak|baseline|traffic|drift)\.spec\.ts$/;
const reports = run.reportsDir;
// The project's own tests need the embedded mock: against a target of the user's, only the conformance projects run.
// A project that only computes (the conformance projects against the embedded mock, the spec and mock
// projects) keeps a worker per core, also when WORKERS asks for more for the self tests, which wait on
// nested runs (scripts/test.sh): every further worker costs seconds of CPU to start and only takes turns.
const perCore = { workers: availableParallelism() };
const runWorkers = process.env.WORKERS ? Number(process.env.WORKERS) : startMock ? availableParallelism() : 4;
// The two conformance projects run side by side, each on half the workers (a core each against the
// embedded mock): a worker never leaves one project for the other, which costs a new process (seconds
// of start), and the contract tests' waits overlap the properties' computing (bench/results.md).
const conformanceWorkers = {
  workers: Math.max(1, Math.floor(Math.min(runWorkers, startMock ? perCore.workers : runWorkers) / 2)),
};
// The run's judge (tests/judge) joins the conformance projects unless CONFORMANCE_JUDGE=0.
const judgeRun = runHasJudge();
const judgeProjects = [
  // The run's first project; its teardown, the run's judge, runs once every conformance test is done
  // (Playwright adds both to a run of contract or properties): every exchange judged by every rule.
  { name: 'start', testDir: 'tests/judge', testMatch: /start\.spec\.ts$/, teardown: 'judge' },
  // One worker judges the run's record once for all its tests (the file's tests in order).
  {
    name: 'judge',
    testDir: 'tests/judge',
    testMatch: /run\.spec\.ts$/,
    fullyParallel: false,
    timeout: 120_000,
  },
];
const startFirst = judgeRun ? { dependencies: ['start'] } : {};
const conformanceProjects = [
  ...(judgeRun ? judgeProjects : []),
  // A file's tests in one job: each job is a round trip to the runner, and its many short tests made them a fifth of the run.
  {
    name: 'contract',
    testDir: 'tests/contract',
    fullyParallel: false,
    ...startFirst,
    ...conformanceWorkers,
  },
  // A property walks or draws many requests: against a slow target (latency, Retry-After waits) 30 s is too short.
  {
    name: 'properties',
    testDir: 'tests/properties',
    timeout: 120_000,
    ...startFirst,
    ...conformanceWorkers,
  },
];
/**
 * The project's own tests run only when asked: `npm test` (PROJECT_TESTS=1, scripts/test.sh) or a
 * --project naming one; a plain `npx playwright test` runs the conformance projects.
 */
const PROJECT_NAMES = ['self', 'spec', 'mock'];
const namedProjects = process.argv
  .slice(2)
  .flatMap((arg, i, argv) =>
    arg.startsWith('--project=') ? [arg.slice(10)] : arg === '--project' ? [argv[i + 1] ?? ''] : [],
  );
const wantsProjectTests =
  process.env.PROJECT_TESTS === '1' || namedProjects.some((name) => PROJECT_NAMES.includes(name));
// Workers load this config again without the runner's arguments: they inherit the choice.
if (wantsProjectTests) process.env.PROJECT_TESTS = '1';
const projectTests = [
  { name: 'self', testDir: 'tests/self', testMatch: LONG_SELF_TESTS },
  { name: 'self', testDir: 'tests/self', testIgnore: LONG_SELF_TESTS },
  { name: 'spec', testDir: 'tests/spec', ...perCore },
  { name: 'mock', testDir: 'tests/mock', ...perCore },
];

// First, so every reporter after it sees secrets already removed.
const redacting: ReporterDescription = ['./lib/report/reporters/redacting-reporter.ts'];
const rateLimits: ReporterDescription = ['./lib/report/reporters/rate-limit-reporter.ts'];
// Before the reporters that write results: each test's assertions become its judgements (lib/judge).
const judgements: ReporterDescription = ['./lib/report/reporters/judgement-reporter.ts'];
// Last, in a plain run: publishes the run's folder once every reporter before it has ended.
const publishing: ReporterDescription[] =
  stage === 'own' ? [['./lib/report/reporters/publish-reporter.ts']] : [];
const allure: ReporterDescription = [
  // allure-playwright without an fsync per written file (lib/report/reporters/allure-reporter.ts).
  './lib/report/reporters/allure-reporter.ts',
  {
    resultsDir: `${reports}/allure-results`,
    detail: true,
    links: { tms: { urlTemplate: '../traceability.html#%s', nameTemplate: 'requirement %s' } },
  },
];

/** Every reporter writes into the run's own folder (`reports`), for the whole run. */
function reporters(): ReporterDescription[] {
  if (process.env.BLOB_REPORT === '1')
    return [redacting, judgements, rateLimits, ['dot'], ['blob', { outputDir: `${reports}/blob` }], allure];
  // Nested runs of the project's own tests read results.json only; HTML and Allure cost most of their CPU.
  if (process.env.LEAN_REPORTS === '1')
    return [redacting, judgements, rateLimits, ['json', { outputFile: `${reports}/results.json` }]];
  return [
    redacting,
    judgements,
    rateLimits,
    ['list'],
    ['json', { outputFile: `${reports}/results.json` }],
    ['junit', { outputFile: `${reports}/junit.xml` }],
    ['html', { outputFolder: `${reports}/html`, open: 'never' }],
    allure,
  ];
}

export default defineConfig<TargetOptions>({
  fullyParallel: true,
  metadata: { target: target.name, baseURL: shownBaseURL(target) },
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Against a target of the user's the suite waits on HTTP: more workers than cores keep both cores busy.
  // Against the embedded mock it is CPU-bound (the mock shares the cores): a worker per core, since each
  // worker costs seconds of CPU to start and more of them only take turns (scripts/test.sh keeps 4 for
  // the project's own tests, which wait on nested runs).
  workers: runWorkers,
  timeout: 30_000,
  outputDir: `${reports}/test-results`,
  globalSetup: './scripts/global-setup.ts',
  reporter: stage === 'listing' ? [['list']] : [...reporters(), ...publishing],
  use: {
    targetName: run.target,
    baseURL: target.secretBaseURL ? undefined : target.baseURL,
    // Traces and videos would record Authorization headers; evidence is attached redacted instead.
    trace: 'off',
    screenshot: 'off',
    video: 'off',
  },
  webServer: startMock
    ? {
        command: `node --import tsx mock/server.ts --port ${mockPort} --scale ${process.env.MOCK_SCALE ?? 1}`,
        url: `http://127.0.0.1:${mockPort}/__mock/health`,
        // Never a server already on the port: a mock the user started (other data, other flags) would be judged silently.
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        timeout: 30_000,
      }
    : undefined,
  projects: [
    ...(startMock && wantsProjectTests ? projectTests : []),
    ...conformanceProjects,
    // A deliberately failing run for the report tests only; never part of a normal run.
    ...(process.env.EVIDENCE_DEMO === '1' ? [{ name: 'demo', testDir: 'tests/demo' }] : []),
  ],
});
