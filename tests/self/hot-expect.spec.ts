import { expect, test } from '@playwright/test';
import { hotExpect } from '../../lib/checks/hot-expect.ts';

// expectHot (fixtures/index.ts) skips the expect step of an assertion that surely holds: it must hold
// exactly where Playwright's matcher holds, and fail with Playwright's error everywhere else.

function outcome(run: (held: (message: string) => void) => void): { held: string[]; error?: string } {
  const held: string[] = [];
  try {
    run((message) => held.push(message));
    return { held };
  } catch (error) {
    return { held, error: (error as Error).message };
  }
}

test.describe('an assertion of a hot loop', () => {
  test('records a matcher that holds as held, without Playwright', () => {
    const cases: Array<(held: (message: string) => void) => void> = [
      (held) => hotExpect(3, 'SEARCH-LIMIT: toBe', held).toBe(3),
      (held) => hotExpect({ a: [1, { b: 2 }] }, 'SEARCH-LIMIT: toEqual', held).toEqual({ a: [1, { b: 2 }] }),
      (held) => hotExpect([200, 201], 'SEARCH-LIMIT: toContain', held).toContain(201),
      (held) => hotExpect('a text', 'SEARCH-LIMIT: toContain', held).toContain('tex'),
      (held) => hotExpect(0, 'SEARCH-LIMIT: toBeDefined', held).toBeDefined(),
      (held) => hotExpect(undefined, 'SEARCH-LIMIT: toBeUndefined', held).toBeUndefined(),
      (held) => hotExpect(2, 'SEARCH-LIMIT: <', held).toBeLessThan(3),
      (held) => hotExpect(3, 'SEARCH-LIMIT: <=', held).toBeLessThanOrEqual(3),
      (held) => hotExpect(4, 'SEARCH-LIMIT: >', held).toBeGreaterThan(3),
      (held) => hotExpect(3, 'SEARCH-LIMIT: >=', held).toBeGreaterThanOrEqual(3),
    ];
    for (const run of cases) expect(outcome(run).held).toHaveLength(1);
  });

  test('fails a matcher that does not hold with Playwright error and message, recording nothing', () => {
    const cases: Array<(held: (message: string) => void) => void> = [
      (held) => hotExpect(3, 'SEARCH-LIMIT: x', held).toBe(4),
      (held) => hotExpect({ a: 1 }, 'SEARCH-LIMIT: x', held).toEqual({ a: 2 }),
      (held) => hotExpect([200], 'SEARCH-LIMIT: x', held).toContain(201),
      (held) => hotExpect(undefined, 'SEARCH-LIMIT: x', held).toBeDefined(),
      (held) => hotExpect(4, 'SEARCH-LIMIT: x', held).toBeLessThanOrEqual(3),
    ];
    for (const run of cases) {
      const { held, error } = outcome(run);
      expect(held).toEqual([]);
      expect(error).toContain('SEARCH-LIMIT: x');
    }
    // A value of the wrong type: Playwright's matcher error.
    const wrongType = outcome((held) => hotExpect('4', 'SEARCH-LIMIT: x', held).toBeGreaterThanOrEqual(3));
    expect(wrongType.held).toEqual([]);
    expect(wrongType.error).toContain('must be a number');
  });

  test('leaves to Playwright what only its looser equality accepts', () => {
    // toEqual ignores undefined properties: not equal to node's strict check, equal to Playwright's.
    const { held, error } = outcome((h) =>
      hotExpect({ a: 1, b: undefined }, 'SEARCH-LIMIT: x', h).toEqual({ a: 1 }),
    );
    expect(held).toEqual([]);
    expect(error).toBeUndefined();
  });
});
