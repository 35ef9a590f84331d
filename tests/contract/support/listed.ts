import { expect, type TargetProfile } from '../../../fixtures/index.ts';
import { skipUnless } from './reference.ts';

/**
 * Whether a field the reference only lists is there to judge, narrowing it to present. On a foreign
 * target its absence is an omission (reported by the schema check of every answer), not a failure of
 * the rule the test verifies; the mock sends every listed field, so there its absence fails.
 */
export function shown<T>(target: TargetProfile, value: T | undefined, what: string): value is T {
  if (value !== undefined) return true;
  expect(target.isMock, `${what} is left out, though the mock sends every listed field`).toBe(false);
  return false;
}

/**
 * A listed field the test's data cannot do without: its value, or the test skipped as "not verified"
 * on a foreign target that leaves it out (failed on the mock).
 */
export function needed<T>(target: TargetProfile, value: T | undefined, what: string, where: string): T {
  if (shown(target, value, what)) return value;
  skipUnless(false, what, where, 'the answer leaves the listed field out');
  throw new Error('unreachable: skipped');
}

/** A value the test's data needs, or the test skipped as "not verified" with the reason. */
export function given<T>(value: T | undefined, what: string, where: string, why: string): T {
  if (value !== undefined) return value;
  skipUnless(false, what, where, why);
  throw new Error('unreachable: skipped');
}
