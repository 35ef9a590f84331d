import { expectHot, notJudged } from '../../../fixtures/index.ts';
import { runProfile } from '../../../lib/profile/run-env.ts';
import type { ProfileInput } from '../../../lib/profile/types.ts';

export { expectJudgements } from '../../../fixtures/index.ts';

/**
 * Whether the profile itself names a value, rather than discovery, which may have chosen it for the very
 * property a test would judge (a leaf for its empty children, a state from its country's list): such a
 * comparison is with itself, not a judgement.
 */
export function namedByProfile(read: (profile: ProfileInput) => unknown): boolean {
  return read(runProfile()) !== undefined;
}

/**
 * A rule reading a field the reference lists: applied (`rule`) where the answer carries it; where it is
 * left out (an omission, which the schema check reports) not judged on this instance. The mock sends
 * every listed field: there its absence fails. Returns whether the rule was applied.
 */
export function judgeShown<T>(
  isMock: boolean,
  requirement: string,
  instance: string,
  value: T | undefined,
  rule: (value: T) => void,
): boolean {
  if (value !== undefined) {
    rule(value);
    return true;
  }
  expectHot(isMock, `${requirement}: ${instance} is left out, though the mock sends every listed field`).toBe(
    false,
  );
  notJudged(requirement, instance, 'the answer leaves it out');
  return false;
}

/**
 * Two reads agree on the named fields, each compared where both carry it (objects are open and the
 * reference never says a field list is complete); a field one read leaves out is not judged.
 */
export function expectSameWhereShown<T extends object>(
  isMock: boolean,
  requirement: string,
  instance: string,
  [actual, expected]: [T, T],
  fields: readonly (keyof T & string)[],
): void {
  for (const field of fields) {
    const theirs = expected[field];
    judgeShown(
      isMock,
      requirement,
      `${instance}: ${field}`,
      actual[field] === undefined ? undefined : theirs,
      (value) => expectHot(actual[field] as unknown, `${requirement}: ${instance}: ${field}`).toEqual(value),
    );
  }
}
