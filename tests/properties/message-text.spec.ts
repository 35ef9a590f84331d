/**
 * The text rules of POST /messages/packs/{pack_id}/sellers/{user_id}. Uses messaging.writablePacks
 * 8 (seller lengths), 9 (buyer lengths), 10 (character set, emoticons); the contract tests use 0 to 7,
 * conversation-model.spec.ts 11. Messages cannot be deleted: accepted texts stay in those packs.
 */
import fc from 'fast-check';
import { expectHot, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import type { ApiResponse } from '../../lib/client/types.ts';
import {
  BUYER_MAX,
  latin1TextAround,
  lengthAround,
  SELLER_MAX,
  textWithForeignChars,
  textWithMockEmoticons,
} from '../../lib/rules/message-text.ts';

type Party = 'seller' | 'buyer';

function send(
  api: ApiClient,
  target: TargetProfile,
  pack: number,
  from: Party,
  text: string,
): Promise<ApiResponse> {
  const to = from === 'seller' ? 'buyer' : 'seller';
  return api.call('sendPackMessage', {
    as: from,
    path: { pack_id: pack, user_id: target.users.seller.id },
    query: { tag: 'post_sale', application_id: target.messaging.applicationId },
    json: {
      from: { user_id: String(target.users[from].id) },
      to: { user_id: String(target.users[to].id) },
      text,
    },
  });
}

function expectAccepted(res: ApiResponse, rule: string, what: string): void {
  expectHot([200, 201], `${rule}: ${res.label} accepts ${what}; answered ${res.shown}`).toContain(res.status);
}

const lengthRules = [
  { from: 'seller', max: SELLER_MAX, id: 'MSG-CREATE-ERR-SELLER-LENGTH', index: 8, runs: 25 },
  { from: 'buyer', max: BUYER_MAX, id: 'MSG-CREATE-ERR-BUYER-LENGTH', index: 9, runs: 15 },
] as const;

test.describe('POST /messages/packs/{pack_id}/sellers/{user_id}: message text', () => {
  // A failure shrinks through many more requests than a passing run makes.
  test.describe.configure({ timeout: 120_000 });

  for (const { from, max, id, index, runs } of lengthRules) {
    test(
      `should accept any ISO-8859-1 text of 1 to ${max} characters from the ${from} and refuse any longer one`,
      verifies([id], '@writes'),
      async ({ api, target, property, writablePack }) => {
        const pack = writablePack('messaging', index);
        const check = async ({ length, text }: { length: number; text: string }) => {
          const res = await send(api, target, pack, from, text);
          if (length <= max) return expectAccepted(res, id, `${length} characters`);
          expectHot(
            res.status,
            `${id}: ${res.label} refuses ${length} characters; answered ${res.shown}`,
          ).toBe(400);
          expectError(
            res,
            {
              status: 400,
              message: `The message content is too long, max characters allowed are ${max}`,
              messageIsGap: true,
            },
            target,
          );
        };
        await property(fc.asyncProperty(latin1TextAround(max), check), runs);
      },
    );
  }

  test(
    'should refuse any text holding a character outside ISO-8859-1 that is no emoticon',
    verifies(['MSG-CREATE-ERR-CHARSET'], '@writes'),
    async ({ api, target, property, writablePack }) => {
      const pack = writablePack('messaging', 10);
      const check = async (from: Party, text: string) => {
        const res = await send(api, target, pack, from, text);
        expectHot(res.status, `MSG-CREATE-ERR-CHARSET: ${res.label} refuses it; answered ${res.shown}`).toBe(
          400,
        );
        expectError(res, { status: 400 }, target);
      };
      await property(
        fc.asyncProperty(fc.constantFrom<Party>('seller', 'buyer'), textWithForeignChars, check),
        30,
      );
    },
  );

  test(
    "should count each of the mock's emoticons as characters of the text, up to 350 for the seller",
    verifies(['MSG-CREATE-EMOTICONS'], '@writes', '@mock-only'),
    async ({ api, target, property, writablePack }) => {
      const pack = writablePack('messaging', 10);
      const cases = lengthAround(SELLER_MAX).chain((length) =>
        textWithMockEmoticons(length).map((text) => ({ length, text })),
      );
      const check = async ({ length, text }: { length: number; text: string }) => {
        const res = await send(api, target, pack, 'seller', text);
        if (length <= SELLER_MAX) return expectAccepted(res, 'MSG-CREATE-EMOTICONS', `${length} code points`);
        expectHot(res.status, `MSG-CREATE-EMOTICONS: ${res.label} refuses ${length} code points`).toBe(400);
      };
      await property(fc.asyncProperty(cases, check), 20);
    },
  );
});
