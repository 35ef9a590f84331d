import { expect } from '@playwright/test';
import { type SentBodyAt, sentBodyAt } from '../../lib/client/typed.ts';
import type { SentSchemas } from '../../lib/client/types.ts';
import {
  callConforming,
  expectMockError,
  type InjectedResponse,
  type MockCallOptions,
  useFreshMock,
} from './harness.ts';

// What the conversations' tests share: the seed's users, packs and messages, and calls to a fresh mock.
export const SELLER = 2001;
export const SELLER2 = 2002;
export const BUYER = 3001;
export const STRANGER = 4001;
export const OFFSITE = 5001;
export const PACK = 3000000200;
export const WRITABLE = 3000000201;
export const BLOCKED = 3000000250;
export const MEDIATION = 3000000251;
export const FULFILLED = 3000000252;
export const MESSAGE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
export const REJECTED_BY_BUYER = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
export const REJECTED_BY_SELLER = 'd1b2c3d4e5f60718293a4b5c6d7e8f90';
export const CREATE_QUERY = { tag: 'post_sale', application_id: '1234567890123456' };

/** A fresh mock for each test of the calling file, and the calls its tests make of it. */
export function messageCalls() {
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

  return {
    call,
    expectError,
    listing,
    listed,
    created,
    idsIn,
    send,
    fromSeller,
    fromBuyer,
    uploadAttachments,
  };
}
