/**
 * How much of the suite a run ran, from Playwright's JSON report alone (scripts/verdict.ts and
 * scripts/build-reports.ts read the same file): an interrupted run is no verdict; a filtered run is
 * judged for what it ran, never taken for the coverage of the target.
 */
export interface RunScope {
  /** Tests of the run's projects, run or not. */
  total: number;
  /** Tests that ran to their end (passed, failed or skipped by the test). */
  ran: number;
  /** Ctrl-C, SIGTERM, --max-failures or a crashed worker: some tests did not run to their end. */
  interrupted: boolean;
  /** A filter chose the tests (--grep, a test file, a shard, a project other than the two conformance ones). */
  partial: boolean;
  /** The filters that made it partial, as given. */
  filters: string[];
}

/** What scope needs of one test of the report. */
export interface ScopeTest {
  results: { status: string; error?: { message?: string } }[];
}

interface ScopeConfig {
  argv?: string[];
  shard?: { current: number; total: number } | null;
}

const CONFORMANCE_PROJECTS = ['contract', 'properties'];
/** Playwright's options that take a value: the word after them is no test filter. */
const VALUE_OPTIONS = new Set([
  '-c',
  '--config',
  '-j',
  '--workers',
  '-x',
  '--max-failures',
  '--reporter',
  '--timeout',
  '--global-timeout',
  '--repeat-each',
  '--retries',
  '--output',
  '--trace',
  '--tsconfig',
  '--project',
  '-g',
  '--grep',
  '--grep-invert',
  '--shard',
  '--test-list',
  '--test-list-invert',
  '--update-snapshots',
  '-u',
  '--update-source-method',
  '--browser',
  '--port',
  '--host',
]);
const FILTER_OPTIONS = new Set([
  '-g',
  '--grep',
  '--grep-invert',
  '--shard',
  '--test-list',
  '--test-list-invert',
  '--last-failed',
  '--only-changed',
]);
const CRASHED = /worker process exited unexpectedly|test was interrupted/i;

/** The filters of a `playwright test` command line: filter options, test files, and a narrower --project. */
export function filtersOf(argv: readonly string[]): string[] {
  const at = argv.indexOf('test');
  const args = at >= 0 ? argv.slice(at + 1) : [];
  const filters: string[] = [];
  const projects: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] ?? '';
    const [name = '', inline] = arg.startsWith('--') ? arg.split(/=(.*)/s) : [arg];
    const takesNext = inline === undefined && VALUE_OPTIONS.has(name);
    const value = takesNext ? args[i + 1] : inline;
    if (takesNext) i += 1;
    if (name === '--project') projects.push(value ?? '');
    else if (FILTER_OPTIONS.has(name)) filters.push(value === undefined ? name : `${name} ${value}`);
    else if (!arg.startsWith('-')) filters.push(arg);
  }
  const narrower = projects.length > 0 && !CONFORMANCE_PROJECTS.every((p) => projects.includes(p));
  if (narrower) filters.push(`--project ${projects.join(',')}`);
  return filters;
}

export function scopeOf(tests: readonly ScopeTest[], config: ScopeConfig): RunScope {
  const ranToEnd = (test: ScopeTest) =>
    test.results.length > 0 &&
    test.results.every((r) => r.status !== 'interrupted' && !CRASHED.test(r.error?.message ?? ''));
  const ran = tests.filter(ranToEnd).length;
  const filters = filtersOf(config.argv ?? []);
  if (config.shard && !filters.some((f) => f.startsWith('--shard')))
    filters.push(`--shard ${config.shard.current}/${config.shard.total}`);
  return { total: tests.length, ran, interrupted: ran < tests.length, partial: filters.length > 0, filters };
}

/** What a run can say of its target: only a complete run that reached it says whether it conforms. */
export type RunState = 'conforms' | 'does not conform' | 'interrupted' | 'unreachable';

/** The requirements of the reference as this run left them (lib/report/traceability.ts statuses). */
export interface RunCoverage {
  verified: number;
  total: number;
  /** verified / total, rounded. */
  percent: number;
  failed: number;
  notJudged: number;
  notVerified: number;
  mockOnly: number;
  readOnly: number;
  withoutTest: number;
}
