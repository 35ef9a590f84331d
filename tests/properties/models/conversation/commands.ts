import fc from 'fast-check';
import { BUYER_MAX, latin1Text, SELLER_MAX, textCase } from '../../../../lib/rules/message-text.ts';
import { type CommandKind, commandsThatRun } from '../commandSet.ts';
import type { ConversationModel, ConversationReal, Sender } from './ConversationModel.ts';
import { FindSentMessagesCommand } from './FindSentMessagesCommand.ts';
import { ListMessagesCommand } from './ListMessagesCommand.ts';
import { ReadMessageCommand } from './ReadMessageCommand.ts';
import { SendMessageCommand } from './SendMessageCommand.ts';

type Kind = CommandKind<ConversationModel, ConversationReal>;

/** Who can run commands, and whether messages can be sent (the profile gives an application id). */
export interface ConversationCast {
  /** The parties and, when the profile has one, the stranger. */
  callers: Sender[];
  canSend: boolean;
}

const party = fc.constantFrom('seller' as const, 'buyer' as const);

function sends({ callers, canSend }: ConversationCast): Kind {
  if (!canSend) return undefined;
  const kinds = [
    textCase(SELLER_MAX, 'MSG-CREATE-ERR-SELLER-LENGTH').map(
      (text) => new SendMessageCommand('seller', text),
    ),
    textCase(BUYER_MAX, 'MSG-CREATE-ERR-BUYER-LENGTH').map((text) => new SendMessageCommand('buyer', text)),
  ];
  if (callers.includes('stranger'))
    kinds.push(
      fc
        .integer({ min: 1, max: 40 })
        .chain(latin1Text)
        .map((text) => new SendMessageCommand('stranger', { text })),
    );
  return fc.oneof(...kinds);
}

/** Command sequences in one conversation: sends (valid and refused), pages near the end, full walks, reads. */
export function conversationCommands(
  cast: ConversationCast,
  maxCommands: number,
): fc.Arbitrary<Iterable<fc.AsyncCommand<ConversationModel, ConversationReal>>> {
  const anyone = fc.constantFrom(...cast.callers);
  return commandsThatRun(
    [
      sends(cast),
      fc
        .tuple(anyone, fc.integer({ min: 1, max: 10 }), fc.integer({ min: 0, max: 12 }))
        .map(([as, limit, back]) => new ListMessagesCommand(as, limit, back)),
      party.map((as) => new FindSentMessagesCommand(as)),
      fc.tuple(anyone, fc.nat(20)).map(([as, index]) => new ReadMessageCommand(as, index)),
    ],
    maxCommands,
    `callers ${cast.callers.join(', ')}`,
  );
}
