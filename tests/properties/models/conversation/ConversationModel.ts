import { expect } from '@playwright/test';
import type { ApiClient } from '../../../../fixtures/api/client.ts';
import type { ApiResponse } from '../../../../fixtures/api/types.ts';
import type { TargetProfile } from '../../../../fixtures/target/types.ts';

export type Party = 'seller' | 'buyer';
export type Sender = Party | 'stranger';

export interface SentMessage {
  id: string;
  from: Party;
  text: string;
}

/**
 * How many messages each party sees, and the messages this run sent. A long-running target keeps
 * earlier messages, so the totals start from the listing at the start of the run.
 */
export interface ConversationModel {
  /** Messages the party certainly sees. */
  total: Record<Party, number>;
  /**
   * Messages of the counterpart the party may not see yet: moderation can delay them (the reference
   * does not say when a message becomes visible to the counterpart). Always 0 on the mock.
   */
  pending: Record<Party, number>;
  sent: SentMessage[];
}

export interface ConversationReal {
  api: ApiClient;
  target: TargetProfile;
  pack: number;
}

export interface Listing {
  paging: { limit: number; offset: number; total: number };
  messages: { id: string }[];
}

export function listMessages(
  { api, target, pack }: ConversationReal,
  as: Sender,
  query: Record<string, number> = {},
): Promise<ApiResponse> {
  return api.call('listPackMessages', {
    as,
    path: { pack_id: pack, user_id: target.users.seller.id },
    query,
  });
}

export async function startModel(real: ConversationReal): Promise<ConversationModel> {
  const totalFor = async (as: Party) => {
    const res = await listMessages(real, as, { limit: 1, offset: 0 });
    expect(res.status, `${res.label}: the listing at the start of the run`).toBe(200);
    return (res.body as Listing).paging.total;
  };
  return {
    total: { seller: await totalFor('seller'), buyer: await totalFor('buyer') },
    pending: { seller: 0, buyer: 0 },
    sent: [],
  };
}

/** The id and text of a message in the current form, the legacy form or the by-id envelope. */
export function messageOf(body: unknown): { id?: string; text?: string } {
  const record = body as {
    id?: string;
    message_id?: string;
    text?: string | { plain?: string };
    messages?: { id: string; text?: string }[];
  };
  const inner = record.messages?.[0];
  if (inner) return { id: inner.id, text: inner.text };
  const text = typeof record.text === 'string' ? record.text : record.text?.plain;
  return { id: record.id ?? record.message_id, text };
}
