import type fc from 'fast-check';
import { expect } from '../../../../fixtures/index.ts';
import {
  type ConversationModel,
  type ConversationReal,
  type Party,
  walkListing,
} from './ConversationModel.ts';

/** Walks the whole listing of one party: every message sent in the run is there, once, and the count is the total. */
export class FindSentMessagesCommand implements fc.AsyncCommand<ConversationModel, ConversationReal> {
  constructor(readonly as: Party) {}

  check(model: Readonly<ConversationModel>): boolean {
    return model.sent.length > 0;
  }

  async run(model: ConversationModel, real: ConversationReal): Promise<void> {
    const { ids: walked } = await walkListing(real, this.as);
    const [total, pending, hidden] = [model.total[this.as], model.pending[this.as], model.hidden[this.as]];
    // Where the total counts hidden messages, pages walked by what they held may overlap.
    const ids = hidden > 0 ? [...new Set(walked)] : walked;
    expect(new Set(ids).size, `MSG-LIST-PAGING: the pages of the ${this.as} repeat no message`).toBe(
      ids.length,
    );
    const visible = total - hidden;
    expect(
      [ids.length >= visible, ids.length <= visible + pending],
      `MSG-LIST-PAGING: the pages of the ${this.as} hold ${ids.length}; the model ${visible} seen + ${pending} pending`,
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
