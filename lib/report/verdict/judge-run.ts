import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRequirements } from '../../catalog/requirements.ts';
import { baselinePath, type KnownDeviation, readBaseline } from '../../checks/baseline.ts';
import { loadSpec } from '../../checks/spec.ts';
import { buildTraceability, type Traceability } from '../../judge/traceability.ts';
import { historyPath, type NightFigures, readHistory, type Trend, trendOf } from '../../memory/history.ts';
import type { TargetProfile } from '../../profile/types.ts';
import { readAnswers } from '../../run-judge/answers-file.ts';
import { readBranches } from '../../run-judge/branches-file.ts';
import { readInputs } from '../../run-judge/inputs.ts';
import { classify, countsOf, type Verdict } from './classify.ts';
import { coverageOf, type RunState, summaryOf, unreachableReason } from './headline.ts';
import { compareWithMemory, type MemoryComparison } from './memory.ts';
import { runNumbers } from './numbers.ts';
import { type RunRequests, requestBudget } from './request-budget.ts';
import { type RunMetadata, type RunStats, readResults, type TestRecord } from './results.ts';
import type { RunScope } from './scope.ts';

type JudgedTarget = Pick<TargetProfile, 'name' | 'baseline' | 'memory'>;

/** A run judged once: its tests, the verdict against the baseline, the comparison with the memory. */
interface RunJudgement {
  tests: TestRecord[];
  stats: RunStats;
  metadata: RunMetadata;
  baselineFile: string | undefined;
  baseline: KnownDeviation[];
  verdict: Verdict;
  comparison: MemoryComparison & { trend?: Trend };
  scope: RunScope;
  /** Tonight for the target's history (lib/memory/history.ts), when it has a memory and the run was not interrupted. */
  night?: { path: string; figures: NightFigures; statuses: Record<string, string> };
}

/** The verdict as a whole-run statement: state, coverage and headline added to the deviations. */
function stated(
  verdict: Verdict,
  tests: TestRecord[],
  errors: string[],
  scope: RunScope,
  name: string,
  requests: RunRequests | undefined,
  trace: Traceability,
): Verdict {
  const coverage = coverageOf(trace);
  const unreachable = unreachableReason(tests, errors);
  const state: RunState = scope.interrupted
    ? 'interrupted'
    : unreachable
      ? 'unreachable'
      : verdict.passed
        ? 'conforms'
        : 'does not conform';
  const summary = summaryOf(state, verdict, coverage, scope, unreachable);
  const numbers = runNumbers(tests, errors, trace);
  return {
    ...verdict,
    counts: countsOf(numbers),
    numbers,
    passed: state === 'conforms',
    state,
    summary,
    headline: `target ${name} ${summary}`,
    interrupted: scope.interrupted,
    partial: scope.partial,
    scope,
    coverage,
    ...(requests ? { requests: requestBudget(requests, coverage.verified, loadSpec().operations) } : {}),
  };
}

/**
 * Judges the run whose Playwright JSON report is `results`: the verdict (the counts, the deviations new,
 * known, reported and gone; each error outside the tests a failure of the run) and the coverage drop.
 * The one place these are computed: scripts/verdict.ts writes them to verdict.json, the index page reads them.
 */
export function judgeRun(
  results: string,
  reportsDir: string,
  target: JudgedTarget,
  recording = false,
  written?: Pick<RunJudgement, 'verdict' | 'comparison'>,
  /** The runner was stopped by a signal (conformance.sh saw it), whatever its report says. */
  signalled = false,
): RunJudgement {
  const read = readResults(results);
  const { tests, stats, metadata, errors } = read;
  const scope = signalled ? { ...read.scope, interrupted: true } : read.scope;
  const baselineFile = baselinePath(target);
  const baseline = readBaseline(baselineFile);
  if (written) return { tests, stats, metadata, baselineFile, baseline, scope, ...written };
  const classified = classify(tests, baseline, recording);
  const verdict: Verdict =
    errors.length === 0 ? classified : { ...classified, passed: false, errorsOutsideTests: errors };
  // An interrupted run is not compared with the memory: every test it did not run would show as a drop.
  const comparison = scope.interrupted
    ? { coverageDrop: [], rechecks: [] }
    : compareWithMemory(target, reportsDir, tests);
  // Requirements only: the operations' count is the index page's, which reads the spec.
  const trace = buildTraceability(loadRequirements(), tests, []);
  const name = metadata.target ?? target.name;
  const judged = stated(verdict, tests, errors, scope, name, metadata.requests, trace);
  const night =
    scope.interrupted || !comparison.memory ? undefined : nightOf(comparison.memory, judged, stats, trace);
  const trend = night ? trendOf(readHistory(night.path), night.figures, night.statuses) : undefined;
  return {
    tests,
    stats,
    metadata,
    baselineFile,
    baseline,
    verdict: judged,
    comparison: { ...comparison, ...(trend ? { trend } : {}) },
    scope,
    ...(night ? { night } : {}),
  };
}

/** Tonight's figures and requirement statuses, for the target's history beside its memory. */
function nightOf(
  memory: string,
  verdict: Verdict,
  stats: RunStats,
  trace: Traceability,
): NonNullable<RunJudgement['night']> {
  const r = verdict.numbers.requirements;
  const figures: NightFigures = {
    date: new Date(stats.startTime).toISOString(),
    verified: r?.verified ?? 0,
    failed: r?.failed ?? 0,
    notJudged: r?.notJudged ?? 0,
    requests: verdict.requests?.sent ?? 0,
    seconds: Math.round(stats.duration / 100) / 10,
    ...(verdict.state ? { state: verdict.state } : {}),
    ...(verdict.partial ? { partial: true } : {}),
  };
  const statuses = Object.fromEntries(trace.rows.map((row) => [row.id, row.status]));
  return { path: historyPath(memory), figures, statuses };
}

/** What verdict.json holds: the verdict and the comparison with the memory read before it was rewritten. */
type VerdictFile = Verdict & {
  branchDrop?: MemoryComparison['branchDrop'];
  /** The answers the run's judge received and judged, per operation (tests/judge). */
  answers?: ReturnType<typeof readAnswers>;
  /** The spec's answer branches seen and judged, in total and per operation (branches.json has each). */
  branches?: Omit<NonNullable<ReturnType<typeof readBranches>>, 'branches'>;
  /** The spec's input classes sent and judged, in total and per operation (inputs.json has each). */
  inputs?: Omit<NonNullable<ReturnType<typeof readInputs>>, 'inputs'>;
  trend?: Trend;
  coverageDrop: MemoryComparison['coverageDrop'];
  remembered: MemoryComparison['rechecks'];
  memory?: string;
  lastRun?: string;
};

export function writeVerdictFile(
  reportsDir: string,
  judged: Pick<RunJudgement, 'verdict' | 'comparison'>,
): void {
  const { coverageDrop, branchDrop, rechecks, memory, lastRun, trend } = judged.comparison;
  const branches = readBranches(reportsDir);
  const inputs = readInputs(reportsDir);
  const file: VerdictFile = {
    ...judged.verdict,
    coverageDrop,
    ...(branchDrop ? { branchDrop } : {}),
    remembered: rechecks,
    memory,
    lastRun,
    ...(trend ? { trend } : {}),
    ...(readAnswers(reportsDir) ? { answers: readAnswers(reportsDir) } : {}),
    ...(branches ? { branches: { totals: branches.totals, operations: branches.operations } } : {}),
    ...(inputs ? { inputs: { totals: inputs.totals, operations: inputs.operations } } : {}),
  };
  writeFileSync(join(reportsDir, 'verdict.json'), JSON.stringify(file, null, 2));
}

/** The verdict of this run's report as scripts/verdict.ts wrote it; undefined when absent or older than the report. */
export function readVerdictFile(
  reportsDir: string,
  results: string,
): Pick<RunJudgement, 'verdict' | 'comparison'> | undefined {
  const path = join(reportsDir, 'verdict.json');
  if (!existsSync(path) || statSync(path).mtimeMs < statSync(results).mtimeMs) return undefined;
  const {
    coverageDrop,
    branchDrop,
    remembered,
    memory,
    lastRun,
    trend,
    answers: _answers,
    branches: _branches,
    inputs: _inputs,
    ...verdict
  } = JSON.parse(readFileSync(path, 'utf8')) as VerdictFile;
  const comparison = {
    coverageDrop,
    ...(branchDrop ? { branchDrop } : {}),
    rechecks: remembered,
    memory,
    lastRun,
    ...(trend ? { trend } : {}),
  };
  return { verdict, comparison };
}
