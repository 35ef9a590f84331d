import { expect } from '@playwright/test';
import type { Schemas } from '../../../../lib/client/types.ts';
import type { TargetProfile } from '../../../../lib/profile/types.ts';
import { skipUnless } from '../../../contract/support/reference.ts';

/**
 * A listed field of the pack listing a walk or a model cannot do without (the messages, their ids,
 * paging.total). The mock sends every listed field: its absence there fails. A production-shaped
 * target may leave it out: the test then reports "not verified" rather than judging nothing.
 */
export function needed<T>(
  target: TargetProfile,
  value: T | undefined,
  what: string,
  where: string,
): asserts value is T {
  if (target.isMock) expect(value, `${what}: the mock sends every listed field`).toBeDefined();
  skipUnless(value !== undefined, what, where, 'the answer left out this listed field, which the walk needs');
}

/** The ids of a page's messages, each of which must carry its id (see `needed`). */
export function idsOf(
  target: TargetProfile,
  messages: Schemas['Message'][] | undefined,
  where: string,
): string[] {
  needed(target, messages, "the listing's messages", where);
  return messages.map(({ id }) => {
    needed(target, id, "every listed message's id", where);
    return id;
  });
}
