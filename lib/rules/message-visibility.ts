/**
 * The visibility of a message moderation rejected (MSG-MODERATED-HIDDEN): its sender sees it, its
 * counterpart neither sees it listed nor counts it. As failures on one listing of the conversation:
 * the rule the drift run compares and tests/contract/messages.spec.ts asserts by ids.
 */

import type { components } from '../generated/spec-read-types.ts';
import { numberIn } from './numbers.ts';

type Schemas = components['schemas'];

type Viewer = 'sender' | 'counterpart';

/** What the rule reads of a listing of the conversation (GET /messages/packs/…, 200), as the spec documents it. */
export type Listing = Pick<Schemas['PackMessages'], 'messages' | 'paging'>;

/** MSG-MODERATED-HIDDEN: whether a viewer sees a rejected message. */
const seesRejected = (viewer: Viewer): boolean => viewer === 'sender';

/**
 * MSG-MODERATED-HIDDEN on one listing read by `viewer`: the rejected message is listed exactly when the
 * viewer sees it, and a first page that is not full counts exactly the messages it shows.
 */
export function rejectedVisibilityFailures(
  body: Listing | undefined,
  rejected: string,
  viewer: Viewer,
): string[] {
  const { messages = [], paging = {} } = body ?? {};
  const listed = messages.some((message) => message.id === rejected);
  const shown =
    listed === seesRejected(viewer)
      ? []
      : [`the rejected message ${rejected} is ${listed ? '' : 'not '}listed to its ${viewer}`];
  // The listing's paging has no type in the reference: a numeric string is the number it spells.
  const [offset, limit, total] = [
    numberIn(paging.offset ?? 0),
    numberIn(paging.limit),
    numberIn(paging.total),
  ];
  const whole = offset === 0 && limit !== undefined && messages.length < limit;
  const counted =
    whole && total !== undefined && total !== messages.length
      ? [`paging.total ${total} counts more than the ${messages.length} messages shown`]
      : [];
  return [...shown, ...counted];
}
