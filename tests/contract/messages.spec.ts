/**
 * Post-sale messages. Write tests use messaging.writablePacks by index, one per test:
 * 0 seller sends, 1 buyer sends 3500 characters, 2 seller length boundary, 3 requests refused
 * before anything is stored (400 and 403 rows; a conforming target writes nothing there),
 * 4 25 and 26 attachments, 5 the mock's 201 and order, 6 the mock's emoticons. Messages cannot be deleted: assertions are relative to what is there.
 * messaging.pack is only read; blockedPack, mediationPack and fulfilledPack only get refused sends.
 */
import type { ApiClient } from '../../fixtures/api/client.ts';
import type { ApiResponse, Caller } from '../../fixtures/api/types.ts';
import { expectError, expectFileOfType } from '../../fixtures/assertions.ts';
import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';

interface Listing {
  paging: { total: number; offset: number; limit: number };
  messages: { id: string }[];
  seller_max_message_length: number;
  buyer_max_message_length: number;
}

const writable = (target: TargetProfile, index: number) => {
  const pack = target.messaging.writablePacks[index];
  if (pack === undefined) throw new Error(`the profile lists no messaging.writablePacks[${index}]`);
  return pack;
};

function listing(
  api: ApiClient,
  target: TargetProfile,
  as: Caller,
  query = {},
  pack = target.messaging.pack,
) {
  return api.call('listPackMessages', {
    as,
    path: { pack_id: pack, user_id: target.users.seller.id },
    query,
  });
}

/**
 * Every message id of a conversation visible to the caller, over all pages. Only offset is sent: the
 * page size is the target's (the reference gives neither a default nor a maximum).
 */
async function allIds(api: ApiClient, target: TargetProfile, as: Caller, pack = target.messaging.pack) {
  const ids: string[] = [];
  for (let offset = 0; ; ) {
    const res = await listing(api, target, as, offset === 0 ? {} : { offset }, pack);
    expect(res.status, res.label).toBe(200);
    const body = res.body as Listing;
    ids.push(...body.messages.map((m) => m.id));
    offset += body.messages.length;
    if (body.messages.length === 0 || offset >= body.paging.total) return { ids, total: body.paging.total };
  }
}

/** The id of a created or read message, in the current or in the legacy form. */
function messageIdOf(body: unknown): string | undefined {
  const record = body as { id?: string; message_id?: string; messages?: { id: string }[] };
  return record.id ?? record.message_id ?? record.messages?.[0]?.id;
}

interface SendOptions {
  as?: Caller;
  pack?: number;
  json?: unknown;
  query?: Record<string, string>;
}

function send(api: ApiClient, target: TargetProfile, options: SendOptions): Promise<ApiResponse> {
  const { as = 'seller', pack = writable(target, 3), query } = options;
  return api.call('sendPackMessage', {
    as,
    path: { pack_id: pack, user_id: target.users.seller.id },
    query: query ?? { tag: 'post_sale', application_id: target.messaging.applicationId },
    json: options.json,
  });
}

const sellerSays = (target: TargetProfile, text: string, extra: Record<string, unknown> = {}) => ({
  from: { user_id: String(target.users.seller.id) },
  to: { user_id: String(target.users.buyer.id) },
  text,
  ...extra,
});
const buyerSays = (target: TargetProfile, text: string) => ({
  from: { user_id: String(target.users.buyer.id) },
  to: { user_id: String(target.users.seller.id) },
  text,
});

function expectCreated(res: ApiResponse): string {
  expect([200, 201], `${res.label}: a success status`).toContain(res.status);
  const id = messageIdOf(res.body);
  expect(id, `${res.label}: the created message has an id`).toBeTruthy();
  return id!;
}

test.describe('GET /messages/packs/{pack_id}/sellers/{user_id}', () => {
  test(
    'answers messages whose moderation and attachments carry the documented fields, read by either party',
    verifies(['MSG-MODERATION-STATUS', 'MSG-MODERATION-REASON', 'MSG-ATTACHMENT-FIELDS'], '@readonly'),
    async ({ api, target }) => {
      // The schema check of every answer enforces the value sets; this reads every page of both views so it applies.
      const seen: { moderation?: unknown; attachments?: unknown }[] = [];
      for (const as of ['seller', 'buyer'] as const) {
        for (let offset = 0; ; ) {
          const body = (await listing(api, target, as, offset === 0 ? {} : { offset })).body as {
            paging: { total: number };
            messages: { message_moderation?: unknown; message_attachments?: unknown }[];
          };
          seen.push(
            ...body.messages.map((m) => ({
              moderation: m.message_moderation,
              attachments: m.message_attachments,
            })),
          );
          offset += body.messages.length;
          if (body.messages.length === 0 || offset >= body.paging.total) break;
        }
      }
      expect(seen.filter((m) => m.moderation).length, 'messages with a moderation').toBeGreaterThan(0);
    },
  );

  test(
    'counts in paging.total exactly the messages its pages show each party, and lets both parties download every attachment a stranger may not',
    verifies(
      ['MSG-LIST-PAGING', 'MSG-MODERATED-HIDDEN', 'MSG-ATTACHMENT-FIELDS', 'ATT-AUTH-DOWNLOAD'],
      '@readonly',
    ),
    async ({ api, target }) => {
      const files = new Map<string, { type: string; size: number }>();
      for (const as of ['seller', 'buyer'] as const) {
        let shown = 0;
        let total = 0;
        for (let offset = 0; ; ) {
          const body = (await listing(api, target, as, offset === 0 ? {} : { offset })).body as {
            paging: { total: number };
            messages: { message_attachments?: { filename: string; type: string; size: number }[] | null }[];
          };
          total = body.paging.total;
          shown += body.messages.length;
          for (const m of body.messages)
            for (const a of m.message_attachments ?? []) files.set(a.filename, a);
          offset += body.messages.length;
          if (body.messages.length === 0 || offset >= total) break;
        }
        expect(shown, `${as}: paging.total counts the messages the listing shows`).toBe(total);
      }
      test.skip(files.size === 0, "not verified: no message of the profile's conversation has an attachment");
      for (const [id, listed] of files) {
        const query = { tag: 'post_sale', site_id: target.messaging.siteId };
        const asBuyer = await api.call('downloadAttachment', {
          as: 'buyer',
          path: { attachment_id: id },
          query,
        });
        test.skip(
          asBuyer.status !== 200,
          `not verified: the target does not serve attachment ${id} by its filename`,
        );
        expect(asBuyer.bytes.length, `${asBuyer.label}: the size the listing gives`).toBe(listed.size);
        if (/pdf|xml/.test(listed.type)) expectFileOfType(asBuyer.bytes, listed.type, asBuyer.label);
        const asSeller = await api.call('downloadAttachment', {
          as: 'seller',
          path: { attachment_id: id },
          query,
        });
        expect(
          asSeller.bytes.equals(asBuyer.bytes),
          `${asSeller.label}: the same file for both parties`,
        ).toBe(true);
        const stranger = await api.call('downloadAttachment', {
          as: 'stranger',
          path: { attachment_id: id },
          query,
        });
        expect(stranger.status, `${stranger.label}: a stranger may not download it`).toBe(403);
      }
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
      const body = (await listing(api, target, 'seller')).body as Listing;
      expect(body.seller_max_message_length, 'seller_max_message_length').toBe(350);
      expect(body.buyer_max_message_length, 'buyer_max_message_length').toBe(3500);
      expect(body.messages.length).toBeGreaterThan(0);
    },
  );

  test(
    'hides the message moderation rejected from the seller and shows it to the buyer who sent it',
    verifies(['MSG-MODERATED-HIDDEN'], '@readonly'),
    async ({ api, target }) => {
      const seller = await allIds(api, target, 'seller');
      const buyer = await allIds(api, target, 'buyer');
      expect(seller.ids, 'the seller sees the shared message').toContain(target.messaging.messageId);
      expect(buyer.ids, 'the buyer sees the shared message').toContain(target.messaging.messageId);
      expect(buyer.ids, 'the sender sees its rejected message').toContain(target.messaging.rejectedMessageId);
      expect(seller.ids, 'the counterpart does not see the rejected message').not.toContain(
        target.messaging.rejectedMessageId,
      );
    },
  );

  test('pages with limit and offset', verifies(['MSG-LIST-PAGING'], '@readonly'), async ({ api, target }) => {
    const all = await allIds(api, target, 'buyer');
    expect(all.total, 'the conversation holds at least two messages').toBeGreaterThanOrEqual(2);
    const page = (await listing(api, target, 'buyer', { limit: 1, offset: 1 })).body as Listing;
    expect(page.paging, 'paging gives the offset and the total').toMatchObject({
      offset: 1,
      total: all.total,
    });
    expect(page.messages.map((m) => m.id)).toEqual(all.ids.slice(1, 2));
  });

  const badPaging = [
    // The reference's table gives the condition, not the message: its wording is asserted on the mock only.
    { query: { limit: 0 }, ids: ['MSG-ERR-LIMIT-ZERO'], message: 'limit must be greater than 0' },
    { query: { limit: -1 }, ids: ['MSG-ERR-LIMIT-ZERO'] },
    { query: { limit: 'ten' }, ids: ['MSG-ERR-LIMIT-INVALID'] },
    { query: { offset: -1 }, ids: ['MSG-ERR-OFFSET-INVALID'] },
    { query: { offset: 'first' }, ids: ['MSG-ERR-OFFSET-INVALID'] },
  ];
  for (const { query, ids, message } of badPaging) {
    test(`answers 400 to ${JSON.stringify(query)}`, verifies(ids, '@readonly'), async ({ api, target }) => {
      expectError(
        await listing(api, target, 'seller', query),
        { status: 400, message, messageIsGap: true },
        target,
      );
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
      expectError(await listing(api, target, as), expected, target);
    });
  }

  test(
    "answers the mock's choices for bad packs and tokens",
    verifies(
      ['MSG-PACK-UNKNOWN', 'AUTH-INVALID-TOKEN', 'AUTH-MALFORMED-TOKEN', 'MSG-LIST-DEFAULTS'],
      '@readonly',
      '@mock-only',
    ),
    async ({ api, target }) => {
      expectError(
        await listing(api, target, 'seller', {}, target.orders.unknown),
        { status: 403, error: 'forbidden' },
        target,
      );
      expectError(
        await listing(api, target, { token: 'APP_USR-unknown-0' }),
        { status: 401, error: 'not_found' },
        target,
      );
      expectError(
        await listing(api, target, { token: 'not-a-token' }),
        { status: 400, error: 'bad_request' },
        target,
      );
      expect(((await listing(api, target, 'seller')).body as Listing).paging).toMatchObject({
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
    async ({ api, target }) => {
      for (const as of ['seller', 'buyer'] as const) {
        const res = await read(api, target.messaging.messageId, as);
        expect(res.status, res.label).toBe(200);
        expect(messageIdOf(res.body)).toBe(target.messaging.messageId);
      }
      const own = await read(api, target.messaging.rejectedMessageId, 'buyer');
      expect(messageIdOf(own.body), 'the sender reads its rejected message').toBe(
        target.messaging.rejectedMessageId,
      );
    },
  );

  test(
    'answers 400 to an id that does not exist and 403 to a user without access',
    verifies(['MSG-ERR-UNKNOWN-ID', 'MSG-AUTH-MESSAGE', 'MSG-AUTH-NO-TOKEN'], '@readonly'),
    async ({ api, target }) => {
      expectError(
        await read(api, 'ffffffffffffffffffffffffffffffff', 'seller'),
        { status: 400, message: 'The specified message id does not exists', messageIsGap: true },
        target,
      );
      expectError(await read(api, target.messaging.messageId, 'stranger'), { status: 403 }, target);
      expectError(
        await read(api, target.messaging.messageId, 'anonymous'),
        { status: 403, error: 'access_token_not_granted' },
        target,
      );
    },
  );

  test(
    'refuses the counterpart a message moderation rejected',
    verifies(['MSG-MODERATED-HIDDEN-BYID'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const res = await read(api, target.messaging.rejectedMessageId, 'seller');
      expectError(res, { status: 403, error: 'forbidden' }, target);
    },
  );

  test(
    'answers the legacy form by default and the newer form with x-format-new',
    verifies(['MSG-BYID-HEADER', 'MSG-BYID-NEW-FORM', 'MSG-FIELDS-LEGACY'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const legacy = await read(api, target.messaging.messageId, 'seller');
      expect(legacy.body).toMatchObject({ message_id: target.messaging.messageId, resource: 'orders' });
      const current = await read(api, target.messaging.messageId, 'seller', { 'x-format-new': 'true' });
      expect(current.body).toMatchObject({
        paging: null,
        conversation_status: null,
        messages: [{ id: target.messaging.messageId }],
      });
    },
  );
});

test.describe('POST /messages/packs/{pack_id}/sellers/{user_id}', () => {
  test(
    "creates a seller message that then appears in the sender's listing (and the buyer's on the mock)",
    verifies(['MSG-CREATE-BODY', 'MSG-CREATE-VISIBLE'], '@writes', '@smoke'),
    async ({ api, target }) => {
      const pack = writable(target, 0);
      const before = await allIds(api, target, 'seller', pack);
      const id = expectCreated(
        await send(api, target, { pack, json: sellerSays(target, `Pedido enviado (${Date.now()}).`) }),
      );
      const after = await allIds(api, target, 'seller', pack);
      expect(after.total, 'paging.total grows by one').toBe(before.total + 1);
      expect(after.ids).toContain(id);
      // Moderation may delay what the counterpart sees: immediate visibility to the buyer is the mock's.
      if (target.isMock) expect((await allIds(api, target, 'buyer', pack)).ids).toContain(id);
    },
  );

  test(
    'answers 201 with the current form and lists the new message last',
    verifies(['MSG-CREATE-STATUS', 'MSG-LIST-ORDER', 'MSG-CREATE-X-CLIENT-ID'], '@writes', '@mock-only'),
    async ({ api, target }) => {
      const pack = writable(target, 5);
      const res = await send(api, target, { pack, json: sellerSays(target, 'Obrigado pela compra!') });
      expect(res.status).toBe(201);
      const { ids } = await allIds(api, target, 'seller', pack);
      expect(ids.at(-1)).toBe(messageIdOf(res.body));
    },
  );

  test(
    'accepts 3500 characters from the buyer',
    verifies(['MSG-CREATE-ERR-BUYER-LENGTH'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 1);
      expectCreated(
        await send(api, target, { as: 'buyer', pack, json: buyerSays(target, 'b'.repeat(3500)) }),
      );
      expectError(
        await send(api, target, { as: 'buyer', pack, json: buyerSays(target, 'b'.repeat(3501)) }),
        { status: 400 },
        target,
      );
    },
  );

  test(
    'accepts 350 characters from the seller and refuses 351',
    verifies(['MSG-CREATE-ERR-SELLER-LENGTH'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 2);
      expectCreated(await send(api, target, { pack, json: sellerSays(target, 's'.repeat(350)) }));
      const res = await send(api, target, { pack, json: sellerSays(target, 's'.repeat(351)) });
      expectError(
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
    test(`answers 400 to ${row.name}`, verifies([...row.ids], '@writes'), async ({ api, target }) => {
      const json =
        'json' in row
          ? typeof row.json === 'function'
            ? row.json(target)
            : row.json
          : sellerSays(target, 'Olá');
      const res = await send(api, target, {
        as: 'as' in row ? row.as : 'seller',
        json,
        query: 'query' in row ? row.query : undefined,
      });
      expectError(res, { status: 400, message: 'message' in row ? row.message : undefined }, target);
    });
  }

  const forbiddenRows = [
    {
      name: 'a mediation in process',
      ids: ['MSG-CREATE-ERR-MEDIATION'],
      pack: (t: TargetProfile) => t.messaging.mediationPack,
    },
    {
      name: 'a purchase fulfilled by the platform and not delivered',
      ids: ['MSG-CREATE-ERR-FULFILLED'],
      pack: (t: TargetProfile) => t.messaging.fulfilledPack,
    },
    { name: 'a sender other than the caller', ids: ['MSG-CREATE-ERR-SENDER-ACCESS'], json: buyerSays },
    { name: 'a caller outside the order', ids: ['MSG-CREATE-ERR-SENDER-ACCESS'], as: 'stranger' },
    {
      name: 'a receiver outside the order',
      ids: ['MSG-CREATE-ERR-RECEIVER'],
      json: (t: TargetProfile) => sellerSays(t, 'Olá', { to: { user_id: String(t.users.stranger.id) } }),
    },
    { name: 'a user of a site without the API', ids: ['MSG-AUTH-SITE'], as: 'unavailableSite' },
  ] as const;
  for (const row of forbiddenRows) {
    test(`answers 403 to ${row.name}`, verifies([...row.ids], '@writes'), async ({ api, target }) => {
      const json = 'json' in row ? row.json(target, 'Olá') : sellerSays(target, 'Olá');
      const pack = 'pack' in row ? row.pack(target) : undefined;
      expectError(
        await send(api, target, { as: 'as' in row ? row.as : 'seller', pack, json }),
        { status: 403 },
        target,
      );
    });
  }

  test(
    'answers 403 conversation_blocked in a conversation blocked by a cancelled order',
    verifies(['MSG-CREATE-ERR-BLOCKED'], '@writes'),
    async ({ api, target }) => {
      const res = await send(api, target, {
        as: 'buyer',
        pack: target.messaging.blockedPack,
        json: buyerSays(target, 'Olá'),
      });
      expectError(
        res,
        {
          status: 403,
          error: 'conversation_blocked',
          message: 'blocked_conversation_send_message_forbidden',
        },
        target,
      );
      expect(
        JSON.stringify((res.body as { cause: unknown[] }).cause),
        'cause names blocked_by_cancelled_order',
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
    async ({ api, target }) => {
      const blocked = await send(api, target, {
        as: 'buyer',
        pack: target.messaging.blockedPack,
        json: buyerSays(target, 'Olá'),
      });
      expect((blocked.body as { cause: unknown[] }).cause).toEqual(['blocked_by_cancelled_order']);
      expectError(
        await send(api, target, { pack: target.messaging.mediationPack, json: sellerSays(target, 'Olá') }),
        { status: 403, error: 'forbidden', message: 'Mediation in process, messages cannot be sent' },
        target,
      );
      expectError(
        await send(api, target, { json: sellerSays(target, 'foguete 🚀') }),
        { status: 400, message: 'The message has unsupported characters' },
        target,
      );
      expectError(
        await send(api, target, {
          json: sellerSays(target, 'Olá'),
          query: { application_id: target.messaging.applicationId },
        }),
        { status: 400, message: 'tag must be post_sale' },
        target,
      );
      expectCreated(
        await send(api, target, { pack: writable(target, 6), json: sellerSays(target, 'Obrigado 👍 🙂') }),
      );
    },
  );

  test(
    'accepts 25 attachments and refuses 26',
    verifies(['MSG-CREATE-ATTACHMENTS-MAX', 'ATT-ERR-TOO-MANY'], '@writes'),
    async ({ api, target }) => {
      const pack = writable(target, 4);
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
        ids.push((res.body as { id: string }).id);
      }
      expectError(
        await send(api, target, { pack, json: sellerSays(target, 'Anexos', { attachments: ids }) }),
        { status: 400 },
        target,
      );
      expectCreated(
        await send(api, target, {
          pack,
          json: sellerSays(target, 'Anexos', { attachments: ids.slice(0, 25) }),
        }),
      );
    },
  );
});
