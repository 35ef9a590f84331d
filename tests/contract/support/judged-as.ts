import { expectHot, type TargetProfile } from '../../../fixtures/index.ts';
import { type ExpectedError, expectError } from '../../../lib/checks/assertions.ts';
import type { ApiResponse } from '../../../lib/client/types.ts';

/**
 * Runs a shared check (its assertions name no requirement) as a judgement of `requirement` on
 * `instance`: held when the check passes, broken with the check's own words when it fails.
 */
export function expectHolds(requirement: string, instance: string, check: () => void): void {
  let failure: string | undefined;
  try {
    check();
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  expectHot(failure, `${requirement}: ${instance}`).toBeUndefined();
}

/** `expectError` judged as `requirement` on this answer (the rows are chosen by `expectError` alone). */
export function expectErrorOf(
  requirement: string,
  res: ApiResponse,
  expected: ExpectedError,
  target: TargetProfile,
): void {
  expectHolds(requirement, `${res.label} → ${res.status}`, () => expectError(res, expected, target));
}
