import { expect, test } from '@playwright/test';
import { unreachableReason } from '../../lib/report/verdict/headline.ts';
import type { TestRecord } from '../../lib/report/verdict/results.ts';
import { filtersOf, scopeOf } from '../../lib/report/verdict/scope.ts';

// Only a complete run is a verdict: an interrupted one says so and writes no PASS nor memory; a filtered
// one is judged for what it ran and never stands for the target's coverage.

const ran = { results: [{ status: 'passed' }] };
const notRun = { results: [] };

test.describe('the scope of a run', () => {
  test('filters are read from the command line; the two conformance projects alone are no filter', () => {
    const argv = (...args: string[]) => ['node', 'playwright', 'test', ...args];
    expect(filtersOf(argv('--project', 'contract', '--project', 'properties'))).toEqual([]);
    expect(
      filtersOf(argv('--workers', '2', '--reporter=list', '--project=contract', '--project=properties')),
    ).toEqual([]);
    expect(filtersOf(argv('--grep', '@smoke', '--project', 'contract', '--project', 'properties'))).toEqual([
      '--grep @smoke',
    ]);
    expect(filtersOf(argv('tests/contract/items.spec.ts', '-j', '1'))).toEqual([
      'tests/contract/items.spec.ts',
    ]);
    expect(filtersOf(argv('--project', 'contract'))).toEqual(['--project contract']);
    expect(filtersOf(argv('--shard=1/3', '--last-failed'))).toEqual(['--shard 1/3', '--last-failed']);
  });

  test('a test that did not run, was interrupted or lost its worker makes the run interrupted', () => {
    expect(scopeOf([ran, ran], {})).toMatchObject({ total: 2, ran: 2, interrupted: false, partial: false });
    expect(scopeOf([ran, notRun], {})).toMatchObject({ total: 2, ran: 1, interrupted: true });
    expect(scopeOf([ran, { results: [{ status: 'interrupted' }] }], {})).toMatchObject({
      ran: 1,
      interrupted: true,
    });
    const crashed = {
      status: 'failed',
      error: { message: 'Error: worker process exited unexpectedly (code=1)' },
    };
    expect(scopeOf([{ results: [crashed] }], {}).interrupted).toBe(true);
    expect(scopeOf([ran], { shard: { current: 2, total: 4 } })).toMatchObject({
      partial: true,
      filters: ['--shard 2/4'],
    });
  });

  test('a target that never answered is unreachable, not a target that does not conform', () => {
    const failed = (error: string) => ({ outcome: 'failed', error }) as TestRecord;
    const refused = 'GET /orders/1: connection refused: the target does not listen (any more)';
    expect(unreachableReason([failed(refused), failed(refused)], [])).toBe('connection refused');
    expect(unreachableReason([failed(refused), failed('expected 200, received 500')], [])).toBeUndefined();
    expect(unreachableReason([failed(refused), { outcome: 'passed' } as TestRecord], [])).toBeUndefined();
  });
});
