import { expect, test } from '@playwright/test';
import { req } from '../../lib/catalog/annotations.ts';
import { type SentBodyAt, sentBodyAt } from '../../lib/client/typed.ts';
import type { SentSchemas } from '../../lib/client/types.ts';
import {
  callConforming,
  expectMockError,
  type InjectedResponse,
  type MockCallOptions,
  useFreshMock,
} from './harness.ts';

const SELLER = 2001;
const SELLER2 = 2002;
const BUYER = 3001;
const STRANGER = 4001;
const OFFSITE = 5001;
const PACK = 3000000200;
const WRITABLE = 3000000201;
const BLOCKED = 3000000250;
const MEDIATION = 3000000251;
const FULFILLED = 3000000252;
const MESSAGE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const REJECTED_BY_BUYER = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
const REJECTED_BY_SELLER = 'd1b2c3d4e5f60718293a4b5c6d7e8f90';
const CREATE_QUERY = { tag: 'post_sale', application_id: '1234567890123456' };

const mock = useFreshMock();

const call = <O extends string>(operationId: O, options: MockCallOptions) =>
  callConforming(mock(), operationId, options);

const expectError = expectMockError;

async function listing(
  as: MockCallOptions['as'],
  pack = PACK,
  query: MockCallOptions['query'] = {},
  seller = SELLER,
) {
  return call('listPackMessages', { as, path: { pack_id: pack, user_id: seller }, query });
}

async function listed(
  as: number,
  pack = PACK,
  query: MockCallOptions['query'] = { limit: 100 },
): Promise<SentBodyAt<'listPackMessages', 200>> {
  const res = await listing(as, pack, query);
  expect(res.status).toBe(200);
  return sentBodyAt(res, 200);
}

/** A message the mock created: it answers 201 in the current form. */
function created(res: InjectedResponse<'sendPackMessage'>): SentSchemas['Message'] {
  const body = sentBodyAt(res, 201);
  if (!('id' in body))
    throw new Error(`${res.label}: the mock answered a created message in the legacy form`);
  return body;
}

const idsIn = (body: SentBodyAt<'listPackMessages', 200>) => body.messages.map((m) => m.id);

function send(
  as: MockCallOptions['as'],
  json: unknown,
  pack = WRITABLE,
  query: MockCallOptions['query'] = CREATE_QUERY,
) {
  return call('sendPackMessage', { as, path: { pack_id: pack, user_id: SELLER }, query, json });
}

const fromSeller = (text: string, extra: Record<string, unknown> = {}) => ({
  from: { user_id: String(SELLER) },
  to: { user_id: String(BUYER) },
  text,
  ...extra,
});
const fromBuyer = (text: string) => ({
  from: { user_id: String(BUYER) },
  to: { user_id: String(SELLER) },
  text,
});

async function uploadAttachments(count: number, as = SELLER): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await call('uploadAttachment', {
      as,
      query: { tag: 'post_sale', site_id: 'MLB' },
      multipart: {
        file: { name: `a${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`attachment ${i}`) },
      },
    });
    ids.push(sentBodyAt(res, [200, 201]).id);
  }
  return ids;
}

test.describe('mock: GET /messages/packs/{pack_id}/sellers/{user_id}', () => {
  test(
    'answers the envelope with conversation status and the limits 350 and 3500',
    req('MSG-LIST-ENVELOPE', 'MSG-CONVERSATION-STATUS', 'MSG-LIMIT-FIELDS', 'MSG-FIELDS-CURRENT'),
    async () => {
      const body = await listed(SELLER);
      expect(body.seller_max_message_length).toBe(350);
      expect(body.buyer_max_message_length).toBe(3500);
      expect(body.conversation_status).toMatchObject({ status: 'active', substatus: null });
      const blocked = await listed(SELLER, BLOCKED);
      expect(blocked.conversation_status).toMatchObject({
        status: 'blocked',
        substatus: 'blocked_by_cancelled_order',
      });
    },
  );

  test(
    'hides rejected messages from the counterpart and keeps them for their sender',
    req('MSG-MODERATED-HIDDEN'),
    async () => {
      const seller = idsIn(await listed(SELLER));
      const buyer = idsIn(await listed(BUYER));
      expect(seller).toContain(MESSAGE);
      expect(buyer).toContain(MESSAGE);
      expect(seller).not.toContain(REJECTED_BY_BUYER);
      expect(buyer).toContain(REJECTED_BY_BUYER);
      expect(seller).toContain(REJECTED_BY_SELLER);
      expect(buyer).not.toContain(REJECTED_BY_SELLER);
    },
  );

  test(
    'holds messages in every moderation status, with reasons and attachments',
    req('MSG-MODERATION-STATUS', 'MSG-MODERATION-REASON', 'MSG-ATTACHMENT-FIELDS'),
    async () => {
      const all = [...(await listed(SELLER)).messages, ...(await listed(BUYER)).messages];
      const statuses = new Set(all.map((m) => m.message_moderation.status));
      expect([...statuses].sort()).toEqual(['clean', 'non_moderated', 'pending', 'rejected']);
      expect(all.map((m) => m.message_moderation.reason)).toEqual(
        expect.arrayContaining(['PERSONAL_DATA', 'LINK_SHORT_URL']),
      );
      const withFile = all.find((m) => m.id === MESSAGE);
      expect(withFile?.message_attachments).toEqual([
        expect.objectContaining({ type: 'application/pdf', potential_security_threat: false }),
      ]);
    },
  );

  test(
    'pages with limit and offset, oldest first, 10 by default',
    req('MSG-LIST-PAGING', 'MSG-LIST-DEFAULTS', 'MSG-LIST-ORDER'),
    async () => {
      const all = await listed(SELLER);
      const page = await listed(SELLER, PACK, { limit: 2, offset: 1 });
      expect(page.paging).toEqual({ limit: 2, offset: 1, total: all.paging.total });
      expect(idsIn(page)).toEqual(idsIn(all).slice(1, 3));
      expect((await listed(SELLER, PACK, {})).paging).toMatchObject({ limit: 10, offset: 0 });
      expect(idsIn(await listed(SELLER, PACK, { offset: 99 }))).toEqual([]);
      expect(idsIn(all)[0]).toBe(MESSAGE);
    },
  );

  const badPaging: { query: Record<string, string | number>; ids: string[]; message: string }[] = [
    { query: { limit: 0 }, ids: ['MSG-ERR-LIMIT-ZERO'], message: 'limit must be greater than 0' },
    { query: { limit: -3 }, ids: ['MSG-ERR-LIMIT-ZERO'], message: 'limit must be greater than 0' },
    { query: { limit: 'abc' }, ids: ['MSG-ERR-LIMIT-INVALID'], message: 'Invalid limit: abc' },
    { query: { limit: '1.5' }, ids: ['MSG-ERR-LIMIT-INVALID'], message: 'Invalid limit: 1.5' },
    { query: { offset: -1 }, ids: ['MSG-ERR-OFFSET-INVALID'], message: 'Invalid offset: -1' },
    { query: { offset: 'x' }, ids: ['MSG-ERR-OFFSET-INVALID'], message: 'Invalid offset: x' },
  ];
  for (const { query, ids, message } of badPaging) {
    test(`answers 400 to ${JSON.stringify(query)}`, req(...ids), async () => {
      expectError(await listing(SELLER, PACK, query), 400, 'bad_request', message);
    });
  }

  test(
    'answers 403 to callers outside the conversation and 400/403 to bad packs',
    req('MSG-AUTH-ORDER', 'MSG-AUTH-NO-TOKEN', 'MSG-AUTH-SITE', 'MSG-PACK-UNKNOWN', 'AUTH-NO-TOKEN-403'),
    async () => {
      expectError(await listing('anonymous'), 403, 'access_token_not_granted');
      expectError(await listing(STRANGER), 403, 'forbidden', 'Access denied to the order resource');
      expectError(await listing(SELLER2, PACK, {}, SELLER2), 403, 'forbidden');
      expectError(await listing(OFFSITE), 403, 'forbidden', "The API is not available on the user's site");
      expectError(await listing(SELLER, 2999999999), 403, 'forbidden');
      const malformed = await call('listPackMessages', {
        as: SELLER,
        path: { pack_id: 'abc', user_id: SELLER },
      });
      expectError(malformed, 400, 'bad_request', 'Invalid pack id: abc');
    },
  );
});

test.describe('mock: GET /messages/{message_id}', () => {
  const read = (as: MockCallOptions['as'], id: string, headers: Record<string, string> = {}) =>
    call('getMessage', { as, path: { message_id: id }, headers });

  test(
    'answers the legacy form by default and the current form with x-format-new true',
    req('MSG-BYID-FORMS', 'MSG-BYID-NEW-FORM', 'MSG-BYID-HEADER', 'MSG-FIELDS-LEGACY'),
    async () => {
      const legacy = await read(SELLER, MESSAGE);
      expect(legacy.body).toMatchObject({
        message_id: MESSAGE,
        resource: 'orders',
        moderation: { status: 'clean' },
      });
      const current = await read(BUYER, MESSAGE, { 'x-format-new': 'true' });
      expect(current.body).toMatchObject({
        paging: null,
        conversation_status: null,
        messages: [{ id: MESSAGE }],
      });
    },
  );

  test(
    'answers 400 to an unknown id and 403 to users without access',
    req('MSG-ERR-UNKNOWN-ID', 'MSG-AUTH-MESSAGE', 'MSG-AUTH-NO-TOKEN'),
    async () => {
      expectError(await read(SELLER, 'ffff'), 400, 'bad_request', 'The specified message id does not exists');
      expectError(await read(STRANGER, MESSAGE), 403, 'forbidden', 'Access denied to the message');
      expectError(await read('anonymous', MESSAGE), 403, 'access_token_not_granted');
      expectError(await read(OFFSITE, MESSAGE), 403, 'forbidden');
    },
  );

  test(
    'lets the sender read its rejected message and refuses it to the counterpart',
    req('MSG-MODERATED-HIDDEN-BYID', 'MSG-MODERATED-HIDDEN'),
    async () => {
      expect((await read(BUYER, REJECTED_BY_BUYER)).body).toMatchObject({
        moderation: { status: 'rejected' },
      });
      expectError(await read(SELLER, REJECTED_BY_BUYER), 403, 'forbidden');
    },
  );
});

test.describe('mock: POST /messages/packs/{pack_id}/sellers/{user_id}', () => {
  test(
    'creates a message with 201 that both parties then list last',
    req('MSG-CREATE-BODY', 'MSG-CREATE-VISIBLE', 'MSG-CREATE-STATUS', 'MSG-CREATE-X-CLIENT-ID'),
    async () => {
      const res = await send(SELLER, fromSeller('Seu pedido foi enviado.'));
      expect(res.status).toBe(201);
      const { id } = created(res);
      expect(res.body).toMatchObject({
        text: 'Seu pedido foi enviado.',
        from: { user_id: SELLER },
        to: { user_id: BUYER },
      });
      for (const who of [SELLER, BUYER]) {
        const body = await listed(who, WRITABLE);
        expect(body.paging.total).toBe(1);
        expect(idsIn(body).at(-1)).toBe(id);
      }
    },
  );

  test(
    'accepts 350 characters from a seller and refuses 351',
    req('MSG-CREATE-ERR-SELLER-LENGTH'),
    async () => {
      expect((await send(SELLER, fromSeller('a'.repeat(350)))).status).toBe(201);
      const res = await send(SELLER, fromSeller('a'.repeat(351)));
      expectError(res, 400, 'bad_request', 'The message content is too long, max characters allowed are 350');
    },
  );

  test(
    'accepts 3500 characters from a buyer and refuses 3501',
    req('MSG-CREATE-ERR-BUYER-LENGTH'),
    async () => {
      expect((await send(BUYER, fromBuyer('b'.repeat(3500)))).status).toBe(201);
      const res = await send(BUYER, fromBuyer('b'.repeat(3501)));
      expectError(
        res,
        400,
        'bad_request',
        'The message content is too long, max characters allowed are 3500',
      );
    },
  );

  test(
    'accepts ISO-8859-1 and the permitted emoticons, refuses other characters',
    req('MSG-CREATE-ERR-CHARSET', 'MSG-CREATE-EMOTICONS'),
    async () => {
      expect((await send(SELLER, fromSeller('Ação ÿ ½ 😀 👍 🙏 ❤️'))).status).toBe(201);
      for (const text of ['中文', 'Привет', 'rocket 🚀', '€ 10']) {
        expectError(
          await send(SELLER, fromSeller(text)),
          400,
          'bad_request',
          'The message has unsupported characters',
        );
      }
    },
  );

  const badRequests: {
    name: string;
    ids: string[];
    as?: MockCallOptions['as'];
    json?: unknown;
    query?: Record<string, string>;
    message: string;
  }[] = [
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
    {
      name: 'no tag',
      ids: ['MSG-CREATE-TAG'],
      query: { application_id: '1' },
      message: 'tag must be post_sale',
    },
    {
      name: 'no JSON body',
      ids: ['MSG-CREATE-ERR-BODY-MISSING'],
      json: null,
      message: 'A JSON body is required',
    },
    {
      name: 'no from',
      ids: ['MSG-CREATE-ERR-FROM-MISSING'],
      json: { to: { user_id: '3001' }, text: 'oi' },
      message: 'Field from is required',
    },
    {
      name: 'no to.user_id',
      ids: ['MSG-CREATE-ERR-TO-MISSING'],
      json: { from: { user_id: '2001' }, to: {}, text: 'oi' },
      message: 'Field to.user_id is required',
    },
    {
      name: 'an invalid to.user_id',
      ids: ['MSG-CREATE-ERR-TO-INVALID'],
      json: fromSeller('oi', { to: { user_id: 'abc' } }),
      message: 'Invalid to user id: abc',
    },
    {
      name: 'sender equal to receiver',
      ids: ['MSG-CREATE-ERR-SAME-USER'],
      json: fromSeller('oi', { to: { user_id: '2001' } }),
      message: 'Sender and receiver must be different',
    },
    {
      name: 'no text',
      ids: ['MSG-CREATE-BODY'],
      json: { from: { user_id: '2001' }, to: { user_id: '3001' } },
      message: 'Field text is required',
    },
    {
      name: 'an unknown attachment',
      ids: ['MSG-CREATE-BODY'],
      json: fromSeller('oi', { attachments: ['nope'] }),
      message: 'Attachment not found: nope',
    },
  ];
  for (const {
    name,
    ids,
    as = SELLER,
    json = fromSeller('oi'),
    query = CREATE_QUERY,
    message,
  } of badRequests) {
    test(`answers 400 to ${name}`, req(...ids), async () => {
      const res =
        json === null
          ? await call('sendPackMessage', { as, path: { pack_id: WRITABLE, user_id: SELLER }, query })
          : await send(as, json, WRITABLE, query);
      expectError(res, 400, 'bad_request', message);
      expect((await listed(SELLER, WRITABLE)).paging.total).toBe(0);
    });
  }

  const forbiddenSends: {
    name: string;
    ids: string[];
    as?: number;
    pack?: number;
    json?: unknown;
    error?: string;
    message: string;
  }[] = [
    {
      name: 'a mediation in process',
      ids: ['MSG-CREATE-ERR-MEDIATION', 'MSG-CREATE-MEDIATION-COUNTRY'],
      pack: MEDIATION,
      message: 'Mediation in process, messages cannot be sent',
    },
    {
      name: 'a purchase fulfilled and not delivered',
      ids: ['MSG-CREATE-ERR-FULFILLED'],
      pack: FULFILLED,
      message: 'The purchase is fulfilled by the platform and not yet delivered',
    },
    {
      name: 'a sender other than the caller',
      ids: ['MSG-CREATE-ERR-SENDER-ACCESS'],
      json: fromBuyer('oi'),
      message: 'The sender has no access to the order',
    },
    {
      name: 'a caller outside the order',
      ids: ['MSG-CREATE-ERR-SENDER-ACCESS'],
      as: STRANGER,
      json: { from: { user_id: '4001' }, to: { user_id: '3001' }, text: 'oi' },
      message: 'Access denied to the order resource',
    },
    {
      name: 'a receiver outside the order',
      ids: ['MSG-CREATE-ERR-RECEIVER'],
      json: fromSeller('oi', { to: { user_id: '4001' } }),
      message: 'The receiver does not belong to the order',
    },
    {
      name: 'a user of an unavailable site',
      ids: ['MSG-AUTH-SITE'],
      as: OFFSITE,
      message: "The API is not available on the user's site",
    },
  ];
  for (const {
    name,
    ids,
    as = SELLER,
    pack = WRITABLE,
    json = fromSeller('oi'),
    error = 'forbidden',
    message,
  } of forbiddenSends) {
    test(`answers 403 to ${name}`, req(...ids), async () => {
      expectError(await send(as, json, pack), 403, error, message);
    });
  }

  test(
    'answers 403 conversation_blocked with its cause in a blocked conversation',
    req('MSG-CREATE-ERR-BLOCKED', 'MSG-CREATE-BLOCKED-CAUSE'),
    async () => {
      const res = await send(BUYER, fromBuyer('oi'), BLOCKED);
      expect(res.body).toEqual({
        message: 'blocked_conversation_send_message_forbidden',
        error: 'conversation_blocked',
        status: 403,
        cause: ['blocked_by_cancelled_order'],
      });
    },
  );

  test(
    'accepts 25 attachments and refuses 26',
    req('MSG-CREATE-ATTACHMENTS-MAX', 'ATT-ERR-TOO-MANY'),
    async () => {
      const ids = await uploadAttachments(26);
      const res = await send(SELLER, fromSeller('arquivos', { attachments: ids.slice(0, 25) }));
      expect(res.status).toBe(201);
      expect(created(res).message_attachments).toHaveLength(25);
      expectError(
        await send(SELLER, fromSeller('arquivos', { attachments: ids })),
        400,
        'bad_request',
        'Too many attachments, max allowed are 25',
      );
    },
  );
});
