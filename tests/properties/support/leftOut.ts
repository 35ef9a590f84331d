import { test } from '@playwright/test';
import { notJudged } from '../../../fixtures/index.ts';
import { rawProfile } from '../../../lib/profile/guard.ts';
import { missingReason } from '../../../lib/profile/needs.ts';
import type { TargetProfile, UserRole } from '../../../lib/profile/types.ts';

/** The annotation type that names what a test left out for lack of a user or data. */
const LEFT_OUT = 'left out';

/** The roles among `roles` the profile has a user for (never skips: reads the profile behind the guard). */
function usersPresent<Role extends UserRole>(target: TargetProfile, roles: readonly Role[]): Role[] {
  const { users } = rawProfile(target);
  return roles.filter((role) => users[role] !== undefined);
}

/**
 * Records on the running test what it leaves out and why, with the requirements that stay unverified
 * by it: `left out` annotations, shown in the report beside the test's requirements.
 */
export function noteLeftOut(
  target: TargetProfile,
  what: string,
  needPath: string,
  requirements: string[],
): void {
  const reason = missingReason(needPath, rawProfile(target).users);
  const unverified = requirements.length ? ` (${requirements.join(', ')} not verified by this run)` : '';
  test.info().annotations.push({ type: LEFT_OUT, description: `${what}: ${reason}${unverified}` });
  for (const requirement of requirements) notJudged(requirement, what, `left out: ${reason}`);
}

/**
 * The roles of `roles` present in the profile; each missing one is noted as left out with the
 * requirements only it verifies (e.g. a stranger's refusals).
 */
export function callersPresent<Role extends UserRole>(
  target: TargetProfile,
  roles: readonly Role[],
  onlyVerifiedBy: Partial<Record<Role, string[]>> = {},
  what = (role: Role) => `calls as ${role}`,
): Role[] {
  const present = usersPresent(target, roles);
  for (const role of roles.filter((r) => !present.includes(r)))
    noteLeftOut(target, what(role), `users.${role}`, onlyVerifiedBy[role] ?? []);
  return present;
}
