import { expect, notJudged } from '../../../fixtures/index.ts';
import type { Judgement } from '../../../lib/judge/judgement.ts';
import { runProfile } from '../../../lib/profile/run-env.ts';
import type { ProfileInput } from '../../../lib/profile/types.ts';

/**
 * Applies an oracle's judgements to the running test: a broken one fails naming its requirement and
 * instance, a held one counts as held, a not-judged one is recorded with its reason.
 */
export function expectJudgements(judgements: readonly Judgement[]): void {
  for (const { requirement, outcome, instance, reason } of judgements) {
    if (outcome === 'not judged') notJudged(requirement, instance, reason ?? 'not judged');
    else
      expect(
        outcome === 'broken' ? (reason ?? 'broken') : undefined,
        `${requirement}: ${instance}`,
      ).toBeUndefined();
  }
}

/**
 * Whether the profile itself names a value, rather than discovery, which may have chosen it for the very
 * property a test would judge (a leaf for its empty children, a state from its country's list): such a
 * comparison is with itself, not a judgement.
 */
export function namedByProfile(read: (profile: ProfileInput) => unknown): boolean {
  return read(runProfile()) !== undefined;
}
