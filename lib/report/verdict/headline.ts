import type { Traceability } from '../../judge/traceability.ts';
import type { Verdict } from './classify.ts';
import type { TestRecord } from './results.ts';
import type { RunCoverage, RunScope, RunState } from './scope.ts';

export type { RunCoverage, RunState } from './scope.ts';

export function coverageOf(trace: Traceability): RunCoverage {
  const r = trace.summary.requirements;
  const verified = r.verified + r['verified from traffic'];
  return {
    verified,
    total: r.total,
    percent: r.total ? Math.round((100 * verified) / r.total) : 0,
    failed: r.failed,
    notJudged: r['not judged'],
    notVerified: r['not verified'],
    mockOnly: r['mock-only'],
    readOnly: r['read-only'],
    withoutTest: r.uncovered + r.untestable,
  };
}

/** A failure that says the target gave no answer at all (lib/client/transport.ts, lib/discovery/reachable.ts). */
const NO_ANSWER = /connection refused|host is not found|no answer within \d+ ms|does not answer/;

/**
 * Why the target never answered, when it did not: no test passed, and every failure (in a test or
 * outside, such as global setup) is one of no answer. Undefined when the target answered anything.
 */
export function unreachableReason(
  tests: readonly TestRecord[],
  errors: readonly string[],
): string | undefined {
  if (tests.some((t) => t.outcome === 'passed')) return undefined;
  const failures = [...errors, ...tests.filter((t) => t.outcome === 'failed').map((t) => t.error ?? '')];
  if (failures.length === 0 || !failures.every((f) => NO_ANSWER.test(f))) return undefined;
  return NO_ANSWER.exec(failures[0] ?? '')?.[0];
}

function coverageWords(c: RunCoverage, scope: RunScope): string {
  // A filtered run cannot tell a requirement without a test from one whose tests it left out.
  const untested = scope.partial ? 'not run by this filter or without a test' : 'without a test';
  return (
    `${c.notJudged} not judged, ${c.notVerified} not verified for lack of data, ${c.mockOnly} mock-only, ` +
    `${c.readOnly} need writes (read-only target), ${c.withoutTest} ${untested}`
  );
}

/** The run's one-line verdict after "target NAME ": the console, the index title and verdict.json say it alike. */
export function summaryOf(
  state: RunState,
  verdict: Pick<Verdict, 'fresh'>,
  coverage: RunCoverage,
  scope: RunScope,
  unreachable?: string,
): string {
  if (state === 'interrupted')
    return `interrupted: ${scope.ran} of ${scope.total} tests ran; no verdict (the last complete run's memory is kept)`;
  if (state === 'unreachable') return `is unreachable (${unreachable}): no test reached it; no verdict`;
  const verified = `${coverage.verified} of ${coverage.total} requirements`;
  const partial = scope.partial
    ? ` — a partial run (${scope.filters.join(' ')}), judged for what it ran only, not the target's coverage`
    : '';
  if (state === 'conforms')
    return `conforms on the ${verified} it verified (${coverage.percent}%); ${coverageWords(coverage, scope)}${partial}`;
  const fresh = verdict.fresh.length;
  return (
    `does not conform: ${fresh} new deviation${fresh === 1 ? '' : 's'}; ${verified} verified ` +
    `(${coverage.percent}%), ${coverage.failed} failed; ${coverageWords(coverage, scope)}${partial}`
  );
}
