import { expectHot, type TargetProfile, test } from '../../../fixtures/index.ts';
import { expectError } from '../../../lib/checks/assertions.ts';
import type { ApiResponse } from '../../../lib/client/types.ts';

/**
 * Whether a test judges a field the reference only lists (never says is always present): always on
 * the mock, which sends every listed field; on a foreign target only when the answer carries it. Its
 * absence there is an omission the schema check of every answer reports under the run's omission
 * policy, not a failure of the rule the test verifies.
 */
export const judged = (target: TargetProfile, value: unknown): boolean =>
  target.isMock || value !== undefined;

/**
 * The words of a skip for data the test needs and the target does not hold, in the form the reports
 * read: "not verified: needs <what> (<where>); <why>".
 */
export const notVerified = (what: string, where: string, why: string): string =>
  `not verified: needs ${what} (${where}); ${why}`;

/** Skips the running test as not verified unless the data it needs is present. */
export function skipUnless(present: boolean, what: string, where: string, why: string): void {
  test.skip(!present, notVerified(what, where, why));
}

/**
 * Records, on a test that verifies the rest, a part it could not verify for lack of data (shown in the
 * report as a "not verified" annotation).
 */
export function notVerifiedPart(what: string): void {
  test.info().annotations.push({ type: 'not verified', description: what });
}

/**
 * An answer to a request whose errors the reference does not show (order search, site search,
 * locations, categories, shipping options, user status): on a foreign target any client error
 * passes (its body is held to the error shape by the checks of every answer) and the caller judges
 * a 2xx by the rule; on the mock, the mock's own answer `onMock`. Returns whether it was a 2xx.
 */
export function acceptedOrRefused(
  res: ApiResponse,
  target: TargetProfile,
  onMock: { status: number; error?: string },
): boolean {
  if (target.isMock && onMock.status < 300) {
    expectHot(res.status, `${res.label}: the mock's answer`).toBe(onMock.status);
    return true;
  }
  if (target.isMock) {
    expectError(res, onMock, target);
    return false;
  }
  if (res.status >= 200 && res.status < 300) return true;
  expectError(res, { status: 400, statusIsGap: true }, target);
  return false;
}
