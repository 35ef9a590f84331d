import { expect, type TargetProfile } from '../../../fixtures/index.ts';
import { skipUnless } from './reference.ts';

/** `T` with the field `K` known present (a field the reference only lists may be left out). */
export type Carrying<T, K extends keyof T> = T & { [P in K]-?: Exclude<T[P], undefined> };

/**
 * Requires a listed field the test's data cannot exist without: on the mock, which sends every
 * listed field, its absence fails; on a foreign target the test stops as "not verified: needs ...".
 */
export function needs<T>(
  target: TargetProfile,
  value: T | undefined,
  what: string,
  where: string,
  why: string,
): asserts value is T {
  if (target.isMock) expect(value, `the mock sends ${what}`).toBeDefined();
  else skipUnless(value !== undefined, what, where, why);
}

/** The elements of a list that carry `key`: the data a test can judge on a foreign target. */
export function carrying<T, K extends keyof T>(list: T[], key: K): Carrying<T, K>[] {
  return list.filter((element): element is Carrying<T, K> => element[key] !== undefined);
}

/** Whether an answer carries the listed field `key`. */
export const has = <T, K extends keyof T>(value: T, key: K): value is Carrying<T, K> =>
  value[key] !== undefined;
