import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { type ExpectedError, expectError } from '../../lib/checks/assertions.ts';
import { bodyAt, isAnswerOf } from '../../lib/client/typed.ts';
import type { Caller } from '../../lib/client/types.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import { ORDER_STATUSES } from '../../lib/profile/types.ts';
import { needed, shown } from './support/listed.ts';
import { expectOrderAnswer, expectPartialOrder, readFullOrder, readOrder } from './support/orders.ts';
import { judged, skipUnless } from './support/reference.ts';

// Read-only: every operation of this file is a GET; no pack or conversation is used.

const ORDER_OPERATIONS = ['getOrder', 'getOrderProduct', 'getOrderDiscounts'] as const;

/** Callers the order resource refuses, and how (Authentication 3-5, order errors). */
const REFUSED_CALLERS: { title: string; ids: string[]; callers: Caller[]; expected: ExpectedError }[] = [
  {
    title: 'answer not_owned_order to a user who is neither buyer nor seller',
    ids: ['ORD-READ-OWNER', 'ORD-ERR-NOT-OWNED-ORDER'],
    callers: ['stranger', 'seller2'],
    expected: {
      status: 403,
      error: 'not_owned_order',
      message: 'The user has not access to the order.',
      statusIsGap: true,
    },
  },
  {
    title: 'answer not_identified_user without a token',
    ids: ['ORD-ERR-NOT-IDENTIFIED-USER'],
    callers: ['anonymous'],
    expected: {
      status: 403,
      error: 'not_identified_user',
      message: 'Can not identify the user.',
      statusIsGap: true,
    },
  },
  {
    title: 'answer 403 forbidden to a user of a site where the API is not available',
    ids: ['ORD-AUTH-SITE', 'AUTH-SITE-NOT-AVAILABLE'],
    callers: ['unavailableSite'],
    // The user is also neither buyer nor seller: which refusal comes first is not given.
    expected: {
      status: 403,
      error: 'forbidden',
      orElse: [
        { status: 403, error: 'not_owned_order', statusIsGap: true },
        { status: 403, error: 'caller.id.invalid', statusIsGap: true },
      ],
    },
  },
];
/**
 * Who reads which order in a refusal: the callers the profile has, on the paid order of seller and
 * buyer. Without stranger or seller2, the seller on the buyer's order with another seller: the seller
 * is neither its buyer nor its seller (Orders rule 2), so it stands for the stranger.
 */
function refusedReads(target: TargetProfile, callers: Caller[]): { as: Caller; order: number }[] {
  const { users } = rawProfile(target);
  const given = callers.filter((as) => typeof as !== 'string' || as === 'anonymous' || as in users);
  const derived = given.length === 0 && callers.includes('stranger');
  if (derived) return [{ as: 'seller', order: target.orders.otherSeller }];
  return (given.length > 0 ? given : callers).map((as) => ({ as, order: target.orders.byStatus.paid }));
}

const CANCEL_GROUPS = [
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
      // paid: "The order-related payment is credited". Items may have been removed (Orders rule 5).
      const payments = needed(
        target,
        order.payments,
        `the payments of order ${order.id}`,
        'orders.byStatus.paid',
      );
      expect(payments.length, 'a paid order has its payment').toBeGreaterThan(0);
    },
  );

  test(
    "answers the mock's paid order with its item",
    verifies(['ORD-ORDER-FIELDS', 'ORD-ITEM-FIELDS'], '@readonly', '@mock-only'),
    async ({ api, seed, target }) => {
      const order = await readOrder(api, seed.orders.byStatus.paid);
      const items = needed(target, order.order_items, `the items of order ${order.id}`, 'seed');
      expect(items.length, 'the mock sells one item in each order').toBeGreaterThan(0);
    },
  );

  test(
    'answers each status of the profile and a date_closed not before date_created',
    verifies(['ORD-STATUS-VALUES', 'ORD-ORDER-DATE-CLOSED'], '@readonly'),
    async ({ api, target }) => {
      for (const status of ORDER_STATUSES.filter((s) => s !== 'manually_cancelled')) {
        const order = await readOrder(api, target.orders.byStatus[status]);
        expect(order.status, `order ${order.id}`).toBe(status);
        const { date_closed: closed, date_created: created } = order;
        if (
          shown(target, closed, `order ${order.id}: date_closed`) &&
          shown(target, created, `order ${order.id}: date_created`)
        )
          expect(
            Date.parse(closed ?? ''),
            `order ${order.id}: date_closed ≥ date_created`,
          ).toBeGreaterThanOrEqual(Date.parse(created));
      }
    },
  );

  test(
    "gives the mock's paid order an approved payment that can be refunded",
    // "Status approved and available action refund exist": values that exist, not a promise that a
    // given paid order is refundable now. The schema check holds every payment to their types.
    verifies(['ORD-PAYMENT-APPROVED'], '@readonly', '@mock-only'),
    async ({ api, seed, target }) => {
      const order = await readOrder(api, seed.orders.byStatus.paid);
      const payments = needed(target, order.payments, `the payments of order ${order.id}`, 'seed');
      const approved = payments.find((payment) => payment.status === 'approved');
      expect(approved, `order ${order.id}: a payment with status approved`).toBeDefined();
      // The short form of a payment carries no available_actions.
      expect(approved && 'available_actions' in approved ? approved.available_actions : []).toContain(
        'refund',
      );
    },
  );

  test(
    'details the cancellation of a cancelled order',
    verifies(['ORD-ORDER-CANCEL-DETAIL'], '@readonly'),
    async ({ api, target }) => {
      const order = await readOrder(api, target.orders.byStatus.cancelled);
      // Listed fields: judged where the answer carries them (their absence is an omission, reported by the schema check).
      const detail = order.cancel_detail;
      skipUnless(
        judged(target, detail),
        `the cancel_detail of order ${order.id}`,
        'orders.byStatus.cancelled',
        'the order read leaves the listed field out',
      );
      const { group, code, requested_by: requestedBy, date } = detail ?? {};
      if (judged(target, group))
        expect(CANCEL_GROUPS, `order ${order.id}: cancel_detail.group`).toContain(group);
      if (judged(target, code)) expect(typeof code, `order ${order.id}: cancel_detail.code`).toBe('string');
      if (judged(target, requestedBy))
        expect(typeof requestedBy, `order ${order.id}: cancel_detail.requested_by`).toBe('string');
      if (judged(target, date))
        expect(Number.isNaN(Date.parse(String(date))), `order ${order.id}: cancel_detail.date`).toBe(false);
    },
  );

  test(
    'gives pack_id, null for an order without pack, and the shipment id',
    verifies(['ORD-ORDER-PACK', 'ORD-ORDER-SHIPPING', 'GEN-PACK-ID-FALLBACK'], '@readonly'),
    async ({ api, target }) => {
      const withPack = await readFullOrder(api, target.orders.withPack);
      if (judged(target, withPack.pack_id))
        expect(Number.isInteger(withPack.pack_id), `order ${withPack.id}: pack_id`).toBe(true);
      // ORD-ORDER-SHIPPING: shipping.id is the id of the order's shipment, readable by its seller (the
      // reference lists no field of the shipment body to compare).
      const shippingId = needed(
        target,
        withPack.shipping?.id,
        `the shipping.id of order ${withPack.id}`,
        'orders.withPack',
      );
      const shipment = await api.call('getShipment', {
        as: 'seller',
        path: { shipping_id: shippingId },
        headers: { 'x-format-new': 'true' },
      });
      expect(shipment.status, `order ${withPack.id}: ${shipment.label}, its shipping.id`).toBe(200);
      const withoutPack = await readOrder(api, target.orders.withoutPack);
      if (judged(target, withoutPack.pack_id))
        expect(withoutPack.pack_id, `order ${withoutPack.id}: pack_id`).toBeNull();
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
      // The 206 is transient ("when data could not be obtained"): a 200 now is the order read whole.
      expectOrderAnswer(res);
      skipUnless(
        res.status === 206 || target.isMock,
        `an order read answered 206 with X-Content-Missing`,
        'orders.partial',
        `GET /orders/${target.orders.partial} answered ${res.status} this time`,
      );
      expectPartialOrder(res);
      expect(bodyAt(res, [200, 206]).id, 'the rest of the order is present').toBe(target.orders.partial);
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
      const order = await readFullOrder(api, target.orders.withPack);
      const where = 'orders.withPack';
      const shippingId = needed(target, order.shipping?.id, `the shipping.id of order ${order.id}`, where);
      const shipment = await api.call('getShipment', {
        as: 'seller',
        path: { shipping_id: shippingId },
        headers: { 'x-format-new': 'true' },
      });
      expect(shipment.status, shipment.label).toBe(200);
      // The shipment "contains lead_time.cost" (stated): left out, the total is not a number and fails.
      const lead = bodyAt(shipment, 200).lead_time;
      // currency_id is not among the schema's fields: taken where the target sends it.
      const leadCurrency =
        lead && 'currency_id' in lead && typeof lead.currency_id === 'string' ? lead.currency_id : undefined;
      const [item] = needed(target, order.order_items, `the items of order ${order.id}`, where);
      skipUnless(
        item !== undefined,
        `an item in order ${order.id}`,
        where,
        'the total is computed in the item currency; the order lists no item',
      );
      const itemCurrency = needed(
        target,
        item?.currency_id,
        `the currency_id of an item of order ${order.id}`,
        where,
      );
      const totalAmount = needed(target, order.total_amount, `the total_amount of order ${order.id}`, where);
      const taxes = needed(target, order.taxes, `the taxes of order ${order.id}`, where);
      const inItemCurrency = async (amount: number, currency: string | null | undefined) => {
        if (!currency || currency === itemCurrency) return amount;
        const res = await api.call('convertCurrency', { query: { from: currency, to: itemCurrency } });
        expect(res.status, res.label).toBe(200);
        return amount * bodyAt(res, 200).ratio;
      };
      const total =
        (await inItemCurrency(totalAmount, order.currency_id)) +
        (await inItemCurrency(taxes.amount ?? 0, taxes.currency_id)) +
        (await inItemCurrency(Number(lead?.cost), leadCurrency));
      expect(Number.isFinite(total), `total_amount_with_shipping of order ${order.id}`).toBe(true);
    },
  );

  test(
    'answers order_not_found for an unknown order',
    verifies(['ORD-ERR-ORDER-NOT-FOUND'], '@readonly'),
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
    'answers invalid_order_id for a non-integer id',
    verifies(['ORD-ERR-INVALID-ORDER-ID'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, { as: 'seller', path: { order_id: 'abc' } });
        expectError(
          res,
          { status: 400, error: 'invalid_order_id', message: 'Invalid order ID.', statusIsGap: true },
          target,
        );
      }
    },
  );

  test(
    'answers empty_order_id for a blank id',
    // A blank path segment is not "order_id is null": how a server routes it is its own choice.
    verifies(['ORD-ERR-EMPTY-ORDER-ID'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const blank = await api.call('getOrder', { as: 'seller', path: { order_id: ' ' } });
      expectError(
        blank,
        { status: 400, error: 'empty_order_id', message: 'Order ID can not be empty.' },
        target,
      );
    },
  );

  test(
    'answers orders older than 12 months as unknown',
    // "Orders created up to 12 months ago are kept": what an older order answers is not given.
    verifies(['ORD-RETENTION'], '@readonly', '@mock-only'),
    async ({ api, target, seed }) => {
      const expired = seed.orders.expired;
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
          // The order read may answer the documented 206 (Orders rule 1); product and discounts, 200.
          if (isAnswerOf(res, 'getOrder')) expectOrderAnswer(res, as);
          else expect(res.status, `${res.label} as ${as}`).toBe(200);
        }
      }
    },
  );

  for (const { title, ids, callers, expected } of REFUSED_CALLERS) {
    test(title, verifies(ids, '@readonly'), async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        for (const { as, order } of refusedReads(target, callers)) {
          const res = await api.call(operationId, { as, path: { order_id: order } });
          expectError(res, expected, target);
        }
      }
    });
  }

  test(
    'answer a client error to an unknown or malformed token',
    // An unknown token belongs to neither party (Authentication 4); its status is a gap.
    verifies(['ORD-READ-OWNER'], '@readonly'),
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
    verifies(
      ['ORD-AUTH-TOKEN-INVALID', 'AUTH-INVALID-TOKEN', 'AUTH-MALFORMED-TOKEN'],
      '@readonly',
      '@mock-only',
    ),
    async ({ api, target, seed }) => {
      const path = { order_id: seed.orders.byStatus.paid };
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
        path: { order_id: target.orders.withAttributes },
      });
      expect(res.status, res.label).toBe(200);
      const { attributes } = bodyAt(res, 200);
      // An order whose product lists attributes: the fields are judged on each, never on an empty list.
      expect(attributes.length, `${res.label}: the order's attributes`).toBeGreaterThan(0);
      for (const { id, name, value } of attributes) {
        expect(Number.isInteger(id), `ORD-PRODUCT-FIELDS: id ${String(id)} is an integer`).toBe(true);
        expect(typeof name, 'ORD-PRODUCT-FIELDS: name').toBe('string');
        expect(typeof value, 'ORD-PRODUCT-FIELDS: value').toBe('string');
      }
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
      const where = 'orders.withDiscounts';
      const details = needed(target, bodyAt(res, 200).details, `the discount details of ${res.label}`, where);
      expect(details.length, `order ${target.orders.withDiscounts} has discounts`).toBeGreaterThan(0);
      for (const detail of details.filter((d) => d.type === 'coupon'))
        expect(detail.coupon?.id ?? null, 'a coupon discount names its coupon').not.toBeNull();
      for (const detail of details.filter((d) => d.type === 'cashback'))
        expect(detail.cashback?.id ?? null, 'a cashback discount names its cashback').not.toBeNull();
    },
  );

  test(
    "answers the mock's coupon, discount and cashback of one sale",
    verifies(['ORD-DISCOUNTS-SEVERAL'], '@readonly', '@mock-only'),
    async ({ api, seed, target }) => {
      const res = await api.call('getOrderDiscounts', {
        as: 'seller',
        path: { order_id: seed.orders.withDiscounts },
      });
      const details = needed(
        target,
        bodyAt(res, 200).details,
        `the discount details of ${res.label}`,
        'seed',
      );
      const types = details.map((d) => d.type).sort();
      expect(types).toEqual(['cashback', 'coupon', 'discount']);
    },
  );
});
