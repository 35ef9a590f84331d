import type fc from 'fast-check';
import { expect, expectHot } from '../../../../fixtures/index.ts';
import { messageSent, sendExpectation } from '../../../../lib/rules/conversation-model.ts';
import type { ConversationModel, ConversationReal, Sender } from './ConversationModel.ts';
import { messageOf } from './ConversationModel.ts';

/** A text and, when the reference refuses it, the rule that does. */
interface TextCase {
  text: string;
  refusedBy?: string;
}

/** POST /messages/packs/{pack_id}/sellers/{user_id}: a party's valid text is created; anything else refused. */
export class SendMessageCommand implements fc.AsyncCommand<ConversationModel, ConversationReal> {
  constructor(
    readonly as: Sender,
    readonly text: TextCase,
  ) {}

  check(): boolean {
    return true;
  }

  async run(model: ConversationModel, real: ConversationReal): Promise<void> {
    const { api, target, pack } = real;
    const counterpart = this.as === 'buyer' ? target.users.seller.id : target.users.buyer.id;
    const res = await api.call('sendPackMessage', {
      as: this.as,
      path: { pack_id: pack, user_id: target.users.seller.id },
      query: { tag: 'post_sale', application_id: target.messaging.applicationId },
      json: {
        from: { user_id: String(target.users[this.as].id) },
        to: { user_id: String(counterpart) },
        text: this.text.text,
      },
    });
    const expected = sendExpectation(this.as, this.text.text);
    if (this.as === 'stranger' || expected.status[0] !== 200) {
      expectHot(
        res.status,
        `${expected.requirement}: ${res.label}: ${expected.what}; answered ${res.shown}`,
      ).toBe(expected.status[0]);
      return;
    }
    expectHot(
      expected.status,
      `${expected.requirement}: ${res.label} ${expected.what}; answered ${res.shown}`,
    ).toContain(res.status);
    const { id, text } = messageOf(res.body);
    expect(id, `MSG-CREATE-BODY: ${res.label} answers the created message with its id`).toBeTruthy();
    expectHot(text, `MSG-CREATE-BODY: ${res.label} answers the text sent`).toBe(this.text.text);
    messageSent(model, { id: id!, from: this.as, text: this.text.text }, !target.isMock);
    real.sent.add(id!);
  }

  toString(): string {
    const shown = this.text.text.length > 24 ? `${this.text.text.slice(0, 24)}…` : this.text.text;
    return `send(${this.as}, ${this.text.text.length} chars ${JSON.stringify(shown)}${this.text.refusedBy ? `, refused by ${this.text.refusedBy}` : ''})`;
  }
}
