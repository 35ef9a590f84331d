import type { ApiClient } from '../../fixtures/api/client.ts';
import type { Caller } from '../../fixtures/api/types.ts';
import { expectError } from '../../fixtures/assertions.ts';
import { expect, test, verifies } from '../../fixtures/index.ts';
import { ORDER_STATUSES } from '../../fixtures/target/types.ts';

// Read-only: every operation of this file is a GET; no pack or conversation is used.

interface Order {
  id: number;
  status: string;
  date_created: string;
  date_closed: string;
  last_updated: string;
  order_items: { item: { id: string; title: string }; currency_id: string }[];
  payments: { status: string; available_actions: string[] }[];
  tags: string[];
  total_amount: number;
  currency_id: string;
  taxes: { amount: number | null; currency_id: string | null };
  cancel_detail: { group?: string; code?: string; requested_by?: string; date?: string };
  pack_id: number | null;
  shipping: { id: number };
  buyer: { id: number | string };
  seller: { id: number };
}

const ORDER_OPERATIONS = ['getOrder', 'getOrderProduct', 'getOrderDiscounts'] as const;
const MISSING_FIELDS = ['buyer', 'feedback', 'mediations', 'seller', 'shipping'];

async function readOrder(api: ApiClient, id: number, as: Caller = 'seller'): Promise<Order> {
  const res = await api.call('getOrder', { as, path: { order_id: id }, headers: { 'x-format-new': 'true' } });
  expect(res.status, `${res.label}: the order can be read by its ${String(as)}`).toBe(200);
  return res.body as Order;
}

test.describe('GET /orders/{order_id}', () => {
  test(
    'answers an order in the full form, with items and payments',
    verifies(
      [
        'ORD-ORDER-FIELDS',
        'ORD-ITEM-FIELDS',
        'ORD-PAYMENT-FIELDS',
        'ORD-ORDER-CONTEXT',
        'AUTH-BEARER-HEADER',
      ],
      '@readonly',
      '@smoke',
    ),
    async ({ api, target }) => {
      const order = await readOrder(api, target.orders.byStatus.paid);
      expect(order.id).toBe(target.orders.byStatus.paid);
      expect(order.order_items.length, 'an order has at least one item').toBeGreaterThan(0);
      expect(order.payments.length, 'a paid order has its payment').toBeGreaterThan(0);
    },
  );

  test(
    'answers each status of the profile and a date_closed not before date_created',
    verifies(['ORD-STATUS-VALUES', 'ORD-ORDER-DATE-CLOSED'], '@readonly'),
    async ({ api, target }) => {
      for (const status of ORDER_STATUSES.filter((s) => s !== 'manually_cancelled')) {
        const order = await readOrder(api, target.orders.byStatus[status]);
        expect(order.status, `order ${order.id}`).toBe(status);
        expect(
          Date.parse(order.date_closed),
          `order ${order.id}: date_closed ≥ date_created`,
        ).toBeGreaterThanOrEqual(Date.parse(order.date_created));
      }
    },
  );

  test(
    'gives a paid order an approved payment that can be refunded',
    verifies(['ORD-PAYMENT-APPROVED'], '@readonly'),
    async ({ api, target }) => {
      const order = await readOrder(api, target.orders.byStatus.paid);
      const approved = order.payments.find((payment) => payment.status === 'approved');
      expect(approved, `order ${order.id}: a payment with status approved`).toBeDefined();
      expect(approved?.available_actions).toContain('refund');
    },
  );

  test(
    'details the cancellation of a cancelled order',
    verifies(['ORD-ORDER-CANCEL-DETAIL'], '@readonly'),
    async ({ api, target }) => {
      const order = await readOrder(api, target.orders.byStatus.cancelled);
      const groups = [
        'mediations',
        'fiscal',
        'buyer',
        'fraud',
        'item',
        'shipment',
        'delivery',
        'seller',
        'internal',
      ];
      expect(groups, `order ${order.id}: cancel_detail.group`).toContain(order.cancel_detail.group);
      expect(typeof order.cancel_detail.code).toBe('string');
      expect(typeof order.cancel_detail.requested_by).toBe('string');
      expect(Number.isNaN(Date.parse(order.cancel_detail.date ?? ''))).toBe(false);
    },
  );

  test(
    'gives pack_id, null for an order without pack, and the shipment id',
    verifies(['ORD-ORDER-PACK', 'ORD-ORDER-SHIPPING', 'GEN-PACK-ID-FALLBACK'], '@readonly'),
    async ({ api, target }) => {
      const withPack = await readOrder(api, target.orders.withPack);
      expect(Number.isInteger(withPack.pack_id), `order ${withPack.id}: pack_id`).toBe(true);
      expect(withPack.shipping.id, `order ${withPack.id}: shipping.id is the profile's shipment`).toBe(
        target.orders.shipment,
      );
      expect((await readOrder(api, target.orders.withoutPack)).pack_id).toBeNull();
    },
  );

  test(
    'tags an order flagged as fraud with fraud_risk_detected',
    verifies(['ORD-STATUS-FRAUD'], '@readonly'),
    async ({ api, target }) => {
      expect((await readOrder(api, target.orders.fraud)).tags).toContain('fraud_risk_detected');
    },
  );

  test(
    'answers 206 with X-Content-Missing and the missing fields as empty objects',
    verifies(['ORD-READ-PARTIAL'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('getOrder', { as: 'seller', path: { order_id: target.orders.partial } });
      expect(res.status, `${res.label}: partial order data`).toBe(206);
      const missing = (res.headers['x-content-missing'] ?? '').split(',').map((field) => field.trim());
      expect(missing.length).toBeGreaterThan(0);
      const body = res.body as Record<string, unknown>;
      for (const field of missing) {
        expect(MISSING_FIELDS).toContain(field);
        expect(body[field], `${field} is named by X-Content-Missing`).toEqual({});
      }
      expect(body.id, 'the rest of the order is present').toBe(target.orders.partial);
    },
  );

  test(
    'answers with x-format-new: true',
    verifies(['ORD-READ-FORMAT-NEW'], '@readonly'),
    async ({ api, target }) => {
      expect((await readOrder(api, target.orders.withPack)).id).toBe(target.orders.withPack);
    },
  );

  test(
    'computes the total with shipping from the order and its shipment in the item currency',
    verifies(['ORD-TOTAL-SHIPPING'], '@readonly'),
    async ({ api, target }) => {
      const order = await readOrder(api, target.orders.withPack);
      const shipment = await api.call('getShipment', {
        as: 'seller',
        path: { shipping_id: order.shipping.id },
        headers: { 'x-format-new': 'true' },
      });
      expect(shipment.status, shipment.label).toBe(200);
      const lead = (shipment.body as { lead_time: { cost: number; currency_id?: string } }).lead_time;
      const itemCurrency = order.order_items[0]!.currency_id;
      const inItemCurrency = async (amount: number, currency: string | null | undefined) => {
        if (!currency || currency === itemCurrency) return amount;
        const res = await api.call('convertCurrency', { query: { from: currency, to: itemCurrency } });
        expect(res.status, res.label).toBe(200);
        return amount * (res.body as { ratio: number }).ratio;
      };
      const total =
        (await inItemCurrency(order.total_amount, order.currency_id)) +
        (await inItemCurrency(order.taxes.amount ?? 0, order.taxes.currency_id)) +
        (await inItemCurrency(lead.cost, lead.currency_id));
      expect(Number.isFinite(total), `total_amount_with_shipping of order ${order.id}`).toBe(true);
    },
  );

  test(
    'answers order_not_found for an unknown order',
    verifies(['ORD-ERR-ORDER-NOT-FOUND', 'ORD-ERR-STATUS'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, { as: 'seller', path: { order_id: target.orders.unknown } });
        expectError(
          res,
          { status: 404, error: 'order_not_found', message: 'Order not found.', statusIsGap: true },
          target,
        );
      }
    },
  );

  test(
    'answers invalid_order_id for a non-integer id and empty_order_id for a blank one',
    verifies(['ORD-ERR-INVALID-ORDER-ID', 'ORD-ERR-EMPTY-ORDER-ID', 'ORD-ERR-STATUS'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, { as: 'seller', path: { order_id: 'abc' } });
        expectError(
          res,
          { status: 400, error: 'invalid_order_id', message: 'Invalid order ID.', statusIsGap: true },
          target,
        );
      }
      const blank = await api.call('getOrder', { as: 'seller', path: { order_id: ' ' } });
      expectError(
        blank,
        { status: 400, error: 'empty_order_id', message: 'Order ID can not be empty.', statusIsGap: true },
        target,
      );
    },
  );

  test(
    'answers orders older than 12 months as unknown',
    verifies(['ORD-RETENTION'], '@readonly'),
    async ({ api, target }) => {
      const expired = target.orders.expired;
      test.skip(expired === undefined, 'the profile names no order older than 12 months');
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, { as: 'seller', path: { order_id: expired! } });
        expectError(res, { status: 404, error: 'order_not_found', statusIsGap: true }, target);
      }
    },
  );
});

test.describe('GET /orders/{order_id} and its product and discounts: access', () => {
  test(
    'are read by the buyer and by the seller of the order',
    verifies(['ORD-READ-OWNER'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        for (const as of ['seller', 'buyer'] as const) {
          const res = await api.call(operationId, { as, path: { order_id: target.orders.byStatus.paid } });
          expect(res.status, `${res.label} as ${as}`).toBe(200);
        }
      }
    },
  );

  test(
    'answer not_owned_order to a user who is neither buyer nor seller',
    verifies(['ORD-READ-OWNER', 'ORD-ERR-NOT-OWNED-ORDER', 'ORD-ERR-STATUS'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        for (const as of ['stranger', 'seller2'] as const) {
          const res = await api.call(operationId, { as, path: { order_id: target.orders.byStatus.paid } });
          expectError(
            res,
            {
              status: 403,
              error: 'not_owned_order',
              message: 'The user has not access to the order.',
              statusIsGap: true,
            },
            target,
          );
        }
      }
    },
  );

  test(
    'answer not_identified_user without a token',
    verifies(['ORD-ERR-NOT-IDENTIFIED-USER', 'ORD-ERR-STATUS'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, {
          as: 'anonymous',
          path: { order_id: target.orders.byStatus.paid },
        });
        expectError(
          res,
          {
            status: 403,
            error: 'not_identified_user',
            message: 'Can not identify the user.',
            statusIsGap: true,
          },
          target,
        );
      }
    },
  );

  test(
    'answer 403 forbidden to a user of a site where the API is not available',
    verifies(['ORD-AUTH-SITE', 'AUTH-SITE-NOT-AVAILABLE'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, {
          as: 'unavailableSite',
          path: { order_id: target.orders.byStatus.paid },
        });
        expectError(res, { status: 403, error: 'forbidden' }, target);
      }
    },
  );

  test(
    'answer a client error to an unknown or malformed token',
    verifies(['ORD-AUTH-TOKEN-INVALID', 'AUTH-INVALID-TOKEN', 'AUTH-MALFORMED-TOKEN'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const path = { order_id: target.orders.byStatus.paid };
        const unknown = await api.call(operationId, { as: { token: 'APP_USR-0000-unknown-token' }, path });
        expectError(unknown, { status: 401, statusIsGap: true }, target);
        const malformed = await api.call(operationId, { as: { token: 'not a token' }, path });
        expectError(malformed, { status: 400, statusIsGap: true }, target);
      }
    },
  );

  test(
    'answer the observed token errors',
    verifies(['ORD-AUTH-TOKEN-INVALID'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const path = { order_id: target.orders.byStatus.paid };
      const unknown = await api.call('getOrder', { as: { token: 'APP_USR-0000-unknown-token' }, path });
      expectError(unknown, { status: 401, error: 'not_found', message: 'invalid_token' }, target);
      const malformed = await api.call('getOrder', { as: { token: 'not a token' }, path });
      expectError(
        malformed,
        { status: 400, error: 'bad_request', message: /^Malformed access_token/ },
        target,
      );
    },
  );
});

test.describe('GET /orders/{order_id}/product', () => {
  test(
    'answers the product attributes',
    verifies(['ORD-PRODUCT-FIELDS'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('getOrderProduct', {
        as: 'buyer',
        path: { order_id: target.orders.byStatus.paid },
      });
      expect(res.status, res.label).toBe(200);
      expect(Array.isArray((res.body as { attributes: unknown }).attributes)).toBe(true);
    },
  );
});

test.describe('GET /orders/{order_id}/discounts', () => {
  test(
    'answers the discounts of the order with the fields of their type',
    verifies(['ORD-DISCOUNTS-FIELDS', 'ORD-DISCOUNTS-SEVERAL'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('getOrderDiscounts', {
        as: 'seller',
        path: { order_id: target.orders.withDiscounts },
      });
      expect(res.status, res.label).toBe(200);
      const details = (
        res.body as { details: { type: string; coupon?: { id?: unknown }; cashback?: { id?: unknown } }[] }
      ).details;
      expect(details.length, `order ${target.orders.withDiscounts} has discounts`).toBeGreaterThan(0);
      for (const detail of details.filter((d) => d.type === 'coupon'))
        expect(detail.coupon?.id).toBeDefined();
      for (const detail of details.filter((d) => d.type === 'cashback'))
        expect(detail.cashback?.id).toBeDefined();
    },
  );

  test(
    "answers the mock's coupon, discount and cashback of one sale",
    verifies(['ORD-DISCOUNTS-SEVERAL'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const res = await api.call('getOrderDiscounts', {
        as: 'seller',
        path: { order_id: target.orders.withDiscounts },
      });
      const types = (res.body as { details: { type: string }[] }).details.map((d) => d.type).sort();
      expect(types).toEqual(['cashback', 'coupon', 'discount']);
    },
  );
});

interface SearchBody {
  query: string;
  results: Order[];
  sort: { id: string; name: string };
  available_sorts: { id: string; name: string }[];
  paging: { total: number; offset: number; limit: number };
}

type Query = Record<string, string | number>;

async function search(api: ApiClient, query: Query, as: Caller = 'seller'): Promise<SearchBody> {
  const res = await api.call('searchOrders', { as, query });
  expect(res.status, `${res.label}: a search of the caller's orders`).toBe(200);
  return res.body as SearchBody;
}

const idsOf = (body: SearchBody) => body.results.map((order) => order.id);
const minutesAround = (iso: string, minutes: number) =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

test.describe('GET /orders/search', () => {
  test(
    "returns the seller's orders to seller= and the buyer's to buyer=",
    verifies(
      ['ORD-SEARCH-RESPONSE', 'ORD-SEARCH-ROLE', 'ORD-SEARCH-SELLER-FIELDS', 'ORD-SEARCH-PAGING'],
      '@readonly',
      '@smoke',
    ),
    async ({ api, target }) => {
      const asSeller = await search(api, { seller: target.users.seller.id });
      expect(asSeller.results.length, 'the profile seller has orders').toBeGreaterThan(0);
      for (const order of asSeller.results)
        expect(order.seller.id, `order ${order.id}`).toBe(target.users.seller.id);
      const asBuyer = await search(api, { buyer: target.users.buyer.id }, 'buyer');
      for (const order of asBuyer.results)
        expect(Number(order.buyer.id), `order ${order.id}`).toBe(target.users.buyer.id);
      for (const body of [asSeller, asBuyer]) {
        expect(body.results.length).toBeLessThanOrEqual(body.paging.limit);
        expect(body.paging.total).toBeGreaterThanOrEqual(body.results.length);
      }
    },
  );

  test(
    'performs no action without a filter',
    verifies(['ORD-SEARCH-FILTER-REQUIRED'], '@readonly'),
    async ({ api }) => {
      const res = await api.call('searchOrders', { as: 'seller' });
      if (res.status === 200) expect((res.body as SearchBody).results, `${res.label}: no action`).toEqual([]);
      else expect(res.status, `${res.label}: refused`).toBeGreaterThanOrEqual(400);
    },
  );

  test(
    'refuses a search without a filter with 400 bad_request',
    verifies(['ORD-SEARCH-NO-FILTER-ANSWER'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      expectError(
        await api.call('searchOrders', { as: 'seller' }),
        { status: 400, error: 'bad_request' },
        target,
      );
    },
  );

  test(
    'returns manually cancelled orders to the buyer but not to the seller',
    verifies(['ORD-SEARCH-BUYER-MANUAL', 'ORD-SEARCH-SELLER-MANUAL', 'ORD-STATUS-VALUES'], '@readonly'),
    async ({ api, target }) => {
      const id = target.orders.byStatus.manually_cancelled;
      const asBuyer = await search(api, { buyer: target.users.buyer.id, q: id }, 'buyer');
      expect(asBuyer.results.find((order) => order.id === id)?.status, `order ${id} for its buyer`).toBe(
        'manually_cancelled',
      );
      expect(
        idsOf(await search(api, { seller: target.users.seller.id, q: id })),
        `order ${id} for its seller`,
      ).not.toContain(id);
      const page = await search(api, { seller: target.users.seller.id, limit: 50 });
      expect(page.results.filter((order) => order.status === 'manually_cancelled').map((o) => o.id)).toEqual(
        [],
      );
    },
  );

  test(
    'finds hosted-shop orders with tags=mshops',
    verifies(['ORD-SEARCH-MSHOPS', 'ORD-SEARCH-TAGS'], '@readonly'),
    async ({ api, target }) => {
      const body = await search(api, {
        seller: target.users.seller.id,
        tags: 'mshops',
        q: target.orders.mshops,
      });
      expect(idsOf(body)).toContain(target.orders.mshops);
      const all = await search(api, { seller: target.users.seller.id, tags: 'mshops' });
      for (const order of all.results) expect(order.tags, `order ${order.id}`).toContain('mshops');
    },
  );

  test(
    'applies tags and tags.not',
    verifies(['ORD-SEARCH-TAGS', 'ORD-SEARCH-TAGS-NOT'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const tagged = await search(api, { seller, tags: 'paid' });
      expect(tagged.results.length).toBeGreaterThan(0);
      for (const order of tagged.results)
        expect(order.tags, `order ${order.id} with tags=paid`).toContain('paid');
      const untagged = await search(api, { seller, 'tags.not': 'paid' });
      for (const order of untagged.results)
        expect(order.tags, `order ${order.id} with tags.not=paid`).not.toContain('paid');
      expect(idsOf(untagged)).not.toContain(target.orders.byStatus.paid);
    },
  );

  test(
    'applies item and q',
    verifies(['ORD-SEARCH-ITEM', 'ORD-SEARCH-Q'], '@readonly'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const paid = await readOrder(api, target.orders.byStatus.paid);
      const itemId = paid.order_items[0]!.item.id;
      const byItem = await search(api, { seller, item: itemId });
      expect(byItem.results.length).toBeGreaterThan(0);
      for (const order of byItem.results) {
        expect(
          order.order_items.map((line) => line.item.id),
          `order ${order.id} with item=${itemId}`,
        ).toContain(itemId);
      }
      const byId = await search(api, { seller, q: paid.id });
      expect(idsOf(byId)).toContain(paid.id);
      expect(byId.query, 'query echoes q').toBe(String(paid.id));
      // The item may be in many orders: the creation date narrows the page to the one read above.
      const byItemText = await search(api, {
        seller,
        q: itemId,
        'order.date_created.from': paid.date_created,
        'order.date_created.to': paid.date_created,
      });
      expect(idsOf(byItemText)).toContain(paid.id);
    },
  );

  test('applies order.status', verifies(['ORD-SEARCH-STATUS'], '@readonly'), async ({ api, target }) => {
    const body = await search(api, { seller: target.users.seller.id, 'order.status': 'cancelled,invalid' });
    expect(body.results.length).toBeGreaterThan(0);
    for (const order of body.results)
      expect(['cancelled', 'invalid'], `order ${order.id}`).toContain(order.status);
    const cancelled = target.orders.byStatus.cancelled;
    const one = await search(api, {
      seller: target.users.seller.id,
      'order.status': 'cancelled',
      q: cancelled,
    });
    expect(idsOf(one)).toContain(cancelled);
  });

  test(
    'applies the three date ranges',
    verifies(['ORD-SEARCH-DATE-CREATED', 'ORD-SEARCH-DATE-CLOSED', 'ORD-SEARCH-DATE-UPDATED'], '@readonly'),
    async ({ api, target }) => {
      const paid = await readOrder(api, target.orders.byStatus.paid);
      const ranges = [
        ['date_created', paid.date_created, (o: Order) => o.date_created],
        ['date_closed', paid.date_closed, (o: Order) => o.date_closed],
        ['date_last_updated', paid.last_updated, (o: Order) => o.last_updated],
      ] as const;
      for (const [field, value, read] of ranges) {
        const from = minutesAround(value, -1);
        const to = minutesAround(value, 1);
        const body = await search(api, {
          seller: target.users.seller.id,
          [`order.${field}.from`]: from,
          [`order.${field}.to`]: to,
        });
        expect(idsOf(body), `order ${paid.id} in its own ${field} range`).toContain(paid.id);
        for (const order of body.results) {
          const at = Date.parse(read(order));
          expect(
            at >= Date.parse(from) && at <= Date.parse(to),
            `order ${order.id}: ${field} ${read(order)}`,
          ).toBe(true);
        }
      }
    },
  );

  test(
    'narrows results with the mediation and feedback filters',
    verifies(
      [
        'ORD-SEARCH-MEDIATIONS',
        'ORD-SEARCH-FEEDBACK-STATUS',
        'ORD-SEARCH-FEEDBACK-RATING',
        'ORD-SEARCH-FEEDBACK-FULFILLED',
      ],
      '@readonly',
    ),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const everything = (await search(api, { seller })).paging.total;
      const filters: Query[] = [
        { 'mediations.stage': 'claim' },
        { 'mediations.status': 'closed' },
        { 'feedback.status': 'active' },
        { 'feedback.sale.rating': 'negative' },
        { 'feedback.purchase.rating': 'positive' },
        { 'feedback.sale.fulfilled': 'true' },
        { 'feedback.purchase.fulfilled': 'false' },
      ];
      for (const filter of filters) {
        const body = await search(api, { seller, ...filter });
        expect(
          body.paging.total,
          `a filter never widens the search: ${JSON.stringify(filter)}`,
        ).toBeLessThanOrEqual(everything);
      }
    },
  );

  test(
    "matches the mock's mediation and feedback records",
    verifies(
      [
        'ORD-SEARCH-MEDIATIONS',
        'ORD-SEARCH-FEEDBACK-STATUS',
        'ORD-SEARCH-FEEDBACK-RATING',
        'ORD-SEARCH-FEEDBACK-FULFILLED',
      ],
      '@readonly',
      '@mock-only',
    ),
    async ({ api, target }) => {
      const { paid, cancelled } = target.orders.byStatus;
      const cases: [Query, number, number][] = [
        [{ 'mediations.status': 'closed' }, cancelled, paid],
        [{ 'feedback.sale.rating': 'negative' }, cancelled, paid],
        [{ 'feedback.purchase.rating': 'positive' }, paid, cancelled],
        [{ 'feedback.sale.fulfilled': 'true' }, paid, cancelled],
        [{ 'feedback.sale.fulfilled': 'false' }, cancelled, paid],
        [{ 'feedback.status': 'active', 'order.status': 'paid' }, paid, cancelled],
      ];
      for (const [filter, included, excluded] of cases) {
        const ids = idsOf(await search(api, { seller: target.users.seller.id, limit: 100, ...filter }));
        expect(ids, JSON.stringify(filter)).toContain(included);
        expect(ids, JSON.stringify(filter)).not.toContain(excluded);
      }
    },
  );

  test(
    'sorts by date with date_asc and date_desc',
    verifies(['ORD-SEARCH-SORT'], '@readonly'),
    async ({ api, target }) => {
      for (const sort of ['date_asc', 'date_desc'] as const) {
        const body = await search(api, { seller: target.users.seller.id, sort });
        expect(body.sort.id).toBe(sort);
        expect(body.available_sorts.map((s) => s.id)).toContain(sort);
        const dates = body.results.map((order) => Date.parse(order.date_created));
        const sorted = [...dates].sort((a, b) => (sort === 'date_asc' ? a - b : b - a));
        expect(dates, `results in ${sort} order`).toEqual(sorted);
      }
    },
  );

  test(
    'pages with offset and limit (default 0 and 50)',
    verifies(['ORD-SEARCH-PAGING-PARAMS', 'ORD-SEARCH-PAGING'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const first = await search(api, { seller });
      expect([first.paging.offset, first.paging.limit, first.sort.id]).toEqual([0, 50, 'date_asc']);
      const page = await search(api, { seller, offset: 1, limit: 2 });
      expect(idsOf(page)).toEqual(idsOf(first).slice(1, 3));
      expect(page.paging).toEqual({ total: first.paging.total, offset: 1, limit: 2 });
      for (const limit of [0, 101]) {
        const res = await api.call('searchOrders', { as: 'seller', query: { seller, limit } });
        expectError(res, { status: 400, error: 'bad_request' }, target);
      }
    },
  );

  test(
    'answers 400 to invalid filter values',
    verifies(['ORD-SEARCH-ERRORS'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const bad: Query[] = [
        { sort: 'price_asc' },
        { 'feedback.sale.fulfilled': 'yes' },
        { 'order.date_created.from': '2026-01-01' },
        { offset: -1 },
      ];
      for (const query of bad) {
        const res = await api.call('searchOrders', {
          as: 'seller',
          query: { seller: target.users.seller.id, ...query },
        });
        expectError(res, { status: 400, error: 'bad_request' }, target);
      }
    },
  );

  test(
    "answers caller.id.invalid to a search of another user's orders",
    verifies(['ORD-ERR-CALLER-ID-INVALID', 'ORD-ERR-STATUS'], '@readonly'),
    async ({ api, target }) => {
      const cases: [Caller, Query][] = [
        ['seller', { seller: target.users.seller2.id }],
        ['buyer', { buyer: target.users.stranger.id }],
      ];
      for (const [as, query] of cases) {
        const res = await api.call('searchOrders', { as, query });
        expectError(
          res,
          {
            status: 403,
            error: 'caller.id.invalid',
            message: 'caller.id does not match buyer nor seller.',
            statusIsGap: true,
          },
          target,
        );
      }
    },
  );

  test(
    'answers the token errors',
    verifies(['ORD-ERR-NOT-IDENTIFIED-USER', 'ORD-AUTH-SITE', 'ORD-AUTH-TOKEN-INVALID'], '@readonly'),
    async ({ api, target }) => {
      const none = await api.call('searchOrders', {
        as: 'anonymous',
        query: { seller: target.users.seller.id },
      });
      expectError(none, { status: 403, error: 'not_identified_user', statusIsGap: true }, target);
      const offSite = target.users.unavailableSite.id;
      const site = await api.call('searchOrders', { as: 'unavailableSite', query: { seller: offSite } });
      expectError(site, { status: 403, error: 'forbidden' }, target);
      const unknown = await api.call('searchOrders', {
        as: { token: 'APP_USR-0000-unknown-token' },
        query: { seller: target.users.seller.id },
      });
      expectError(unknown, { status: 401, statusIsGap: true }, target);
    },
  );
});
