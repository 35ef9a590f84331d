/**
 * Writes, compared only where the target profile allows them: the seller writes to one writable
 * conversation texts from the message-text arbitrary (mostly accepted, sometimes refused by the
 * reference) and the two texts at the length limit.
 */
import fc from 'fast-check';
import { SELLER_MAX, textCase } from '../../tests/properties/arbitraries/messageText.ts';
import type { Sampling } from './generated.ts';
import type { Expectation, Scenario } from './types.ts';

const LENGTH_RULE = 'MSG-CREATE-ERR-SELLER-LENGTH';

function describe(text: string): string {
  const foreign = [...text].some((c) => c.codePointAt(0)! > 0xff);
  return `${[...text].length} characters${foreign ? ', some outside ISO-8859-1' : ''}`;
}

function sellerWrites(text: string, expect: Expectation): Scenario {
  return {
    name: `the seller writes a message of ${describe(text)}`,
    needs: ['writableConversation', 'applicationId'],
    callers: ['seller', 'buyer'],
    writes: true,
    run: async (side) => [
      await side.send(
        {
          operationId: 'sendPackMessage',
          as: 'seller',
          path: { pack_id: side.roles.writableConversation, user_id: side.users.seller?.id ?? 0 },
          query: { tag: 'post_sale', application_id: side.roles.applicationId },
          json: {
            from: { user_id: String(side.users.seller?.id) },
            to: { user_id: String(side.users.buyer?.id) },
            text,
          },
        },
        expect,
      ),
    ],
  };
}

export function writeScenarios(sampling: Sampling): Scenario[] {
  const texts = fc.sample(textCase(SELLER_MAX, LENGTH_RULE), { seed: sampling.seed, numRuns: sampling.runs });
  return [
    sellerWrites('s'.repeat(SELLER_MAX), { accepted: LENGTH_RULE }),
    sellerWrites('s'.repeat(SELLER_MAX + 1), { status: { code: 400, requirement: LENGTH_RULE } }),
    ...texts.map(({ text, refusedBy }) =>
      sellerWrites(
        text,
        refusedBy ? { status: { code: 400, requirement: refusedBy } } : { accepted: LENGTH_RULE },
      ),
    ),
  ];
}
