import type { Schemas } from '../../../../lib/client/types.ts';
import type { TargetProfile } from '../../../../lib/profile/types.ts';
import { needs } from '../../../contract/support/listed.ts';

/** The ids of a page's messages, each of which must carry its id (see `needs`). */
export function idsOf(
  target: TargetProfile,
  messages: Schemas['Message'][] | undefined,
  where: string,
): string[] {
  needs(target, messages, "the listing's messages", where);
  return messages.map(({ id }) => {
    needs(target, id, "every listed message's id", where);
    return id;
  });
}
