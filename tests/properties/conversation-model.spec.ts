/**
 * A conversation, model-based. Uses messaging.writablePacks[11] (the contract tests use 0 to 7,
 * message-text.spec.ts 8 to 10). Messages cannot be deleted: the model starts each run from the
 * totals the listing shows then.
 */
import fc from 'fast-check';
import { type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import {
  type ConversationModel,
  type ConversationReal,
  startModel,
} from './models/conversation/ConversationModel.ts';
import { type ConversationCast, conversationCommands } from './models/conversation/commands.ts';
import { runModel } from './models/runModel.ts';
import { callersPresent, noteLeftOut } from './support/leftOut.ts';

const PACK_INDEX = 11;

/** Requirements only the stranger's commands verify. */
const STRANGER_ONLY = ['MSG-CREATE-ERR-SENDER-ACCESS', 'MSG-AUTH-ORDER', 'MSG-AUTH-MESSAGE'];
/** Requirements only sends verify (reads need a message sent in the run). */
const SENDS_ONLY = [
  'MSG-CREATE-BODY',
  'MSG-CREATE-VISIBLE',
  'MSG-CREATE-ERR-SELLER-LENGTH',
  'MSG-CREATE-ERR-BUYER-LENGTH',
  'MSG-CREATE-ERR-CHARSET',
  'MSG-CREATE-ERR-SENDER-ACCESS',
  'MSG-AUTH-MESSAGE',
  'MSG-BYID-FORMS',
];

/** Who can run commands on this profile; what cannot is noted on the test as left out. */
function castOf(target: TargetProfile): ConversationCast {
  const callers = callersPresent(
    target,
    ['seller', 'buyer', 'stranger'] as const,
    { stranger: STRANGER_ONLY },
    (role) => `sends, listings and reads as ${role}`,
  );
  const canSend = rawProfile(target).messaging?.applicationId !== undefined;
  if (!canSend) noteLeftOut(target, 'sends', 'messaging.applicationId', SENDS_ONLY);
  return { callers, canSend };
}

test.describe('a post-sale conversation (model-based)', () => {
  // A failure shrinks through many more requests than a passing run makes.
  test.describe.configure({ timeout: 120_000 });

  test(
    'should agree with the model on every sequence of sends, listings and reads by both parties',
    verifies(
      [
        'MSG-CREATE-BODY',
        'MSG-CREATE-VISIBLE',
        'MSG-LIST-PAGING',
        'MSG-CREATE-ERR-SELLER-LENGTH',
        'MSG-CREATE-ERR-BUYER-LENGTH',
        'MSG-CREATE-ERR-CHARSET',
        'MSG-CREATE-ERR-SENDER-ACCESS',
        'MSG-AUTH-ORDER',
        'MSG-AUTH-MESSAGE',
        'MSG-BYID-FORMS',
      ],
      '@writes',
    ),
    async ({ api, target, property, writablePack }) => {
      const pack = writablePack('messaging', PACK_INDEX);
      const real: ConversationReal = { api, target, pack, sent: new Set() };
      const run = async (commands: Iterable<fc.AsyncCommand<ConversationModel, ConversationReal>>) => {
        await runModel(async () => ({ model: await startModel(real), real }), commands);
      };
      await property(fc.asyncProperty(conversationCommands(castOf(target), 10), run), 6);
    },
  );
});
