/**
 * The answer branches of the spec (issue 47): where answers branch, read from the schemas, and which
 * branches a body shows; the memory's drop of a branch an earlier night showed.
 */
import { expect, test } from '@playwright/test';
import { loadSpec } from '../../lib/checks/spec.ts';
import { boundNamed } from '../../lib/client/page-bound.ts';
import { branchDrop, nextBranchesSeen } from '../../lib/memory/branch-drop.ts';
import { withoutRuleWhy } from '../../lib/run-judge/branch-reasons.ts';
import { branchesInSpec, branchesOfExchange } from '../../lib/run-judge/branches.ts';
import type { RunExchange } from '../../lib/run-judge/exchanges.ts';

const spec = loadSpec();

function answer(operation: string, status: number, body: unknown): RunExchange {
  const url = new URL('http://target/x');
  return {
    index: 1,
    part: 'discovery',
    operation,
    request: { method: 'GET', url, headers: {} },
    response: { status, headers: {}, bytes: Buffer.alloc(0), text: '', body },
    startedMs: 0,
    endedMs: 0,
  };
}

test('the spec names every discount type, the items array counts and the optional details', () => {
  const keys = new Set(branchesInSpec(spec).map((b) => b.key));
  for (const type of ['coupon', 'discount', 'cashback'])
    expect(keys).toContain(`getOrderDiscounts 200 details[].type = ${type}`);
  expect(keys).toContain('getOrderDiscounts 200 details[].items several');
  expect(keys).toContain('getOrderDiscounts 200 details[].counter_currency absent');
  expect(keys).toContain('getOrder 200 pack_id null');
  expect(keys).toContain('getMessage 200 (answer) <MessageLegacy>');
});

test('each branch the spec says no rule applies to is a branch of its operation, with the reference quoted', () => {
  const listed = spec.operations.flatMap((op) =>
    (
      (op.operation as { 'x-branches-without-rule'?: { branches: string[] }[] })['x-branches-without-rule'] ??
      []
    )
      .flatMap((w) => w.branches)
      .map((branch) => ({ operation: op.operationId, branch })),
  );
  expect(listed.length).toBeGreaterThan(0);
  const keys = new Set(branchesInSpec(spec).map((b) => `${b.operation} ${b.location} ${b.branch}`));
  for (const { operation, branch } of listed) {
    expect(keys, `${operation} ${branch}`).toContain(`${operation} ${branch}`);
    const [location, ...rest] = branch.split(' ');
    expect(withoutRuleWhy(spec, { operation, location: location ?? '', branch: rest.join(' ') })).toMatch(
      /'.+'/,
    );
  }
});

test('a body shows the branches it holds, and only those', () => {
  const body = {
    details: [
      { type: 'cashback', cashback: { id: 1 }, items: [{ id: 'A', quantity: 1, amounts: {} }] },
      { type: 'coupon', coupon: { id: 2 } },
    ],
  };
  const seen = branchesOfExchange(spec, answer('getOrderDiscounts', 200, body));
  expect(seen).toEqual(
    expect.arrayContaining([
      'getOrderDiscounts 200 details several',
      'getOrderDiscounts 200 details[].type = cashback',
      'getOrderDiscounts 200 details[].type = coupon',
      'getOrderDiscounts 200 details[].items one',
      'getOrderDiscounts 200 details[].items present',
      'getOrderDiscounts 200 details[].items absent',
    ]),
  );
  expect(seen).not.toContain('getOrderDiscounts 200 details[].type = discount');
  expect(branchesOfExchange(spec, answer('getOrderDiscounts', 404, body))).toEqual([]);
});

test('a branch an earlier night showed and a whole run does not show is a drop; a partial run drops none', () => {
  const memory = { presence: {}, branchesSeen: { a: '2026-01-01', b: '2026-01-01' } };
  expect(branchDrop(memory, ['a'], false)).toEqual([{ branch: 'b', lastSeen: '2026-01-01' }]);
  expect(branchDrop(memory, ['a'], true)).toEqual([]);
  expect(branchDrop(memory, undefined, false)).toEqual([]);
  expect(nextBranchesSeen(memory, ['a'], 'now', false, false)).toEqual({ a: 'now', b: '2026-01-01' });
  expect(nextBranchesSeen(memory, ['a'], 'now', true, false)).toEqual({ a: 'now' });
});

test('a refusal of a page size names its bound in the wordings servers use; none named is undefined', () => {
  expect(boundNamed('limit must be an integer between 1 and 12.')).toBe(12);
  expect(boundNamed('Invalid limit: 100; expected an integer from 1 to 50')).toBe(50);
  expect(boundNamed('limit must be at most 20')).toBe(20);
  expect(boundNamed('invalid limit')).toBeUndefined();
  expect(boundNamed(undefined)).toBeUndefined();
});
