import { isDeepStrictEqual } from 'node:util';
import { expect } from '@playwright/test';

/**
 * The matchers of `expect` a hot loop uses (every result of a walk, every option, every draw). Each is
 * decided here first: one that surely holds records only the judgement its message names (`held`), with
 * no expect step; any other runs Playwright's matcher, which fails (or passes) exactly as before. An
 * expect step costs a captured, source-mapped stack and messages to the runner: thousands a run.
 */
export interface HotMatchers {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toContain(expected: unknown): void;
  toBeDefined(): void;
  toBeUndefined(): void;
  toBeLessThan(expected: number): void;
  toBeLessThanOrEqual(expected: number): void;
  toBeGreaterThan(expected: number): void;
  toBeGreaterThanOrEqual(expected: number): void;
}

const contains = (actual: unknown, expected: unknown): boolean =>
  typeof actual === 'string'
    ? typeof expected === 'string' && actual.includes(expected)
    : Array.isArray(actual) && actual.some((item) => item === expected);

/** Whether each matcher surely holds; a false here only means "let Playwright decide". */
const SURELY: { [M in keyof HotMatchers]: (actual: unknown, expected?: unknown) => boolean } = {
  toBe: (actual, expected) => Object.is(actual, expected),
  // Stricter than toEqual (which ignores undefined properties): equal here is equal there.
  toEqual: (actual, expected) => isDeepStrictEqual(actual, expected),
  toContain: contains,
  toBeDefined: (actual) => actual !== undefined,
  toBeUndefined: (actual) => actual === undefined,
  toBeLessThan: (actual, expected) => typeof actual === 'number' && actual < Number(expected),
  toBeLessThanOrEqual: (actual, expected) => typeof actual === 'number' && actual <= Number(expected),
  toBeGreaterThan: (actual, expected) => typeof actual === 'number' && actual > Number(expected),
  toBeGreaterThanOrEqual: (actual, expected) => typeof actual === 'number' && actual >= Number(expected),
};

/** `expect(actual, message)` for an assertion in a hot loop (see HotMatchers); `held` records a held one. */
export function hotExpect(actual: unknown, message: string, held: (message: string) => void): HotMatchers {
  const matcher =
    (name: keyof HotMatchers) =>
    (...expected: unknown[]): void => {
      if (SURELY[name](actual, expected[0])) held(message);
      else (expect(actual, message)[name] as (...args: unknown[]) => void)(...expected);
    };
  return {
    toBe: matcher('toBe'),
    toEqual: matcher('toEqual'),
    toContain: matcher('toContain'),
    toBeDefined: matcher('toBeDefined'),
    toBeUndefined: matcher('toBeUndefined'),
    toBeLessThan: matcher('toBeLessThan'),
    toBeLessThanOrEqual: matcher('toBeLessThanOrEqual'),
    toBeGreaterThan: matcher('toBeGreaterThan'),
    toBeGreaterThanOrEqual: matcher('toBeGreaterThanOrEqual'),
  };
}
