import {
  candidateKeys,
  type DeviationKey,
  isKnown,
  type KnownDeviation,
  keyOf,
} from '../../checks/baseline.ts';
import type { JudgedFinding } from '../../checks/verdict.ts';
import { type RunNumbers, runNumbers } from './numbers.ts';
import type { RequestBudget } from './request-budget.ts';
import type { TestRecord } from './results.ts';
import type { RunCoverage, RunScope, RunState } from './scope.ts';

/** A deviation seen in a run: a check's finding, or a test failing on its own assertion. */
export interface Deviation extends DeviationKey {
  level: 'violation' | 'omission';
  /** The requirement a check's finding breaks (absent for a test failing on its own assertion). */
  requirement?: string;
  /** Evidence: the first answer that showed it, or the test's outcome. */
  message: string;
  tests: string[];
}

export interface Verdict {
  passed: boolean;
  /** Deviations that fail the run. */
  fresh: Deviation[];
  /** Deviations of the baseline seen again. */
  known: Deviation[];
  /** Omissions the profile reports without failing. */
  reported: Deviation[];
  /** Baseline entries not seen in this run (their test passed, or no answer showed them). */
  gone: KnownDeviation[];
  /** The closing line's counts (numbers.ts): tests passed, failures (each once), tests skipped. */
  counts: { passed: number; failed: number; skipped: number };
  /** The run's numbers, defined once (numbers.ts): what every page and line of the run shows. */
  numbers: RunNumbers;
  /** Errors outside any test (a global setup that found the target silent), each counted as a failure. */
  errorsOutsideTests?: string[];
  /** What the run says of the whole target (lib/report/verdict/headline.ts); set once the run is judged whole. */
  state?: RunState;
  /** The verdict in one line after "target NAME ": the console, the index title and verdict.json say it alike. */
  summary?: string;
  /** "target NAME " and the summary. */
  headline?: string;
  /** Some tests did not run to their end: no verdict, the memory kept. */
  interrupted?: boolean;
  /** A filter chose the tests: judged for what it ran, never written to memory as the whole. */
  partial?: boolean;
  scope?: RunScope;
  coverage?: RunCoverage;
  /** What the run cost the target against what it verified (lib/report/request-budget.ts). */
  requests?: RequestBudget;
}

const testKey = (test: TestRecord): DeviationKey => ({
  check: 'test',
  operation: test.file,
  field: test.title,
  level: 'violation',
});

function add(
  into: Map<string, Deviation>,
  key: DeviationKey,
  level: Deviation['level'],
  message: string,
  test: string,
) {
  const id = keyOf(key);
  const found = into.get(id);
  if (found) {
    if (!found.tests.includes(test)) found.tests.push(test);
  } else into.set(id, { ...key, level, message, tests: [test] });
}

/** The closing line's counts from the run's numbers. */
export function countsOf(n: RunNumbers): Verdict['counts'] {
  return { passed: n.tests.passed, failed: n.failures.total, skipped: n.tests.skipped };
}

/**
 * The run's verdict: fails on deviations neither known nor merely reported omissions. A failed test
 * with a new finding failed on it; otherwise (and always while recording, when findings do not
 * stop tests) it failed on its own assertion, a deviation of its own.
 */
export function classify(tests: TestRecord[], baseline: KnownDeviation[], recording = false): Verdict {
  const knownKeys = new Set(baseline.map(keyOf));
  const byOutcome = { new: new Map<string, Deviation>(), known: new Map(), reported: new Map() } as Record<
    JudgedFinding['outcome'],
    Map<string, Deviation>
  >;
  for (const test of tests) {
    for (const finding of test.findings) {
      // A finding recorded while a baseline was being written may since have been added to it.
      const outcome = finding.outcome === 'new' && isKnown(knownKeys, finding) ? 'known' : finding.outcome;
      add(byOutcome[outcome], finding, finding.level, finding.message, test.title);
    }
    const failedOnFinding =
      !recording && test.findings.some((f) => f.outcome === 'new' && !isKnown(knownKeys, f));
    if (test.outcome !== 'failed' || failedOnFinding) continue;
    const key = testKey(test);
    const where = isKnown(knownKeys, key) ? byOutcome.known : byOutcome.new;
    add(
      where,
      key,
      'violation',
      'the test fails on its own assertion (see the Playwright report)',
      test.title,
    );
  }
  // A known failing test that failed again (on a new finding first) is not gone, only unconfirmed.
  const seen = new Set([
    ...[...byOutcome.known.values()].flatMap(candidateKeys),
    ...tests.filter((t) => t.outcome === 'failed').flatMap((t) => candidateKeys(testKey(t))),
  ]);
  const gone = baseline.filter((entry) => !seen.has(keyOf(entry)));
  const numbers = runNumbers(tests);
  const fresh = [...byOutcome.new.values()];
  return {
    passed: fresh.length === 0 && numbers.tests.passed + numbers.tests.failed > 0,
    fresh,
    known: [...byOutcome.known.values()],
    reported: [...byOutcome.reported.values()],
    gone,
    counts: countsOf(numbers),
    numbers,
  };
}

/** The baseline a run would leave: every deviation it saw that fails, old reasons and dates kept. */
export function baselineFrom(verdict: Verdict, previous: KnownDeviation[], today: string): KnownDeviation[] {
  const old = new Map(previous.map((entry) => [keyOf(entry), entry]));
  return [...verdict.known, ...verdict.fresh].map((deviation) => {
    const kept = candidateKeys(deviation)
      .map((key) => old.get(key))
      .find(Boolean);
    return {
      check: deviation.check,
      operation: deviation.operation,
      field: deviation.field,
      level: deviation.level,
      ...(deviation.keyword ? { keyword: deviation.keyword } : {}),
      reason: kept?.reason ?? `recorded from a run: ${deviation.message.slice(0, 160)}`,
      date: kept?.date ?? today,
    };
  });
}
