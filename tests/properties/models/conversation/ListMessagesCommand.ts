import type fc from 'fast-check';
import { expect } from '../../../../fixtures/index.ts';
import { bodyAt } from '../../../../lib/client/typed.ts';
import { needs } from '../../../contract/support/listed.ts';
import { judged } from '../../../contract/support/reference.ts';
import {
  type ConversationModel,
  type ConversationReal,
  listMessages,
  MODEL_PACK,
  type Sender,
} from './ConversationModel.ts';

/** GET /messages/packs/{pack_id}/sellers/{user_id} with a page near the end of the conversation. */
export class ListMessagesCommand implements fc.AsyncCommand<ConversationModel, ConversationReal> {
  constructor(
    readonly as: Sender,
    readonly limit: number,
    /** How far from the end the page starts: offset = total - back (at least 0). */
    readonly back: number,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: ConversationModel, real: ConversationReal): Promise<void> {
    if (this.as === 'stranger') {
      const res = await listMessages(real, this.as, { limit: this.limit, offset: 0 });
      expect(res.status, `MSG-AUTH-ORDER: ${res.label} refuses a user outside the order`).toBe(403);
      return;
    }
    const total = model.total[this.as];
    const pending = model.pending[this.as];
    const offset = Math.max(0, total - this.back);
    const res = await listMessages(real, this.as, { limit: this.limit, offset });
    // "400 … invalid offset" does not say which offsets are invalid: one at or past the end may be.
    if (!real.target.isMock && offset >= total && res.status === 400) return;
    expect(res.status, res.label).toBe(200);
    const body = bodyAt(res, 200);
    // paging and its fields are listed: each judged where the answer carries it (always on the mock).
    const paging = body.paging;
    if (judged(real.target, paging?.offset))
      expect(paging?.offset, `MSG-LIST-PAGING: ${res.label} gives the offset`).toBe(offset);
    if (real.target.isMock) expect(paging?.limit, `${res.label} echoes limit`).toBe(this.limit);
    if (judged(real.target, paging?.total)) {
      const listedTotal = Number(paging?.total);
      expect(
        [listedTotal >= total, listedTotal <= total + pending],
        `MSG-LIST-PAGING: ${res.label}: total ${paging?.total} within the model's ${total} + ${pending} pending`,
      ).toEqual([true, true]);
    }
    needs(real.target, body.messages, "the page's messages", MODEL_PACK);
    const held = body.messages.length;
    expect(held, `MSG-LIST-PAGING: ${res.label} holds no more than limit`).toBeLessThanOrEqual(this.limit);
    if (real.target.isMock) {
      expect(held, `MSG-LIST-PAGING: ${res.label} holds min(limit, total - offset) messages`).toBe(
        Math.min(this.limit, total - offset),
      );
    } else if (offset < total && model.hidden[this.as] === 0)
      expect(held, `MSG-LIST-PAGING: ${res.label} is not empty`).toBeGreaterThan(0);
  }

  toString(): string {
    return `list(${this.as}, limit ${this.limit}, total - ${this.back})`;
  }
}
