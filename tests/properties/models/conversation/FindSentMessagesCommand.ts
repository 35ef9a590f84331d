import type fc from 'fast-check';
import { expectHot } from '../../../../fixtures/index.ts';
import { ownUnlisted, seenBySender, walkBounds } from '../../../../lib/rules/conversation-model.ts';
import { awaitModeration } from '../../../contract/support/messages.ts';
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
    const own = model.sent.filter((m) => m.from === this.as).map((m) => m.id);
    // Moderation may hold even the sender's view of a new message for a while: awaited within a bound.
    const { ids: walked } = await awaitModeration(
      real.target,
      () => walkListing(real, this.as),
      (view) => own.every((id) => view.ids.includes(id)),
    );
    const { least, most } = walkBounds(model, this.as);
    const pending = model.pending[this.as].size;
    const listing = `the ${this.as}'s listing of pack ${real.pack}`;
    // Where the total counts hidden or pending messages, pages walked by what they held may overlap.
    const ids = model.hidden[this.as] > 0 || pending > 0 ? [...new Set(walked)] : walked;
    expectHot(new Set(ids).size, `MSG-LIST-PAGING: ${listing}: the pages repeat no message`).toBe(ids.length);
    expectHot(
      [ids.length >= least, ids.length <= most],
      `MSG-LIST-PAGING: ${listing}: the pages hold ${ids.length}; the model ${least} seen + ${pending} pending`,
    ).toEqual([true, true]);
    // The sender's own messages stay visible; the counterpart's view is moderation's (the mock shows all).
    for (const message of model.sent.filter((m) => m.from === this.as || real.target.isMock)) {
      const unlisted = ownUnlisted([message], message.from, ids);
      expectHot(
        unlisted.map((m) => m.id),
        `MSG-CREATE-VISIBLE: ${listing}: message ${message.id} the ${message.from} sent is listed`,
      ).toEqual([]);
    }
    seenBySender(model, this.as, ids);
  }

  toString(): string {
    return `findSent(${this.as})`;
  }
}
