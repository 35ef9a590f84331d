/**
 * Writes, compared only where the target profile allows them: to one writable conversation, the
 * seller writes texts from the message-text arbitrary (mostly accepted, sometimes refused by the
 * reference), and each party the two texts at its length limit.
 */
import fc from 'fast-check';
import { BUYER_MAX, SELLER_MAX, textCase } from '../../lib/rules/message-text.ts';
import { expectationOf } from './error-rows.ts';
import type { Sampling } from './generated.ts';
import type { Call, Expectation, Scenario } from './types.ts';

const LENGTH_RULE = 'MSG-CREATE-ERR-SELLER-LENGTH';

function describe(text: string): string {
  const foreign = [...text].some((c) => c.codePointAt(0)! > 0xff);
  return `${[...text].length} characters${foreign ? ', some outside ISO-8859-1' : ''}`;
}

type Party = 'seller' | 'buyer';

/** A message of `from` to the other party of the writable conversation (the path names the seller either way). */
function writes(from: Party, text: string, expect: Expectation): Scenario {
  const to: Party = from === 'seller' ? 'buyer' : 'seller';
  return {
    name: `the ${from} writes a message of ${describe(text)}`,
    needs: ['writableConversation', 'applicationId'],
    callers: ['seller', 'buyer'],
    writes: true,
    run: async (side) => {
      const call: Call = {
        operationId: 'sendPackMessage',
        as: from,
        path: { pack_id: side.roles.writableConversation, user_id: side.users.seller?.id ?? 0 },
        query: { tag: 'post_sale', application_id: side.roles.applicationId },
        json: {
          from: { user_id: String(side.users[from]?.id) },
          to: { user_id: String(side.users[to]?.id) },
          text,
        },
      };
      // The spec's error row the text meets (length, characters) is expected; else what the caller states.
      return [await side.send(call, expectationOf(call) ?? expect)];
    },
  };
}

/** The longest text the reference accepts from a party, and one character more. */
function atTheLimit(from: Party, max: number, rule: string): Scenario[] {
  return [
    writes(from, 's'.repeat(max), { accepted: rule }),
    // One character more: the spec's row of the party's limit is expected (error-rows.ts).
    writes(from, 's'.repeat(max + 1), { refused: rule }),
  ];
}

export function writeScenarios(sampling: Sampling): Scenario[] {
  const texts = fc.sample(textCase(SELLER_MAX, LENGTH_RULE), { seed: sampling.seed, numRuns: sampling.runs });
  return [
    ...atTheLimit('seller', SELLER_MAX, LENGTH_RULE),
    ...atTheLimit('buyer', BUYER_MAX, 'MSG-CREATE-ERR-BUYER-LENGTH'),
    ...texts.map(({ text, refusedBy }) =>
      writes(
        'seller',
        text,
        refusedBy ? { status: { code: 400, requirement: refusedBy } } : { accepted: LENGTH_RULE },
      ),
    ),
  ];
}
