import { expect, test } from '@playwright/test';
import { loadSpec, responsePointer } from '../../lib/checks/spec.ts';
import { explainUnseen } from '../../lib/run-judge/branch-reasons.ts';
import { branchesOfSchema, branchesOfValue } from '../../lib/run-judge/branch-walk.ts';
import type { RunExchange } from '../../lib/run-judge/exchanges.ts';

// The answer branches of issue 47, walked over the spec's own examples: what a value shows is always a
// branch the schema has, and the discounts example shows each type of detail.

const spec = loadSpec();
const JSON_TYPE = 'application/json';
const keyOf = (b: { location: string; branch: string }) => `${b.location} ${b.branch}`;

interface Media {
  examples?: Record<string, { value?: unknown }>;
}

function examplesOf(operationId: string, status = '200'): unknown[] {
  const op = spec.operations.find((o) => o.operationId === operationId);
  const responses = (op?.operation.responses ?? {}) as Record<string, { content?: Record<string, Media> }>;
  const media = responses[status]?.content?.[JSON_TYPE];
  return Object.values(media?.examples ?? {}).map((example) => example.value);
}

test('every branch an example of the spec shows is a branch its schema has', () => {
  const strays: string[] = [];
  let shown = 0;
  for (const op of spec.operations)
    for (const value of examplesOf(op.operationId)) {
      const pointer = responsePointer(op, '200', JSON_TYPE);
      const inSchema = new Set(branchesOfSchema(spec, pointer).map(keyOf));
      for (const b of branchesOfValue(spec, pointer, value)) {
        shown += 1;
        if (!inSchema.has(keyOf(b))) strays.push(`${op.operationId}: ${keyOf(b)}`);
      }
    }
  expect(shown).toBeGreaterThan(100);
  expect(strays).toEqual([]);
});

test('the discounts example shows several details, of each type', () => {
  const op = spec.operations.find((o) => o.operationId === 'getOrderDiscounts');
  if (!op) throw new Error('getOrderDiscounts is not in the spec');
  const [example] = examplesOf('getOrderDiscounts');
  const keys = branchesOfValue(spec, responsePointer(op, '200', JSON_TYPE), example).map(keyOf);
  expect(keys).toEqual(
    expect.arrayContaining([
      'details several',
      'details[].type = coupon',
      'details[].type = discount',
      'details[].type = cashback',
    ]),
  );
});

test('a branch not seen says why: a write of a read-only run, an answer never received, or data the target seemed not to hold', () => {
  const unseen = (operation: string, status: string) =>
    ({
      operation,
      status,
      location: 'x',
      branch: 'present',
      key: `${operation} ${status} x present`,
      seen: 0,
      judged: 0,
    }) as const;
  const answered = (operation: string, status: number, index: number) =>
    ({ operation, index, response: { status } }) as unknown as RunExchange;
  const tallies = [unseen('sendPackMessage', '201'), unseen('getShipment', '200'), unseen('getOrder', '200')];
  const exchanges = [answered('getOrder', 200, 1), answered('getOrder', 200, 2)];
  const why = (stoppedBy?: 'budget') =>
    explainUnseen(spec, tallies, exchanges, { readOnly: true, discoveryStoppedBy: stoppedBy }).map(
      (t) => t.why,
    );
  expect(why()).toEqual([
    'not asked: a write, and the run is read-only',
    'not reached: no 200 answer of getShipment in the run',
    'the target seemed not to hold it: not shown by the 2 200 answers of getOrder the run read',
  ]);
  const shownOnly = { ...unseen('getOrderDiscounts', '200'), location: 'details', branch: 'empty', seen: 2 };
  expect(explainUnseen(spec, [shownOnly], exchanges, { readOnly: true })[0]?.why).toContain(
    'seen in 2 answers, none judged by a rule beyond the schema check',
  );
  expect(why('budget')[2]).toBe(
    'not shown by the 2 200 answers of getOrder read; discovery stopped at its request budget, so the target may hold it',
  );
});
