import type { Traceability } from '../../judge/traceability.ts';
import type { TestRecord } from './results.ts';

/**
 * The run's numbers, defined once (issue 48): the console's closing line (scripts/verdict.ts,
 * scripts/count-results.mjs), the index page, JUnit, Allure and verdict.json all show these.
 *
 * - tests: Playwright's tests only. `ran` = passed + failed + skipped; a test an interrupted run never
 *   started (or stopped in the middle) is `notRun`, never `skipped`; `skipped` is a test that ran and skipped.
 * - failures: each failure once, whoever found it: a failed test, a judgement made after the run over
 *   every answer (lib/facts: one fact, one value; the meanings), an error outside any test (global setup).
 * - requirements: the traceability statuses, each requirement counted under one.
 */
export interface RunNumbers {
  tests: { total: number; ran: number; passed: number; failed: number; skipped: number; notRun: number };
  failures: { total: number; tests: number; judgements: number; outside: number };
  requirements?: RequirementNumbers;
}

export interface RequirementNumbers {
  total: number;
  verified: number;
  failed: number;
  notJudged: number;
  notVerified: number;
  mockOnly: number;
  readOnly: number;
  untested: number;
}

/** A Playwright test of the run (not a judgement group made after it). */
export const isTest = (t: Pick<TestRecord, 'afterRun'>) => !t.afterRun;

export function requirementNumbers(trace: Pick<Traceability, 'summary'>): RequirementNumbers {
  const r = trace.summary.requirements;
  return {
    total: r.total,
    verified: r.verified + r['verified from traffic'],
    failed: r.failed,
    notJudged: r['not judged'],
    notVerified: r['not verified'],
    mockOnly: r['mock-only'],
    readOnly: r['read-only'],
    untested: r.uncovered + r.untestable,
  };
}

export function runNumbers(
  records: readonly TestRecord[],
  errorsOutside: readonly string[] = [],
  trace?: Pick<Traceability, 'summary'>,
): RunNumbers {
  const tests = records.filter(isTest);
  const count = (pick: (t: TestRecord) => boolean) => tests.filter(pick).length;
  const notRun = count((t) => t.notRun === true);
  const passed = count((t) => t.outcome === 'passed');
  const failed = count((t) => t.outcome === 'failed');
  const skipped = count((t) => t.outcome === 'skipped' && !t.notRun);
  const judgements = records.filter((t) => t.afterRun && t.outcome === 'failed').length;
  return {
    tests: { total: tests.length, ran: passed + failed + skipped, passed, failed, skipped, notRun },
    failures: {
      total: failed + judgements + errorsOutside.length,
      tests: failed,
      judgements,
      outside: errorsOutside.length,
    },
    ...(trace ? { requirements: requirementNumbers(trace) } : {}),
  };
}

/**
 * The closing line CI parses: `N passed, N failed` (`, N skipped` may follow), failed counting each
 * failure once (tests, judgements after the run, errors outside the tests).
 */
export function closingLine(n: RunNumbers): string {
  const skipped = n.tests.skipped ? `, ${n.tests.skipped} skipped` : '';
  return `${n.tests.passed} passed, ${n.failures.total} failed${skipped}`;
}

/** The lines said before the closing line: tests not run, and what the failures are when not tests alone. */
export function numbersNotes(n: RunNumbers): string[] {
  const notes: string[] = [];
  if (n.tests.notRun > 0)
    notes.push(
      `${n.tests.notRun} not run (the run stopped before them), ${n.tests.ran} of ${n.tests.total} ran`,
    );
  const { failures: f } = n;
  if (f.total !== f.tests) {
    const parts = [
      `${f.tests} failed test${f.tests === 1 ? '' : 's'}`,
      ...(f.judgements ? [`${f.judgements} judgement${f.judgements === 1 ? '' : 's'} after the run`] : []),
      ...(f.outside ? [`${f.outside} error${f.outside === 1 ? '' : 's'} outside the tests`] : []),
    ];
    notes.push(`${f.total} failures: ${parts.join(', ')}`);
  }
  return notes;
}
