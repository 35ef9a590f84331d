import type fc from 'fast-check';
import { expectHot, notJudged } from '../../../../fixtures/index.ts';
import { bodyAt } from '../../../../lib/client/typed.ts';
import { pageExpectation } from '../../../../lib/rules/conversation-model.ts';
import { needs, shown } from '../../../contract/support/listed.ts';
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
      expectHot(res.status, `MSG-AUTH-ORDER: ${res.label}, a user outside the order`).toBe(403);
      return;
    }
    const expected = pageExpectation(model, this.as, this.limit, this.back);
    const { offset } = expected;
    const total = model.total[this.as];
    const pending = model.pending[this.as].size;
    const res = await listMessages(real, this.as, { limit: this.limit, offset });
    // "400 … invalid offset" does not say which offsets are invalid: one at or past the end may be.
    if (!real.target.isMock && offset >= total && res.status === 400) {
      notJudged(
        'MSG-LIST-PAGING',
        res.label,
        'offset at or past the end answered 400: "invalid offset" is not defined',
      );
      return;
    }
    expectHot(res.status, `MSG-LIST-PAGING: ${res.label}, a page of the ${this.as}'s listing`).toBe(200);
    const body = bodyAt(res, 200);
    // paging and its fields are listed: each judged where the answer carries it (always on the mock).
    const paging = body.paging ?? {};
    if (shown(real.target, paging.offset, `${res.label}: paging.offset`))
      expectHot(Number(paging.offset), `MSG-LIST-PAGING: ${res.label} gives the offset`).toBe(offset);
    else notJudged('MSG-LIST-PAGING', `${res.label}: paging.offset`, 'the page leaves paging.offset out');
    if (real.target.isMock)
      expectHot(paging.limit, `MSG-LIST-PAGING: ${res.label} echoes limit (the mock)`).toBe(this.limit);
    // A pending message may be counted already or not yet: the total lies within the model's bounds.
    if (shown(real.target, paging.total, `${res.label}: paging.total`)) {
      const listedTotal = Number(paging.total);
      expectHot(
        [listedTotal >= expected.total.least, listedTotal <= expected.total.most],
        `MSG-LIST-PAGING: ${res.label}: total ${paging.total} within the model's ${total} + ${pending} pending`,
      ).toEqual([true, true]);
    } else notJudged('MSG-LIST-PAGING', `${res.label}: paging.total`, 'the page leaves paging.total out');
    needs(real.target, body.messages, "the page's messages", MODEL_PACK);
    const held = body.messages.length;
    expectHot(held, `MSG-LIST-PAGING: ${res.label} holds no more than limit`).toBeLessThanOrEqual(
      expected.held.most,
    );
    if (real.target.isMock) {
      expectHot(held, `MSG-LIST-PAGING: ${res.label} holds min(limit, total - offset) messages`).toBe(
        expected.held.exactly,
      );
    } else if (offset < total && model.hidden[this.as] === 0 && pending === 0)
      expectHot(held, `MSG-LIST-PAGING: ${res.label} is not empty`).toBeGreaterThan(0);
  }

  toString(): string {
    return `list(${this.as}, limit ${this.limit}, total - ${this.back})`;
  }
}
