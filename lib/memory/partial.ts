import { existsSync, readFileSync } from 'node:fs';

/**
 * Whether a run saw less than the whole suite, read from its Playwright JSON report: a shard
 * (`config.shard`), a slice named on the command line (`config.argv`: `--grep`, `--grep-invert`,
 * `--last-failed`, `--only-changed`, test files, projects short of contract and properties), or tests
 * that did not run (the run stopped early: `--max-failures`, an interruption, a timeout). A partial run
 * adds what it saw to the memory (the presence tallies are sums, the last-verified dates are per
 * requirement) and its tests that did not run are no evidence: never "not verified now", never a drop.
 */
export interface RunScope {
  /** Why the run is partial; undefined for a whole run. */
  partial?: string;
  /** The tests that did not run. */
  notRun: NotRun[];
}

interface NotRun {
  file: string;
  /** The spec's own title (a test record's title ends with it, after its describe titles). */
  title: string;
  project: string;
}

interface JsonSpec {
  title: string;
  file: string;
  tests: { projectName: string; results: { status?: string }[] }[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}
interface JsonReport {
  config?: { shard?: { current: number; total: number } | null; argv?: string[] };
  suites?: JsonSuite[];
}

const SLICING = ['--grep', '-g', '--grep-invert', '--last-failed', '--only-changed'];
/** The projects of a whole conformance run (scripts/conformance.sh). */
const WHOLE = ['contract', 'properties'];

const optionName = (arg: string) => arg.split('=')[0] ?? '';

function projectsNamed(args: string[]): string[] {
  return args.flatMap((arg, i) => {
    if (arg === '--project') return [args[i + 1] ?? ''];
    return arg.startsWith('--project=') ? [arg.slice('--project='.length)] : [];
  });
}

/** What the command line sliced: its slicing options, projects short of both, test-file filters. */
function sliceOf(argv: string[]): string | undefined {
  const test = argv.indexOf('test');
  if (test < 0) return undefined;
  const args = argv.slice(test + 1);
  const named = [...new Set(args.map(optionName).filter((name) => SLICING.includes(name)))];
  const projects = projectsNamed(args);
  if (projects.length > 0 && !WHOLE.every((p) => projects.includes(p)))
    named.push(`--project ${projects.join(',')}`);
  if (args.some((arg, i) => !arg.startsWith('-') && !(args[i - 1] ?? '').startsWith('-')))
    named.push('test files');
  return named.length > 0 ? `a slice (${named.join(', ')})` : undefined;
}

function notRunOf(suite: JsonSuite, into: NotRun[]): void {
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests) {
      const last = test.results.at(-1);
      if (!last || last.status === 'interrupted')
        into.push({ file: spec.file, title: spec.title, project: test.projectName });
    }
  for (const child of suite.suites ?? []) notRunOf(child, into);
}

/** The scope of the run whose JSON report is at `results`; a whole run when it cannot tell. */
export function runScope(results: string): RunScope {
  const notRun: NotRun[] = [];
  if (!existsSync(results)) return { notRun };
  const report = JSON.parse(readFileSync(results, 'utf8')) as JsonReport;
  for (const suite of report.suites ?? []) notRunOf(suite, notRun);
  const shard = report.config?.shard;
  const reasons = [
    shard ? `shard ${shard.current}/${shard.total}` : undefined,
    sliceOf(report.config?.argv ?? []),
    notRun.length > 0 ? `${notRun.length} tests did not run` : undefined,
  ].filter(Boolean);
  return { ...(reasons.length > 0 ? { partial: reasons.join('; ') } : {}), notRun };
}

/** The tests of a run that ran: a test that did not run is no evidence about its requirements. */
export function testsThatRan<T extends { title: string; project: string; file?: string }>(
  tests: T[],
  scope: RunScope,
): T[] {
  const didNotRun = (t: T) =>
    scope.notRun.some(
      (n) =>
        n.project === t.project &&
        (t.file === undefined || t.file === n.file) &&
        (t.title === n.title || t.title.endsWith(` › ${n.title}`)),
    );
  return scope.notRun.length === 0 ? tests : tests.filter((t) => !didNotRun(t));
}
