/**
 * Post-sale messages: the pack listing and the by-id read. messaging.pack is only read.
 * Sending is in message-create.spec.ts.
 */

import { expect, notJudged, test, verifies } from '../../fixtures/index.ts';
import { expectFileOfType } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Caller } from '../../lib/client/types.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import { expectErrorOf, expectHolds } from './support/judged-as.ts';
import { shown } from './support/listed.ts';
import {
  allIds,
  givenByProfile,
  judgeFields,
  judgeLegacyFields,
  judgeModeration,
  listing,
  messageIdOf,
  othersConversation,
} from './support/messages.ts';
import { skipUnless } from './support/reference.ts';

test.describe('GET /messages/packs/{pack_id}/sellers/{user_id}', () => {
  test(
    'answers messages whose moderation and attachments carry the documented fields, read by either party',
    verifies(['MSG-MODERATION-STATUS', 'MSG-MODERATION-REASON', 'MSG-ATTACHMENT-FIELDS'], '@readonly'),
    async ({ api, target, spec }) => {
      // Every page of both views, each message judged by the spec's own value sets and fields.
      const seen = [
        ...(await allIds(api, target, 'seller')).messages,
        ...(await allIds(api, target, 'buyer')).messages,
      ];
      const pack = `pack ${target.messaging.pack}`;
      for (const [i, message] of seen.entries())
        judgeModeration(spec, target, message, `${pack} message ${message.id ?? `#${i}`}`);
      const attachments = seen.flatMap((m) =>
        (m.message_attachments ?? []).map((a, i) => ({ a, at: `message ${m.id} attachment ${i}` })),
      );
      for (const { a, at } of attachments)
        judgeFields(spec, target, ['MSG-ATTACHMENT-FIELDS', 'MessageAttachment'], a, `${pack} ${at}`);
      if (attachments.length === 0)
        notJudged('MSG-ATTACHMENT-FIELDS', pack, 'no message of the conversation has an attachment');
      skipUnless(
        seen.some((m) => m.message_moderation) || attachments.length > 0,
        'a message with its moderation or an attachment',
        'messaging.pack',
        'no message of the conversation carries message_moderation or message_attachments (listed fields) to judge',
      );
    },
  );

  test(
    'counts in paging.total every message its pages show each party and no message neither party sees',
    // Whether the total also counts the messages hidden from the caller is not given (the mock's exact
    // count is the next test): it lies between what the caller sees and what either party sees.
    verifies(['MSG-LIST-PAGING'], '@readonly'),
    async ({ api, target }) => {
      const views = {
        seller: await allIds(api, target, 'seller'),
        buyer: await allIds(api, target, 'buyer'),
      };
      // Both views whole (every page with its messages, every message with its id) bound the total from above.
      skipUnless(
        views.seller.complete && views.buyer.complete,
        "every listed message's id",
        'messaging.pack',
        'a page of the listing left out messages or a message its id (listed fields)',
      );
      const either = new Set([...views.seller.ids, ...views.buyer.ids]);
      for (const [as, view] of Object.entries(views)) {
        const instance = `the ${as}'s listing of pack ${target.messaging.pack}`;
        if (!shown(target, view.total, `${instance}: paging.total`)) {
          notJudged('MSG-LIST-PAGING', instance, 'the listing leaves paging.total out');
          continue;
        }
        expect(
          Number(view.total),
          `MSG-LIST-PAGING: ${instance}: paging.total ${view.total} counts the ${view.ids.length} messages shown`,
        ).toBeGreaterThanOrEqual(view.ids.length);
        expect(
          Number(view.total),
          `MSG-LIST-PAGING: ${instance}: paging.total ${view.total} counts no message neither party sees (${either.size})`,
        ).toBeLessThanOrEqual(either.size);
      }
    },
  );

  test(
    'counts in paging.total exactly the messages its pages show each party',
    verifies(['MSG-LIST-PAGING'], '@readonly', '@mock-only'),
    async ({ api, target, seed }) => {
      for (const as of ['seller', 'buyer'] as const) {
        const view = await allIds(api, target, as, seed.messaging.pack);
        expect(
          view.ids.length,
          `MSG-LIST-PAGING: the ${as}'s listing: paging.total counts the messages shown (the mock's choice)`,
        ).toBe(view.total);
      }
    },
  );

  test(
    'lets both parties download every attachment of the conversation and a stranger none',
    verifies(['MSG-ATTACHMENT-FIELDS', 'ATT-DOWNLOAD-FILE', 'ATT-AUTH-DOWNLOAD'], '@readonly'),
    async ({ api, target }) => {
      const files = new Map<string, { type: string; size: number }>();
      // The conversation discovery found with attachments (on the mock, the profile's conversation).
      const pack = target.messaging.attachmentPack;
      // An attachment is downloaded by its listed filename and judged by its listed size: only those carrying both.
      for (const as of ['seller', 'buyer'] as const)
        for (const m of (await allIds(api, target, as, pack)).messages)
          for (const a of m.message_attachments ?? [])
            if (a.filename !== undefined && a.size !== undefined)
              files.set(String(a.filename), { type: String(a.type), size: a.size });
      skipUnless(
        files.size > 0,
        'an attachment with its filename and size',
        'messaging.attachmentPack',
        'no message of the conversation lists one',
      );
      const strangerGiven = rawProfile(target).users.stranger !== undefined;
      let downloaded = 0;
      for (const [id, listed] of files) {
        const query = { tag: 'post_sale', site_id: target.messaging.siteId };
        const asBuyer = await api.call('downloadAttachment', {
          as: 'buyer',
          path: { attachment_id: id },
          query,
        });
        // The buyer is a party of the conversation: a 403 is the refusal of a user without access.
        expect(
          asBuyer.status,
          `ATT-AUTH-DOWNLOAD: ${asBuyer.label}: the buyer of the conversation is refused`,
        ).not.toBe(403);
        if (asBuyer.status !== 200) {
          // A 500 is documented ("also on download when the file cannot be accessed"), and whether the
          // listed filename is the id to download by is not said: this file only is not judged.
          notJudged('ATT-DOWNLOAD-FILE', `attachment ${id}`, `answered ${asBuyer.status} to the buyer`);
          continue;
        }
        expect(
          asBuyer.bytes.length,
          `MSG-ATTACHMENT-FIELDS: attachment ${id}: the size the listing gives`,
        ).toBe(listed.size);
        if (/pdf|xml/.test(listed.type))
          expectHolds('ATT-DOWNLOAD-FILE', `attachment ${id}, a whole ${listed.type}`, () =>
            expectFileOfType(asBuyer.bytes, listed.type, asBuyer.label),
          );
        const asSeller = await api.call('downloadAttachment', {
          as: 'seller',
          path: { attachment_id: id },
          query,
        });
        expect(
          asSeller.bytes.equals(asBuyer.bytes),
          `ATT-DOWNLOAD-FILE: attachment ${id}: ${asSeller.label} answers the file the buyer gets`,
        ).toBe(true);
        downloaded += 1;
        if (!strangerGiven) {
          notJudged('ATT-AUTH-DOWNLOAD', `attachment ${id}`, 'needs the user "stranger" (users.stranger)');
          continue;
        }
        const stranger = await api.call('downloadAttachment', {
          as: 'stranger',
          path: { attachment_id: id },
          query,
        });
        expect(stranger.status, `ATT-AUTH-DOWNLOAD: attachment ${id}: ${stranger.label}, a stranger`).toBe(
          403,
        );
      }
      skipUnless(
        downloaded > 0,
        'an attachment the target serves by its listed filename',
        'messaging.attachmentPack',
        `no attachment of the conversation was served to the buyer (${files.size} tried)`,
      );
    },
  );

  test(
    'answers the listing envelope with the limits 350 and 3500',
    verifies(
      ['MSG-LIST-ENVELOPE', 'MSG-LIMIT-FIELDS', 'MSG-CONVERSATION-STATUS', 'MSG-FIELDS-CURRENT'],
      '@readonly',
      '@smoke',
    ),
    async ({ api, target }) => {
      const body = bodyAt(await listing(api, target, 'seller'), 200);
      // Listed envelope fields (Limits: 350 and 3500, messages): judged where the answer carries them.
      const instance = `the seller's listing of pack ${target.messaging.pack}`;
      const limits = [
        ['seller_max_message_length', body.seller_max_message_length, 350],
        ['buyer_max_message_length', body.buyer_max_message_length, 3500],
      ] as const;
      for (const [field, value, limit] of limits) {
        if (shown(target, value, `${instance}: ${field}`))
          expect(value, `MSG-LIMIT-FIELDS: ${instance}: ${field}`).toBe(limit);
        else notJudged('MSG-LIMIT-FIELDS', instance, `the listing leaves ${field} out`);
      }
      if (shown(target, body.messages, `${instance}: messages`))
        expect(body.messages.length, `MSG-LIST-ENVELOPE: ${instance}: messages`).toBeGreaterThan(0);
      else notJudged('MSG-LIST-ENVELOPE', instance, 'the listing leaves messages out');
    },
  );

  test(
    "hides a moderated (rejected) message from the sender's counterpart and shows it to the buyer who sent it",
    verifies(['MSG-MODERATED-HIDDEN'], '@readonly'),
    async ({ api, target }) => {
      const seller = await allIds(api, target, 'seller');
      const buyer = await allIds(api, target, 'buyer');
      skipUnless(
        seller.complete && buyer.complete,
        "every listed message's id",
        'messaging.pack',
        'a page of the listing left out messages or a message its id (listed fields)',
      );
      const { messageId, rejectedMessageId: rejected } = target.messaging;
      expect(
        seller.ids,
        `MSG-MODERATED-HIDDEN: rejected message ${rejected}: its counterpart, the seller, does not list it`,
      ).not.toContain(rejected);
      // Discovery picks these messages from the very listings judged here: only ids the profile names judge the "sees" halves.
      const sees = [
        {
          id: messageId,
          what: 'the shared message',
          views: { seller, buyer },
          given: givenByProfile((p) => p.messaging?.messageId),
        },
        {
          id: rejected,
          what: 'the rejected message, by its sender',
          views: { buyer },
          given: givenByProfile((p) => p.messaging?.rejectedMessageId),
        },
      ];
      for (const { id, what, views, given } of sees) {
        const instance = `${what} ${id}`;
        if (!given) {
          notJudged('MSG-MODERATED-HIDDEN', instance, 'discovery picked it from the listings judged here');
          continue;
        }
        for (const [as, view] of Object.entries(views))
          expect(view.ids, `MSG-MODERATED-HIDDEN: ${instance}: the ${as} lists it`).toContain(id);
      }
    },
  );

  test('pages with limit and offset', verifies(['MSG-LIST-PAGING'], '@readonly'), async ({ api, target }) => {
    const all = await allIds(api, target, 'buyer');
    skipUnless(
      all.complete && all.ids.length >= 2,
      'a conversation with two messages the buyer sees, each with its id',
      'messaging.pack',
      `the buyer sees ${all.ids.length} with an id of ${all.messages.length}`,
    );
    const res = await listing(api, target, 'buyer', { limit: 1, offset: 1 });
    const page = bodyAt(res, 200);
    const shownIds = page.messages;
    skipUnless(
      shownIds?.every((m) => m.id !== undefined) === true,
      "the page's messages with their ids",
      'messaging.pack',
      'the page left out messages or a message its id (listed fields)',
    );
    const instance = res.label;
    expect(
      shownIds?.map((m) => m.id),
      `MSG-LIST-PAGING: ${instance}: the second message`,
    ).toEqual(all.ids.slice(1, 2));
    // paging and its fields are listed: each judged where the answer carries it.
    const { offset, total } = page.paging ?? {};
    if (shown(target, offset, `${instance}: paging.offset`))
      expect(Number(offset), `MSG-LIST-PAGING: ${instance}: paging.offset`).toBe(1);
    else notJudged('MSG-LIST-PAGING', `${instance}: paging.offset`, 'the page leaves paging.offset out');
    if (shown(target, total, `${instance}: paging.total`) && all.total !== undefined)
      expect(total, `MSG-LIST-PAGING: ${instance}: paging.total`).toBe(all.total);
    else notJudged('MSG-LIST-PAGING', `${instance}: paging.total`, 'a listing leaves paging.total out');
  });

  const badPaging = [
    // The reference's table gives the condition, not the message: its wording is asserted on the mock only.
    { query: { limit: 0 }, id: 'MSG-ERR-LIMIT-ZERO', message: 'limit must be greater than 0' },
    { query: { limit: -1 }, id: 'MSG-ERR-LIMIT-ZERO' },
    { query: { limit: 'ten' }, id: 'MSG-ERR-LIMIT-INVALID' },
    // "invalid offset" is not defined: a negative one is refused by the mock, and may be read as 0 elsewhere.
    { query: { offset: -1 }, id: 'MSG-ERR-OFFSET-INVALID', openOffMock: true },
    { query: { offset: 'first' }, id: 'MSG-ERR-OFFSET-INVALID' },
  ];
  for (const { query, id, message, openOffMock } of badPaging) {
    test(`answers 400 to ${JSON.stringify(query)}`, verifies([id], '@readonly'), async ({ api, target }) => {
      const res = await listing(api, target, 'seller', query);
      if (openOffMock && !target.isMock && res.status >= 200 && res.status < 300) {
        notJudged(id, res.label, `answered ${res.status}: which offsets are invalid is not defined`);
        return;
      }
      expectErrorOf(id, res, { status: 400, message, messageIsGap: true }, target);
    });
  }

  const callers = [
    {
      who: 'no token',
      as: 'anonymous',
      ids: ['MSG-AUTH-NO-TOKEN', 'AUTH-NO-TOKEN-403'],
      expected: { status: 403, error: 'access_token_not_granted' },
    },
    { who: 'a user outside the order', as: 'stranger', ids: ['MSG-AUTH-ORDER'], expected: { status: 403 } },
    {
      who: 'a user of a site without the API',
      as: 'unavailableSite',
      ids: ['MSG-AUTH-SITE', 'AUTH-SITE-NOT-AVAILABLE'],
      // The user is also outside the order: which refusal applies first is not given.
      expected: { status: 403, error: 'forbidden', orElse: [{ status: 403 }] },
    },
  ] as const;
  for (const { who, as, ids, expected } of callers) {
    test(`answers ${expected.status} to ${who}`, verifies([...ids], '@readonly'), async ({ api, target }) => {
      if (as === 'stranger' && rawProfile(target).users.stranger === undefined) {
        // Without a stranger, the seller on the buyer's conversation with another seller.
        const other = await othersConversation(api, target);
        if (typeof other === 'string') return notJudged('MSG-AUTH-ORDER', who, other);
        const path = { pack_id: other.pack, user_id: other.sellerId };
        const res = await api.call('listPackMessages', { as: 'seller', path, query: {} });
        return expectErrorOf('MSG-AUTH-ORDER', res, expected, target);
      }
      const res = await listing(api, target, as);
      for (const id of ids) expectErrorOf(id, res, expected, target);
    });
  }

  test(
    "answers the mock's choices for bad packs and tokens",
    verifies(
      ['MSG-PACK-UNKNOWN', 'AUTH-INVALID-TOKEN', 'AUTH-MALFORMED-TOKEN', 'MSG-LIST-DEFAULTS'],
      '@readonly',
      '@mock-only',
    ),
    async ({ api, target, seed }) => {
      expectErrorOf(
        'MSG-PACK-UNKNOWN',
        await listing(api, target, 'seller', {}, seed.orders.unknown),
        { status: 403, error: 'forbidden' },
        target,
      );
      const pack = seed.messaging.pack;
      expectErrorOf(
        'AUTH-INVALID-TOKEN',
        await listing(api, target, { token: 'APP_USR-unknown-0' }, {}, pack),
        { status: 401, error: 'not_found' },
        target,
      );
      expectErrorOf(
        'AUTH-MALFORMED-TOKEN',
        await listing(api, target, { token: 'not-a-token' }, {}, pack),
        { status: 400, error: 'bad_request' },
        target,
      );
      const res = await listing(api, target, 'seller', {}, pack);
      expect(bodyAt(res, 200).paging, `MSG-LIST-DEFAULTS: ${res.label}`).toMatchObject({
        limit: 10,
        offset: 0,
      });
    },
  );
});

test.describe('GET /messages/{message_id}', () => {
  const read = (api: ApiClient, id: string, as: Caller, headers: Record<string, string> = {}) =>
    api.call('getMessage', { as, path: { message_id: id }, headers });

  test(
    'answers the message to its sender and to its recipient',
    verifies(['MSG-BYID-FORMS', 'MSG-FIELDS-LEGACY'], '@readonly', '@smoke'),
    async ({ api, target, spec }) => {
      const { messageId, rejectedMessageId } = target.messaging;
      for (const as of ['seller', 'buyer'] as const) {
        const res = await read(api, messageId, as);
        expect(res.status, `MSG-BYID-FORMS: ${res.label}, read by the ${as}`).toBe(200);
        expect(messageIdOf(res.body), `MSG-BYID-FORMS: ${res.label}, read by the ${as}`).toBe(messageId);
        judgeLegacyFields(spec, target, res.body, `${res.label}, read by the ${as}`);
      }
      const own = await read(api, rejectedMessageId, 'buyer');
      expect(
        messageIdOf(own.body),
        `MSG-BYID-FORMS: ${own.label}, its sender reads the rejected message`,
      ).toBe(rejectedMessageId);
    },
  );

  test(
    'answers 400 to an id that does not exist and 403 to a user without access',
    verifies(['MSG-ERR-UNKNOWN-ID', 'MSG-AUTH-MESSAGE', 'MSG-AUTH-NO-TOKEN'], '@readonly'),
    async ({ api, target }) => {
      expectErrorOf(
        'MSG-ERR-UNKNOWN-ID',
        await read(api, 'ffffffffffffffffffffffffffffffff', 'seller'),
        { status: 400, message: 'The specified message id does not exists', messageIsGap: true },
        target,
      );
      expectErrorOf(
        'MSG-AUTH-NO-TOKEN',
        await read(api, target.messaging.messageId, 'anonymous'),
        { status: 403, error: 'access_token_not_granted' },
        target,
      );
      if (rawProfile(target).users.stranger !== undefined) {
        const res = await read(api, target.messaging.messageId, 'stranger');
        return expectErrorOf('MSG-AUTH-MESSAGE', res, { status: 403 }, target);
      }
      // Without a stranger, the seller reads a message of the buyer's conversation with another seller.
      const other = await othersConversation(api, target);
      if (typeof other === 'string' || other.messageId === undefined)
        return notJudged(
          'MSG-AUTH-MESSAGE',
          'a user outside the message',
          typeof other === 'string'
            ? other
            : `the buyer lists no message of pack ${other.pack} with seller ${other.sellerId}`,
        );
      expectErrorOf('MSG-AUTH-MESSAGE', await read(api, other.messageId, 'seller'), { status: 403 }, target);
    },
  );

  test(
    'refuses the counterpart a message moderation rejected',
    verifies(['MSG-MODERATED-HIDDEN-BYID'], '@readonly', '@mock-only'),
    async ({ api, target, seed }) => {
      const res = await read(api, seed.messaging.rejectedMessageId, 'seller');
      expectErrorOf('MSG-MODERATED-HIDDEN-BYID', res, { status: 403, error: 'forbidden' }, target);
    },
  );

  test(
    'answers the legacy form by default and the newer form with x-format-new',
    verifies(['MSG-BYID-HEADER', 'MSG-BYID-NEW-FORM', 'MSG-FIELDS-LEGACY'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      const id = seed.messaging.messageId;
      const legacy = await read(api, id, 'seller');
      expect(legacy.body, `MSG-FIELDS-LEGACY: ${legacy.label}, the default form`).toMatchObject({
        message_id: id,
        resource: 'orders',
      });
      const current = await read(api, id, 'seller', { 'x-format-new': 'true' });
      for (const requirement of ['MSG-BYID-HEADER', 'MSG-BYID-NEW-FORM'])
        expect(current.body, `${requirement}: ${current.label} with x-format-new`).toMatchObject({
          paging: null,
          conversation_status: null,
          messages: [{ id }],
        });
    },
  );
});
