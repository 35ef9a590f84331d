import { expectHot } from '../../../../fixtures/index.ts';
import type { ApiClient } from '../../../../lib/client/client.ts';
import { bodyAt } from '../../../../lib/client/typed.ts';
import type { ApiResponse } from '../../../../lib/client/types.ts';
import type { TargetProfile } from '../../../../lib/profile/types.ts';
import type { ConversationModel, Party, Sender } from '../../../../lib/rules/conversation-model.ts';
import { needs } from '../../../contract/support/listed.ts';
import { idsOf } from './listed.ts';

// The model and its rules live in lib/rules/conversation-model.ts; this file drives the target.
export type { ConversationModel, Party, Sender } from '../../../../lib/rules/conversation-model.ts';

/** Where the model's conversation is, in the words of a "not verified" skip. */
export const MODEL_PACK = 'messaging.writablePacks[11]';

export interface ConversationReal {
  api: ApiClient;
  target: TargetProfile;
  pack: number;
  /** Every message the test sent, over all runs: one sent late in a run may still be held at the next start. */
  sent: Set<string>;
}

export function listMessages(
  { api, target, pack }: ConversationReal,
  as: Sender,
  query: Record<string, number> = {},
): Promise<ApiResponse<'listPackMessages'>> {
  return api.call('listPackMessages', {
    as,
    path: { pack_id: pack, user_id: target.users.seller.id },
    query,
  });
}

/**
 * Every id of one party's listing, walking pages of the target's default size: the next offset is
 * what the page held, at least one, up to paging.total (pages may overlap where hidden messages are
 * counted: `ids` keeps repeats, for the caller to judge).
 */
export async function walkListing(
  real: ConversationReal,
  as: Party,
): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  for (let offset = 0; ; ) {
    const res = await listMessages(real, as, { offset });
    expectHot(res.status, res.label).toBe(200);
    const body = bodyAt(res, 200);
    const page = idsOf(real.target, body.messages, MODEL_PACK);
    ids.push(...page);
    offset += Math.max(page.length, 1);
    // paging's types are not shown: the total is taken as the number the walk counts to.
    needs(real.target, body.paging?.total, 'paging.total in the listing', MODEL_PACK);
    const total = Number(body.paging?.total);
    if (offset >= total) return { ids, total };
  }
}

export async function startModel(real: ConversationReal): Promise<ConversationModel> {
  const start = async (as: Party) => {
    const { ids, total } = await walkListing(real, as);
    const seen = new Set(ids).size;
    // Messages of earlier runs the party does not see yet may still come (off the mock): pending.
    const pending = new Set(real.target.isMock ? [] : [...real.sent].filter((id) => !ids.includes(id)));
    expectHot(
      total,
      `MSG-LIST-PAGING: the ${as}'s listing of pack ${real.pack}: the total counts every message the ${as} sees`,
    ).toBeGreaterThanOrEqual(seen);
    if (real.target.isMock)
      expectHot(
        total,
        `MSG-LIST-PAGING: the ${as}'s listing of pack ${real.pack}: the mock's total is what the ${as} sees`,
      ).toBe(seen);
    return { total, hidden: total - seen, pending };
  };
  const [seller, buyer] = [await start('seller'), await start('buyer')];
  return {
    total: { seller: seller.total, buyer: buyer.total },
    pending: { seller: seller.pending, buyer: buyer.pending },
    hidden: { seller: seller.hidden, buyer: buyer.hidden },
    sent: [],
  };
}

/** The id and text of a message in the current form, the legacy form or the by-id envelope (any answer: read without trusting its shape). */
export function messageOf(body: unknown): { id?: string; text?: string } {
  if (typeof body !== 'object' || body === null) return {};
  if ('messages' in body && Array.isArray(body.messages) && body.messages[0] !== undefined)
    return messageOf(body.messages[0]);
  const text = 'text' in body ? body.text : undefined;
  const plain = typeof text === 'object' && text !== null && 'plain' in text ? text.plain : text;
  const id = ('id' in body ? body.id : undefined) ?? ('message_id' in body ? body.message_id : undefined);
  return {
    id: id === undefined || id === null ? undefined : String(id),
    text: typeof plain === 'string' ? plain : undefined,
  };
}
