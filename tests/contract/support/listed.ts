import { expectHot, type TargetProfile } from '../../../fixtures/index.ts';
import { skipUnless } from './reference.ts';

/**
 * Whether a field the reference only lists is there to judge, narrowing it to present. On a foreign
 * target its absence is an omission (reported by the schema check of every answer), not a failure of
 * the rule the test verifies; the mock sends every listed field, so there its absence fails.
 */
export function shown<T>(target: TargetProfile, value: T | undefined, what: string): value is T {
  if (value !== undefined) return true;
  expectHot(target.isMock, `${what} is left out, though the mock sends every listed field`).toBe(false);
  return false;
}

/**
 * A listed field the test's data cannot do without: its value, or the test skipped as "not verified"
 * on a foreign target that leaves it out (failed on the mock).
 */
export function needed<T>(
  target: TargetProfile,
  value: T | undefined,
  what: string,
  where: string,
  why = 'the answer leaves the listed field out',
): T {
  if (shown(target, value, what)) return value;
  skipUnless(false, what, where, why);
  throw new Error('unreachable: skipped');
}

/** `needed` as an assertion, for a value already in a variable. */
export function needs<T>(
  target: TargetProfile,
  value: T | undefined,
  what: string,
  where: string,
  why?: string,
): asserts value is T {
  needed(target, value, what, where, why);
}

/** `T` with the field `K` known present (a field the reference only lists may be left out). */
export type Carrying<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };

/** The elements of a list that carry `key`: the data a test can judge on a foreign target. */
export function carrying<T, K extends keyof T>(list: T[], key: K): Carrying<T, K>[] {
  return list.filter((element): element is Carrying<T, K> => element[key] !== undefined);
}

/** Whether an answer carries the listed field `key`. */
export const has = <T, K extends keyof T>(value: T, key: K): value is Carrying<T, K> =>
  value[key] !== undefined;

/** A value the test's data needs, or the test skipped as "not verified" with the reason. */
export function given<T>(value: T | undefined, what: string, where: string, why: string): T {
  if (value !== undefined) return value;
  skipUnless(false, what, where, why);
  throw new Error('unreachable: skipped');
}
