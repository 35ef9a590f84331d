import { expect, test } from '@playwright/test';
import { loadSpec, responsePointer } from '../../lib/checks/spec.ts';
import { branchesOfSchema, branchesOfValue } from '../../lib/run-judge/branch-walk.ts';

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
