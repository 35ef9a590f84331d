import { expect, test } from '@playwright/test';
import { type KnownDeviation, keyOf } from '../../lib/checks/baseline.ts';
import type { JudgedFinding } from '../../lib/checks/verdict.ts';
import { baselineFrom, classify } from '../../lib/report/verdict/classify.ts';
import type { TestRecord } from '../../lib/report/verdict/results.ts';

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
    findings,
  };
}

const finding = (level: JudgedFinding['level'], keyword: string): JudgedFinding => ({
  check: 'responseSchemaConformance',
  operation: OPERATION,
  field: 'payments[].id',
  level,
  keyword,
  message: `${level} ${keyword}`,
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
