/**
 * Sending post-sale messages. Write tests claim messaging.writablePacks by index with the
 * `writablePack` fixture, one per test (see support/messages.ts). Messages cannot be deleted: assertions are relative to what is there.
 * blockedPack, mediationPack and fulfilledPack only get sends the reference says are refused, and only
 * where the profile names them (never discovered) or on the mock (its own packs): see `refusingPack`.
 */

import { expect, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { MessagingIds } from '../../lib/profile/types.ts';
import { expectErrorOf } from './support/judged-as.ts';
import {
  allIds,
  awaitModeration,
  buyerSays,
  expectCreated,
  messageIdOf,
  sellerSays,
  send,
} from './support/messages.ts';

type RefusingPack = keyof Pick<MessagingIds, 'blockedPack' | 'mediationPack' | 'fulfilledPack'>;

/**
 * A pack outside the writable list whose sends the reference says are refused. Whether the rule
 * applies there (a mediation in process in the one country it applies to, a purchase not yet
 * delivered, a conversation really blocked) only the profile's owner can vouch: these packs are never
 * discovered, and a profile without one skips the test saying so (target/needs.ts). On the mock, its own.
 */
const refusingPack = (target: TargetProfile, seed: TargetProfile, kind: RefusingPack): number =>
  target.isMock ? seed.messaging[kind] : target.messaging[kind];

test.describe('POST /messages/packs/{pack_id}/sellers/{user_id}', () => {
  test(
    "creates a seller message that then appears in the sender's listing (and the buyer's on the mock)",
    verifies(['MSG-CREATE-BODY', 'MSG-CREATE-VISIBLE'], '@writes', '@smoke'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('messaging', 0);
      const before = await allIds(api, target, 'seller', pack);
      const id = expectCreated(
        await send(api, target, { pack, json: sellerSays(target, `Pedido enviado (${Date.now()}).`) }),
      );
      // Moderation may hold the new message for a while: its sender's view is awaited within a bound.
      const after = await awaitModeration(
        target,
        () => allIds(api, target, 'seller', pack),
        (view) => view.ids.includes(id),
      );
      const instance = `message ${id} in the seller's listing of pack ${pack}`;
      if (after.complete || target.isMock) expect(after.ids, `MSG-CREATE-VISIBLE: ${instance}`).toContain(id);
      else notJudged('MSG-CREATE-VISIBLE', instance, "the listing leaves messages or a message's id out");
      // paging.total is listed: judged where both listings carry it. The buyer may write meanwhile elsewhere.
      if (before.total !== undefined && after.total !== undefined) {
        const grown = Number(after.total) - Number(before.total);
        if (target.isMock)
          expect(grown, `MSG-CREATE-VISIBLE: ${instance}: paging.total grows by one`).toBe(1);
        else expect(grown, `MSG-CREATE-VISIBLE: ${instance}: paging.total grows`).toBeGreaterThanOrEqual(1);
      } else
        notJudged('MSG-CREATE-VISIBLE', `${instance}: paging.total`, 'a listing leaves paging.total out');
      // Moderation may delay what the counterpart sees: immediate visibility to the buyer is the mock's.
      if (target.isMock)
        expect(
          (await allIds(api, target, 'buyer', pack)).ids,
          `MSG-CREATE-VISIBLE: message ${id} in the buyer's listing of pack ${pack}`,
        ).toContain(id);
    },
  );

  test(
    'answers 201 with the current form and lists the new message last',
    verifies(['MSG-CREATE-STATUS', 'MSG-LIST-ORDER', 'MSG-CREATE-X-CLIENT-ID'], '@writes', '@mock-only'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('messaging', 5);
      const res = await send(api, target, { pack, json: sellerSays(target, 'Obrigado pela compra!') });
      expect(res.status, `MSG-CREATE-STATUS: ${res.label}`).toBe(201);
      expect(res.status, `MSG-CREATE-X-CLIENT-ID: ${res.label} without x-client-id`).toBe(201);
      const { ids } = await allIds(api, target, 'seller', pack);
      expect(ids.at(-1), `MSG-LIST-ORDER: the seller's listing of pack ${pack}`).toBe(messageIdOf(res.body));
    },
  );

  test(
    'accepts 3500 characters from the buyer',
    verifies(['MSG-CREATE-ERR-BUYER-LENGTH'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('messaging', 1);
      const id = 'MSG-CREATE-ERR-BUYER-LENGTH';
      expectCreated(
        await send(api, target, { as: 'buyer', pack, json: buyerSays(target, 'b'.repeat(3500)) }),
        id,
      );
      expectErrorOf(
        id,
        await send(api, target, { as: 'buyer', pack, json: buyerSays(target, 'b'.repeat(3501)) }),
        { status: 400 },
        target,
      );
    },
  );

  test(
    'accepts 350 characters from the seller and refuses 351',
    verifies(['MSG-CREATE-ERR-SELLER-LENGTH'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('messaging', 2);
      const id = 'MSG-CREATE-ERR-SELLER-LENGTH';
      expectCreated(await send(api, target, { pack, json: sellerSays(target, 's'.repeat(350)) }), id);
      const res = await send(api, target, { pack, json: sellerSays(target, 's'.repeat(351)) });
      expectErrorOf(
        id,
        res,
        {
          status: 400,
          message: 'The message content is too long, max characters allowed are 350',
          messageIsGap: true,
        },
        target,
      );
    },
  );

  const refused = [
    {
      name: 'no token',
      ids: ['MSG-CREATE-ERR-NO-TOKEN'],
      as: 'anonymous',
      message: 'Access token is required',
    },
    {
      name: 'no application id',
      ids: ['MSG-CREATE-ERR-NO-APP-ID'],
      query: { tag: 'post_sale' },
      message: 'Application id is required',
    },
    { name: 'no JSON body', ids: ['MSG-CREATE-ERR-BODY-MISSING'], json: undefined },
    {
      name: 'no from',
      ids: ['MSG-CREATE-ERR-FROM-MISSING'],
      json: (t: TargetProfile) => ({ to: { user_id: String(t.users.buyer.id) }, text: 'Olá' }),
    },
    {
      name: 'no to.user_id',
      ids: ['MSG-CREATE-ERR-TO-MISSING'],
      json: (t: TargetProfile) => ({ from: { user_id: String(t.users.seller.id) }, to: {}, text: 'Olá' }),
    },
    {
      name: 'an invalid to user id',
      ids: ['MSG-CREATE-ERR-TO-INVALID'],
      json: (t: TargetProfile) => sellerSays(t, 'Olá', { to: { user_id: 'not-a-user' } }),
    },
    {
      name: 'the sender as receiver',
      ids: ['MSG-CREATE-ERR-SAME-USER'],
      json: (t: TargetProfile) => sellerSays(t, 'Olá', { to: { user_id: String(t.users.seller.id) } }),
    },
    {
      name: 'characters outside ISO-8859-1',
      ids: ['MSG-CREATE-ERR-CHARSET'],
      json: (t: TargetProfile) => sellerSays(t, '你好, Привет'),
    },
  ] as const;
  for (const row of refused) {
    test(
      `answers 400 to ${row.name}`,
      verifies([...row.ids], '@writes'),
      async ({ api, target, writablePack }) => {
        const json =
          'json' in row
            ? typeof row.json === 'function'
              ? row.json(target)
              : row.json
            : sellerSays(target, 'Olá');
        const res = await send(api, target, {
          as: 'as' in row ? row.as : 'seller',
          pack: writablePack('messaging', 3),
          json,
          query: 'query' in row ? row.query : undefined,
        });
        for (const id of row.ids)
          expectErrorOf(
            id,
            res,
            { status: 400, message: 'message' in row ? row.message : undefined },
            target,
          );
      },
    );
  }

  const forbiddenRows = [
    { name: 'a mediation in process', ids: ['MSG-CREATE-ERR-MEDIATION'], pack: 'mediationPack' },
    {
      name: 'a purchase fulfilled by the platform and not delivered',
      ids: ['MSG-CREATE-ERR-FULFILLED'],
      pack: 'fulfilledPack',
    },
    {
      name: 'a sender other than the caller',
      ids: ['MSG-CREATE-ERR-SENDER-ACCESS'],
      json: buyerSays,
      // No row names a from that is not the caller: "sender has no access" (403, the mock's) or a bad field (400).
      orElse: [{ status: 400 }],
    },
    { name: 'a caller outside the order', ids: ['MSG-CREATE-ERR-SENDER-ACCESS'], as: 'stranger' },
    {
      name: 'a receiver outside the order',
      ids: ['MSG-CREATE-ERR-RECEIVER'],
      json: (t: TargetProfile) => sellerSays(t, 'Olá', { to: { user_id: String(t.users.stranger.id) } }),
    },
    { name: 'a user of a site without the API', ids: ['MSG-AUTH-SITE'], as: 'unavailableSite' },
  ] as const;
  for (const row of forbiddenRows) {
    test(
      `answers 403 to ${row.name}`,
      verifies([...row.ids], '@writes'),
      async ({ api, target, seed, writablePack }) => {
        const json = 'json' in row ? row.json(target, 'Olá') : sellerSays(target, 'Olá');
        const pack = 'pack' in row ? refusingPack(target, seed, row.pack) : writablePack('messaging', 3);
        const res = await send(api, target, { as: 'as' in row ? row.as : 'seller', pack, json });
        const expected = { status: 403, orElse: 'orElse' in row ? row.orElse : undefined };
        for (const id of row.ids) expectErrorOf(id, res, expected, target);
      },
    );
  }

  test(
    'answers 403 conversation_blocked in a conversation blocked by a cancelled order',
    verifies(['MSG-CREATE-ERR-BLOCKED'], '@writes'),
    async ({ api, target, seed }) => {
      const res = await send(api, target, {
        as: 'buyer',
        pack: refusingPack(target, seed, 'blockedPack'),
        json: buyerSays(target, 'Olá'),
      });
      expectErrorOf(
        'MSG-CREATE-ERR-BLOCKED',
        res,
        {
          status: 403,
          error: 'conversation_blocked',
          message: 'blocked_conversation_send_message_forbidden',
        },
        target,
      );
      expect(
        JSON.stringify(bodyAt(res, 403).cause),
        `MSG-CREATE-ERR-BLOCKED: ${res.label}: cause names blocked_by_cancelled_order`,
      ).toContain('blocked_by_cancelled_order');
    },
  );

  test(
    'sends the blocked cause as a string element',
    verifies(
      ['MSG-CREATE-BLOCKED-CAUSE', 'MSG-CREATE-MEDIATION-COUNTRY', 'MSG-CREATE-EMOTICONS', 'MSG-CREATE-TAG'],
      '@writes',
      '@mock-only',
    ),
    async ({ api, target, seed, writablePack }) => {
      const blocked = await send(api, target, {
        as: 'buyer',
        pack: seed.messaging.blockedPack,
        json: buyerSays(target, 'Olá'),
      });
      expect(bodyAt(blocked, 403).cause, `MSG-CREATE-BLOCKED-CAUSE: ${blocked.label}`).toEqual([
        'blocked_by_cancelled_order',
      ]);
      expectErrorOf(
        'MSG-CREATE-MEDIATION-COUNTRY',
        await send(api, target, { pack: seed.messaging.mediationPack, json: sellerSays(target, 'Olá') }),
        { status: 403, error: 'forbidden', message: 'Mediation in process, messages cannot be sent' },
        target,
      );
      expectErrorOf(
        'MSG-CREATE-EMOTICONS',
        await send(api, target, {
          pack: writablePack('messaging', 3),
          json: sellerSays(target, 'foguete 🚀'),
        }),
        { status: 400, message: 'The message has unsupported characters' },
        target,
      );
      expectErrorOf(
        'MSG-CREATE-TAG',
        await send(api, target, {
          pack: writablePack('messaging', 3),
          json: sellerSays(target, 'Olá'),
          query: { application_id: target.messaging.applicationId },
        }),
        { status: 400, message: 'tag must be post_sale' },
        target,
      );
      expectCreated(
        await send(api, target, {
          pack: writablePack('messaging', 6),
          json: sellerSays(target, 'Obrigado 👍 🙂'),
        }),
        'MSG-CREATE-EMOTICONS',
      );
    },
  );

  test(
    'accepts 25 attachments and refuses 26',
    verifies(['MSG-CREATE-ATTACHMENTS-MAX', 'ATT-ERR-TOO-MANY'], '@writes'),
    async ({ api, target, writablePack }) => {
      const pack = writablePack('messaging', 4);
      const ids: string[] = [];
      for (let i = 0; i < 26; i += 1) {
        const res = await api.call('uploadAttachment', {
          as: 'seller',
          query: { tag: 'post_sale', site_id: target.messaging.siteId },
          multipart: {
            file: { name: `anexo-${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`anexo ${i}`) },
          },
        });
        expect([200, 201], res.label).toContain(res.status);
        ids.push(bodyAt(res, [200, 201]).id);
      }
      const tooMany = await send(api, target, {
        pack,
        json: sellerSays(target, 'Anexos', { attachments: ids }),
      });
      for (const id of ['MSG-CREATE-ATTACHMENTS-MAX', 'ATT-ERR-TOO-MANY'])
        expectErrorOf(id, tooMany, { status: 400 }, target);
      expectCreated(
        await send(api, target, {
          pack,
          json: sellerSays(target, 'Anexos', { attachments: ids.slice(0, 25) }),
        }),
        'MSG-CREATE-ATTACHMENTS-MAX',
      );
    },
  );
});
