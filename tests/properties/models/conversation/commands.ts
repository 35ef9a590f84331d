import fc from 'fast-check';
import { BUYER_MAX, latin1Text, SELLER_MAX, textCase } from '../../arbitraries/messageText.ts';
import type { ConversationModel, ConversationReal, Sender } from './ConversationModel.ts';
import { FindSentMessagesCommand } from './FindSentMessagesCommand.ts';
import { ListMessagesCommand } from './ListMessagesCommand.ts';
import { ReadMessageCommand } from './ReadMessageCommand.ts';
import { SendMessageCommand } from './SendMessageCommand.ts';

const anyone = fc.constantFrom<Sender>('seller', 'buyer', 'stranger');
const party = fc.constantFrom('seller' as const, 'buyer' as const);

/** Command sequences in one conversation: sends (valid and refused), pages near the end, full walks, reads. */
export function conversationCommands(
  maxCommands: number,
): fc.Arbitrary<Iterable<fc.AsyncCommand<ConversationModel, ConversationReal>>> {
  const sends = fc.oneof(
    textCase(SELLER_MAX, 'MSG-CREATE-ERR-SELLER-LENGTH').map(
      (text) => new SendMessageCommand('seller', text),
    ),
    textCase(BUYER_MAX, 'MSG-CREATE-ERR-BUYER-LENGTH').map((text) => new SendMessageCommand('buyer', text)),
    fc
      .integer({ min: 1, max: 40 })
      .chain(latin1Text)
      .map((text) => new SendMessageCommand('stranger', { text })),
  );
  return fc.commands(
    [
      sends,
      fc
        .tuple(anyone, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 12 }))
        .map(([as, limit, back]) => new ListMessagesCommand(as, limit, back)),
      party.map((as) => new FindSentMessagesCommand(as)),
      fc.tuple(anyone, fc.nat(20)).map(([as, index]) => new ReadMessageCommand(as, index)),
    ],
    { maxCommands },
  );
}
