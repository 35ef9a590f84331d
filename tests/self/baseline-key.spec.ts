import { expect, test } from '@playwright/test';
import { isKnown, type KnownDeviation, keyOf } from '../../lib/checks/baseline.ts';
import { errorShapeConformance } from '../../lib/checks/checks.ts';
import type { JudgedFinding } from '../../lib/checks/verdict.ts';
import { baselineFrom, classify } from '../../lib/report/verdict/classify.ts';
import type { TestRecord } from '../../lib/report/verdict/results.ts';
import { ruleFinding } from '../../scripts/traffic/judge.ts';
import { conformingError, contextFor, jsonResponse } from './synthetic-spec.ts';

// Audit row B7: the baseline key carries the level and the schema keyword, so a baselined omission of
// a field does not hide a later wrong type of the same field.

const OPERATION = 'GET /orders/{order_id}';
const omission: KnownDeviation = {
  check: 'responseSchemaConformance',
  operation: OPERATION,
  field: 'payments[].id',
  level: 'omission',
  keyword: 'required',
  reason: 'production leaves it out',
  date: '2026-11-24',
};

function testWith(findings: JudgedFinding[], outcome: TestRecord['outcome'] = 'failed'): TestRecord {
  return {
    title: 'reads an order',
    file: 'tests/contract/orders.spec.ts',
    project: 'contract',
    tags: [],
    requirements: [],
    outcome,
    durationMs: 1,
    judgements: [],
    findings,
  };
}

const finding = (level: JudgedFinding['level'], keyword: string): JudgedFinding => ({
  check: 'responseSchemaConformance',
  requirement: 'ORD-PAYMENT-FIELDS',
  operation: OPERATION,
  field: 'payments[].id',
  level,
  keyword,
  message: `${level} ${keyword}`,
  evidence: { status: 200 },
  outcome: 'new',
});

test.describe('the baseline key', () => {
  test('a baselined omission stays known, and a wrong type of the same field is new', () => {
    const known = classify([testWith([finding('omission', 'required')], 'passed')], [omission]);
    expect(known.fresh).toEqual([]);
    expect(known.known.map((d) => d.field)).toEqual(['payments[].id']);
    const later = classify([testWith([finding('violation', 'type')])], [omission]);
    expect(later.fresh.map((d) => [d.field, d.level, d.keyword])).toEqual([
      ['payments[].id', 'violation', 'type'],
    ]);
    expect(later.gone.map(keyOf)).toEqual([keyOf(omission)]);
  });

  test('a recorded baseline line carries the level and the keyword', () => {
    const verdict = classify([testWith([finding('violation', 'type')])], []);
    const [line] = baselineFrom(verdict, [], '2026-11-24');
    expect(line).toMatchObject({ field: 'payments[].id', level: 'violation', keyword: 'type' });
  });
});

// Audit row B7 for error bodies: an error-shape finding carries its place in the body and the schema
// keyword, so a baselined error without `cause` does not hide a later error whose `status` is a string.
test.describe('the baseline key of an error body', () => {
  const order = contextFor('getOrder');
  const withoutCause = Object.fromEntries(Object.entries(conformingError).filter(([k]) => k !== 'cause'));
  const errorShape = (body: unknown) =>
    errorShapeConformance(order, jsonResponse(404, body)).map(
      (f): JudgedFinding => ({ ...f, outcome: 'new' }),
    );

  test('names the field and keyword of each break of the error shape', () => {
    expect(errorShape(withoutCause).map((f) => [f.field, f.keyword, f.requirement])).toEqual([
      ['error body.cause', 'required', 'GEN-ERROR-SHAPE'],
    ]);
    expect(errorShape({ ...conformingError, status: '404' }).map((f) => [f.field, f.keyword])).toEqual([
      ['error body.status', 'type'],
    ]);
  });

  test('a baselined error without cause stays known; an error whose status is a string is new', () => {
    const first = classify([testWith(errorShape(withoutCause))], []);
    const baseline = baselineFrom(first, [], '2026-11-24');
    expect(baseline.map(keyOf)).toEqual([
      'errorShapeConformance | GET /orders/{order_id} | error body.cause | violation | required',
    ]);
    expect(classify([testWith(errorShape(withoutCause), 'passed')], baseline).fresh).toEqual([]);
    const later = classify([testWith(errorShape({ ...conformingError, status: '404' }))], baseline);
    expect(later.fresh.map((d) => [d.field, d.keyword])).toEqual([['error body.status', 'type']]);
  });

  test('a line written before error findings had a place still hides them, and --update-baseline makes it precise', () => {
    const former: KnownDeviation = {
      check: 'errorShapeConformance',
      operation: OPERATION,
      field: 'error body',
      level: 'violation',
      reason: 'legacy errors',
      date: '2026-11-01',
    };
    const seen = classify([testWith(errorShape(withoutCause), 'passed')], [former]);
    expect(seen.fresh).toEqual([]);
    expect(seen.gone).toEqual([]);
    expect(baselineFrom(seen, [former], '2026-11-24')).toEqual([
      { ...former, field: 'error body.cause', keyword: 'required' },
    ]);
  });
});

// Traffic: a rule's finding is keyed with its level, like every finding, so the baseline line that
// --update-baseline writes for it (with its level) hides it on the next judgement.
test('a rule broken in traffic is known once its recorded baseline line is read back', () => {
  const outcome = {
    rule: 'r',
    requirement: 'ORD-SEARCH-SORT',
    exchange: 1,
    related: [],
    passed: false,
    message: 'm',
  };
  const finding = ruleFinding(outcome, undefined, (t) => t);
  const recorded = baselineFrom(classify([testWith([{ ...finding, outcome: 'new' }])], []), [], '2026-11-24');
  expect(recorded[0]).toMatchObject({ level: 'violation' });
  expect(isKnown(new Set(recorded.map(keyOf)), finding)).toBe(true);
});
