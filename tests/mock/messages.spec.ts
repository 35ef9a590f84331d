import { expect, test } from '@playwright/test';
import { req } from '../../lib/catalog/annotations.ts';
import type { MockCallOptions } from './harness.ts';
import {
  BLOCKED,
  BUYER,
  MESSAGE,
  messageCalls,
  OFFSITE,
  PACK,
  REJECTED_BY_BUYER,
  REJECTED_BY_SELLER,
  SELLER,
  SELLER2,
  STRANGER,
} from './messages-kit.ts';

const { call, expectError, listing, listed, idsIn } = messageCalls();

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
