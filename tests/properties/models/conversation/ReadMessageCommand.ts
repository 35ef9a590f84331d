import type fc from 'fast-check';
import { expect } from '../../../../fixtures/index.ts';
import {
  type ConversationModel,
  type ConversationReal,
  messageOf,
  type Sender,
} from './ConversationModel.ts';

/** GET /messages/{message_id} of a message sent in the run: both parties read it, nobody else. */
export class ReadMessageCommand implements fc.AsyncCommand<ConversationModel, ConversationReal> {
  constructor(
    readonly as: Sender,
    readonly index: number,
  ) {}

  check(model: Readonly<ConversationModel>): boolean {
    return model.sent.length > 0;
  }

  async run(model: ConversationModel, { api, target }: ConversationReal): Promise<void> {
    const message = model.sent[this.index % model.sent.length]!;
    const res = await api.call('getMessage', { as: this.as, path: { message_id: message.id } });
    if (this.as === 'stranger') {
      expect(res.status, `MSG-AUTH-MESSAGE: ${res.label} refuses a user without access`).toBe(403);
      return;
    }
    // The counterpart's access to a message still in moderation is not given: 403 may answer it.
    if (this.as !== message.from && !target.isMock && res.status === 403) return;
    expect(res.status, `MSG-BYID-FORMS: ${res.label} answers the message to a party`).toBe(200);
    expect(messageOf(res.body), `MSG-BYID-FORMS: ${res.label} answers the message sent`).toEqual({
      id: message.id,
      text: message.text,
    });
  }

  toString(): string {
    return `read(${this.as}, sent#${this.index})`;
  }
}
