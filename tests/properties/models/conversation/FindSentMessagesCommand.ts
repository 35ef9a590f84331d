import { expect } from '@playwright/test';
import type fc from 'fast-check';
import {
  type ConversationModel,
  type ConversationReal,
  type Listing,
  listMessages,
  type Party,
} from './ConversationModel.ts';

const PAGE = 50;

/** Walks the whole listing of one party: every message sent in the run is there, once, and the count is the total. */
export class FindSentMessagesCommand implements fc.AsyncCommand<ConversationModel, ConversationReal> {
  constructor(readonly as: Party) {}

  check(model: Readonly<ConversationModel>): boolean {
    return model.sent.length > 0;
  }

  async run(model: ConversationModel, real: ConversationReal): Promise<void> {
    const ids: string[] = [];
    const total = model.total[this.as];
    for (let offset = 0; offset < total; offset += PAGE) {
      const res = await listMessages(real, this.as, { limit: PAGE, offset });
      expect(res.status, res.label).toBe(200);
      ids.push(...(res.body as Listing).messages.map((m) => m.id));
    }
    expect(new Set(ids).size, `MSG-LIST-PAGING: the pages of the ${this.as} repeat no message`).toBe(
      ids.length,
    );
    expect(ids.length, `MSG-LIST-PAGING: the pages of the ${this.as} hold the model's total`).toBe(total);
    for (const message of model.sent) {
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
