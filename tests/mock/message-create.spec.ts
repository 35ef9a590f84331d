import { expect, test } from '@playwright/test';
import { req } from '../../lib/catalog/annotations.ts';
import type { MockCallOptions } from './harness.ts';
import {
  BLOCKED,
  BUYER,
  CREATE_QUERY,
  FULFILLED,
  MEDIATION,
  messageCalls,
  OFFSITE,
  SELLER,
  STRANGER,
  WRITABLE,
} from './messages-kit.ts';

const { call, expectError, listed, created, idsIn, send, fromSeller, fromBuyer, uploadAttachments } =
  messageCalls();

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
