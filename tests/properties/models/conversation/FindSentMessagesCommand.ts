import { expect } from '@playwright/test';
import type fc from 'fast-check';
import {
  type ConversationModel,
  type ConversationReal,
  type Listing,
  listMessages,
  type Party,
} from './ConversationModel.ts';

/** Walks the whole listing of one party: every message sent in the run is there, once, and the count is the total. */
export class FindSentMessagesCommand implements fc.AsyncCommand<ConversationModel, ConversationReal> {
  constructor(readonly as: Party) {}

  check(model: Readonly<ConversationModel>): boolean {
    return model.sent.length > 0;
  }

  async run(model: ConversationModel, real: ConversationReal): Promise<void> {
    const ids: string[] = [];
    const total = model.total[this.as];
    const pending = model.pending[this.as];
    for (let offset = 0; ; ) {
      const res = await listMessages(real, this.as, { offset });
      expect(res.status, res.label).toBe(200);
      const body = res.body as Listing;
      ids.push(...body.messages.map((m) => m.id));
      offset += body.messages.length;
      if (body.messages.length === 0 || offset >= body.paging.total) break;
    }
    expect(new Set(ids).size, `MSG-LIST-PAGING: the pages of the ${this.as} repeat no message`).toBe(
      ids.length,
    );
    expect(
      [ids.length >= total, ids.length <= total + pending],
      `MSG-LIST-PAGING: the pages of the ${this.as} hold ${ids.length}; the model ${total} + ${pending} pending`,
    ).toEqual([true, true]);
    // Moderation may delay the counterpart's view; the sender's own messages stay visible.
    for (const message of model.sent.filter((m) => m.from === this.as || real.target.isMock)) {
      expect(
        ids,
        `MSG-CREATE-VISIBLE: the ${this.as} sees message ${message.id} the ${message.from} sent`,
      ).toContain(message.id);
    }
  }

  toString(): string {
    return `findSent(${this.as})`;
  }
}
