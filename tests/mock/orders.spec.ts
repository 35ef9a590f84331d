import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { type SentBodyAt, sentBodyAt } from '../../lib/client/typed.ts';
import { fixturesDir } from '../../mock/store/data.ts';
import type { OrderSeed } from '../../mock/store/orders-types.ts';
import {
  callConforming,
  expectMockError,
  type MockCallOptions,
  MockHarness,
  useSharedMock,
} from './harness.ts';

const SELLER = 2001;
const SELLER2 = 2002;
const BUYER = 3001;
const STRANGER = 4001;
const OFFSITE = 5001;
const ORDERS = {
  confirmed: 2000000001,
  paid: 2000000005,
  cancelled: 2000000006,
  manuallyCancelled: 2000000008,
  partial: 2000000009,
  fraud: 2000000010,
  mshops: 2000000011,
  withPack: 2000000012,
  withoutPack: 2000000013,
  ofSeller2: 2000000020,
  expired: 2000000099,
  mediation: 2000000251,
};
const SHIPMENT = 4000000012;

interface Pack {
  packId: number;
  orderIds: number[];
  buyerId: number;
  sellerIds: number[];
  cancelled: boolean;
  packless: boolean;
}
const readJson = <T>(name: string): T =>
  JSON.parse(readFileSync(join(fixturesDir, 'data', name), 'utf8')) as T;

const mock = useSharedMock();

const call = <O extends string>(operationId: O, options: MockCallOptions) =>
  callConforming(mock(), operationId, options);

const expectError = expectMockError;

const getOrder = (
  id: number | string,
  as: MockCallOptions['as'] = SELLER,
  headers?: Record<string, string>,
) => call('getOrder', { as, path: { order_id: id }, headers });

async function search(
  query: Record<string, string | number>,
  as: number = SELLER,
): Promise<SentBodyAt<'searchOrders', 200>> {
  const res = await call('searchOrders', { as, query });
  expect(res.status, res.text).toBe(200);
  return sentBodyAt(res, 200);
}

const ids = (body: SentBodyAt<'searchOrders', 200>) => body.results.map((order) => order.id);

test.describe('seed data: orders.json', () => {
  const seed = readJson<{ orders: OrderSeed[] }>('orders.json');
  const byId = new Map(seed.orders.map((order) => [order.id, order]));

  test('agrees with packs.json: pack_id, buyer, seller and cancellation of every pack order', () => {
    const { packs } = readJson<{ packs: Pack[] }>('packs.json');
    for (const pack of packs) {
      pack.orderIds.forEach((orderId, index) => {
        const order = byId.get(orderId);
        expect(order, `order ${orderId} of pack ${pack.packId}`).toBeDefined();
        expect(order?.packId, `pack_id of order ${orderId}`).toBe(pack.packless ? null : pack.packId);
        if (pack.packless) expect(orderId).toBe(pack.packId);
        expect(order?.buyerId, `buyer of order ${orderId}`).toBe(pack.buyerId);
        expect(order?.sellerId, `seller of order ${orderId}`).toBe(
          pack.sellerIds[index] ?? pack.sellerIds[0],
        );
        expect(pack.sellerIds).toContain(order?.sellerId);
        if (pack.cancelled) expect(order?.status, `order ${orderId} of a cancelled pack`).toBe('cancelled');
      });
    }
  });

  test('holds one order per status of the target profile, all of seller 2001 and buyer 3001', () => {
    const profile = readJson<{ orders: { byStatus: Record<string, number> } }>('../targets/mock.json');
    for (const [status, id] of Object.entries(profile.orders.byStatus)) {
      expect(byId.get(id)?.status, `order ${id}`).toBe(status);
      expect([byId.get(id)?.sellerId, byId.get(id)?.buyerId]).toEqual([SELLER, BUYER]);
    }
  });
});

test.describe('GET /orders/{order_id}', () => {
  test('answers the full order to its seller and to its buyer', async () => {
    for (const as of [SELLER, BUYER]) {
      const res = await getOrder(ORDERS.paid, as);
      expect(res.status).toBe(200);
      expect(sentBodyAt(res, 200).id).toBe(ORDERS.paid);
    }
  });

  test('answers each status of the profile and sets date_closed not before date_created', async () => {
    for (const id of [
      2000000001, 2000000002, 2000000003, 2000000004, 2000000005, 2000000006, 2000000007, 2000000008,
    ]) {
      const order = sentBodyAt(await getOrder(id), 200);
      expect(Date.parse(order.date_closed)).toBeGreaterThanOrEqual(Date.parse(order.date_created));
    }
    expect(sentBodyAt(await getOrder(ORDERS.manuallyCancelled), 200).status).toBe('manually_cancelled');
  });

  test('answers 206 with X-Content-Missing and empty objects for the partial order', async () => {
    const res = await getOrder(ORDERS.partial);
    expect(res.status).toBe(206);
    expect(res.headers['x-content-missing']).toBe('buyer,shipping');
    const body = sentBodyAt(res, 206);
    expect([body.buyer, body.shipping]).toEqual([{}, {}]);
    expect(body.seller).toEqual({ id: SELLER });
  });

  test('answers the same body with x-format-new: true', async () => {
    const plain = await getOrder(ORDERS.paid);
    const newer = await getOrder(ORDERS.paid, SELLER, { 'x-format-new': 'true' });
    expect(newer.body).toEqual(plain.body);
  });

  test('gives pack_id, null for a packless order, and the shipment id', async () => {
    const withPack = sentBodyAt(await getOrder(ORDERS.withPack), 200);
    expect([withPack.pack_id, withPack.shipping.id]).toEqual([3000000012, SHIPMENT]);
    expect(sentBodyAt(await getOrder(ORDERS.withoutPack), 200).pack_id).toBeNull();
  });

  test('tags the fraud and mshops orders', async () => {
    expect(sentBodyAt(await getOrder(ORDERS.fraud), 200).tags).toContain('fraud_risk_detected');
    expect(sentBodyAt(await getOrder(ORDERS.mshops), 200).tags).toContain('mshops');
  });

  test('answers order_not_found for an unknown id and for an order older than 12 months', async () => {
    for (const id of [2999999999, ORDERS.expired]) {
      expectError(await getOrder(id), 404, 'order_not_found', 'Order not found.');
    }
  });

  test('answers invalid_order_id and empty_order_id with 400', async () => {
    for (const id of ['abc', '12.5', '-3', '0', '1e9']) {
      expectError(await getOrder(id), 400, 'invalid_order_id', 'Invalid order ID.');
    }
    expectError(await getOrder(' '), 400, 'empty_order_id', 'Order ID can not be empty.');
  });

  test('answers the token errors: none, malformed, unknown, off-site user, stranger', async () => {
    expectError(
      await getOrder(ORDERS.paid, 'anonymous'),
      403,
      'not_identified_user',
      'Can not identify the user.',
    );
    expectError(
      await getOrder(ORDERS.paid, { token: 'not a token' }),
      400,
      'bad_request',
      /^Malformed access_token/,
    );
    expectError(
      await getOrder(ORDERS.paid, { token: 'APP_USR-unknown-1' }),
      401,
      'not_found',
      'invalid_token',
    );
    expectError(await getOrder(ORDERS.paid, OFFSITE), 403, 'forbidden');
    expectError(
      await getOrder(ORDERS.paid, STRANGER),
      403,
      'not_owned_order',
      'The user has not access to the order.',
    );
    expectError(await getOrder(ORDERS.paid, SELLER2), 403, 'not_owned_order');
  });
});

test.describe('GET /orders/{order_id}/product and /discounts', () => {
  test('answer the product attributes and the three kinds of discount', async () => {
    const product = await call('getOrderProduct', { as: BUYER, path: { order_id: ORDERS.paid } });
    expect(sentBodyAt(product, 200).attributes.length).toBeGreaterThan(0);
    const discounts = await call('getOrderDiscounts', { as: SELLER, path: { order_id: ORDERS.paid } });
    const types = sentBodyAt(discounts, 200).details.map((d) => d.type);
    expect(types.sort()).toEqual(['cashback', 'coupon', 'discount']);
    const none = await call('getOrderDiscounts', { as: SELLER, path: { order_id: ORDERS.confirmed } });
    expect(none.body).toEqual({ details: [] });
  });

  test('apply the order errors', async () => {
    for (const operationId of ['getOrderProduct', 'getOrderDiscounts']) {
      const at = (order_id: number | string, as: MockCallOptions['as'] = SELLER) =>
        call(operationId, { as, path: { order_id } });
      expectError(await at(ORDERS.paid, STRANGER), 403, 'not_owned_order');
      expectError(await at(ORDERS.paid, 'anonymous'), 403, 'not_identified_user');
      expectError(await at(ORDERS.expired), 404, 'order_not_found');
      expectError(await at('x1'), 400, 'invalid_order_id');
      expectError(await at(ORDERS.paid, OFFSITE), 403, 'forbidden');
    }
  });
});

test.describe('GET /orders/search', () => {
  test("returns the seller's orders, oldest first, with the search-only fields", async () => {
    const body = await search({ seller: SELLER });
    expect(body.results.every((order) => order.seller.id === SELLER)).toBe(true);
    const dates = body.results.map((order) => Date.parse(order.date_created));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(body.sort.id).toBe('date_asc');
    expect(body.paging).toMatchObject({ offset: 0, limit: 50 });
    expect(body.results[0]?.seller.nickname).toBe('LOJA_AURORA');
    expect(body.results[0]?.order_items[0]).toHaveProperty('base_currency_id', null);
  });

  test('never returns manually cancelled orders to a seller, but does to the buyer', async () => {
    expect(ids(await search({ seller: SELLER, limit: 100 }))).not.toContain(ORDERS.manuallyCancelled);
    expect(ids(await search({ buyer: BUYER, limit: 100 }, BUYER))).toContain(ORDERS.manuallyCancelled);
    expect((await search({ seller: SELLER, 'order.status': 'manually_cancelled' })).paging.total).toBe(0);
  });

  test('sorts date_desc newest first and pages with offset and limit', async () => {
    const all = ids(await search({ seller: SELLER, limit: 100, sort: 'date_desc' }));
    expect(all[0]).toBe(ORDERS.confirmed);
    const page = await search({ seller: SELLER, limit: 3, offset: 2, sort: 'date_desc' });
    expect(ids(page)).toEqual(all.slice(2, 5));
    expect(page.paging).toEqual({ total: all.length, offset: 2, limit: 3 });
  });

  test('applies item, tags, tags.not, q and order.status', async () => {
    type Searched = SentBodyAt<'searchOrders', 200>['results'][number];
    const cases: [Record<string, string>, (o: Searched) => boolean][] = [
      [{ item: 'MLB100000002' }, (o) => o.order_items[0]?.item.id === 'MLB100000002'],
      [{ tags: 'mshops' }, (o) => o.tags.includes('mshops')],
      [{ tags: 'paid,delivered' }, (o) => o.tags.includes('paid') && o.tags.includes('delivered')],
      [{ 'tags.not': 'paid' }, (o) => !o.tags.includes('paid')],
      [{ 'order.status': 'cancelled,invalid' }, (o) => ['cancelled', 'invalid'].includes(o.status)],
      [{ q: 'cafeteira' }, (o) => /cafeteira/i.test(String(o.order_items[0]?.item.title ?? ''))],
    ];
    const all = await search({ seller: SELLER, limit: 100 });
    for (const [filter, matches] of cases) {
      const body = await search({ seller: SELLER, limit: 100, ...filter });
      expect(body.results.length, JSON.stringify(filter)).toBeGreaterThan(0);
      expect(ids(body), JSON.stringify(filter)).toEqual(
        ids(all).filter((id) => matches(all.results.find((o) => o.id === id)!)),
      );
    }
    expect((await search({ seller: SELLER, q: 'cafeteira' })).query).toBe('cafeteira');
    expect(ids(await search({ seller: SELLER, q: String(ORDERS.fraud) }))).toEqual([ORDERS.fraud]);
    expect(ids(await search({ buyer: BUYER, q: 'casa_borges', limit: 100 }, BUYER))).toEqual([
      2000001100, 2000001118, 2000001119,
    ]);
  });

  test('applies the date ranges inclusively', async () => {
    const order = sentBodyAt(await getOrder(ORDERS.paid), 200);
    for (const [field, value] of [
      ['date_created', order.date_created],
      ['date_closed', order.date_closed],
      ['date_last_updated', order.last_updated],
    ] as const) {
      const body = await search({
        seller: SELLER,
        [`order.${field}.from`]: value,
        [`order.${field}.to`]: value,
      });
      expect(ids(body), field).toEqual([ORDERS.paid]);
    }
  });

  test('applies mediations and feedback filters', async () => {
    const cases: [Record<string, string>, number[]][] = [
      [{ 'mediations.stage': 'claim' }, [ORDERS.mediation]],
      [{ 'mediations.status': 'closed' }, [ORDERS.cancelled]],
      [{ 'feedback.sale.rating': 'negative' }, [ORDERS.cancelled]],
      [{ 'feedback.purchase.rating': 'positive' }, [ORDERS.paid]],
      [{ 'feedback.sale.fulfilled': 'true' }, [ORDERS.paid]],
      [{ 'feedback.sale.fulfilled': 'false' }, [ORDERS.cancelled]],
      [{ 'feedback.purchase.fulfilled': 'true' }, [ORDERS.paid]],
      [{ 'feedback.status': 'active' }, [ORDERS.paid, ORDERS.cancelled].sort()],
    ];
    for (const [filter, expected] of cases) {
      expect(
        ids(await search({ seller: SELLER, limit: 100, ...filter })).sort(),
        JSON.stringify(filter),
      ).toEqual(expected);
    }
  });

  test('filters the counterpart with the other party parameter', async () => {
    expect(ids(await search({ seller: SELLER2, buyer: 3002 }, SELLER2))).toEqual([ORDERS.ofSeller2]);
    expect((await search({ seller: SELLER, buyer: 3002 })).paging.total).toBe(0);
  });

  test('refuses a search of another user with caller.id.invalid and one naming nobody with 400', async () => {
    expectError(
      await call('searchOrders', { as: SELLER, query: { seller: SELLER2 } }),
      403,
      'caller.id.invalid',
    );
    expectError(await call('searchOrders', { as: BUYER, query: { buyer: 3002 } }), 403, 'caller.id.invalid');
    expectError(await call('searchOrders', { as: SELLER, query: { tags: 'paid' } }), 400, 'bad_request');
    expectError(
      await call('searchOrders', { as: 'anonymous', query: { seller: SELLER } }),
      403,
      'not_identified_user',
    );
    expectError(await call('searchOrders', { as: OFFSITE, query: { seller: OFFSITE } }), 403, 'forbidden');
  });

  test('answers 400 to invalid filter values', async () => {
    const bad: Record<string, string>[] = [
      { seller: 'me' },
      { sort: 'price_asc' },
      { limit: '0' },
      { limit: '101' },
      { offset: '-1' },
      { 'feedback.sale.fulfilled': 'yes' },
      { 'order.date_created.from': '2026-01-01' },
      { 'order.date_closed.to': '2026-01-01T00:00:00' },
    ];
    for (const query of bad) {
      expectError(
        await call('searchOrders', { as: SELLER, query: { seller: SELLER, ...query } }),
        400,
        'bad_request',
      );
    }
  });
});

test.describe('orders at scale', () => {
  test('generates bulk orders outside the profile ids and searches them through the indexes', async () => {
    const big = await MockHarness.start({ scale: 3 });
    try {
      const res = await big.call('searchOrders', { as: SELLER, query: { seller: SELLER, limit: 1 } });
      expect(res.violations).toEqual([]);
      const total = sentBodyAt(res, 200).paging.total;
      expect(total).toBeGreaterThan(500);
      const bulk = await big.call('getOrder', { as: BUYER, path: { order_id: 2500000000 } });
      expect([bulk.status, bulk.violations]).toEqual([200, []]);
    } finally {
      await big.close();
    }
  });
});
