import type fc from 'fast-check';
import { expectHot, notJudged } from '../../../../fixtures/index.ts';
import { awaitModeration } from '../../../contract/support/messages.ts';
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
    const read = () => api.call('getMessage', { as: this.as, path: { message_id: message.id } });
    if (this.as === 'stranger') {
      const res = await read();
      expectHot(res.status, `MSG-AUTH-MESSAGE: ${res.label}, a user without access`).toBe(403);
      return;
    }
    // Moderation may hold a new message for a while: a party's read is awaited within a bound.
    const res = await awaitModeration(target, read, (answer) => answer.status === 200);
    // The counterpart's access to a message moderation holds or rejects is not given: 403 may answer it.
    if (this.as !== message.from && !target.isMock && res.status === 403) {
      notJudged(
        'MSG-BYID-FORMS',
        `message ${message.id} read by the ${this.as}`,
        'refused: moderation may hold it from the counterpart',
      );
      return;
    }
    expectHot(res.status, `MSG-BYID-FORMS: ${res.label}, a party reads message ${message.id}`).toBe(200);
    expectHot(messageOf(res.body), `MSG-BYID-FORMS: ${res.label}, the message sent`).toEqual({
      id: message.id,
      text: message.text,
    });
  }

  toString(): string {
    return `read(${this.as}, sent#${this.index})`;
  }
}
