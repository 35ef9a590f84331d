import { expect, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { type ExpectedError, expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { readFresh } from '../../lib/client/read-cache.ts';
import { bodyAt, errorCodeOf, hasStatus, isAnswerOf } from '../../lib/client/typed.ts';
import type { ApiResponse, Caller } from '../../lib/client/types.ts';
import { rawProfile } from '../../lib/profile/guard.ts';
import { ORDER_STATUSES } from '../../lib/profile/types.ts';
import { instantOf } from '../../lib/rules/instant.ts';
import { numberIn } from '../../lib/rules/numbers.ts';
import { expectErrorOf } from './support/judged-as.ts';
import { given, needed, shown } from './support/listed.ts';
import { expectOrderAnswer, expectPartialOrder, readFullOrder, readOrder } from './support/orders.ts';
import { skipUnless } from './support/reference.ts';

// Read-only: every operation of this file is a GET; no pack or conversation is used.

const ORDER_OPERATIONS = ['getOrder', 'getOrderProduct', 'getOrderDiscounts'] as const;
/** "Orders created up to 12 months ago are kept" (Orders rule 6). */
const RETENTION_MS = 365 * 86_400_000;

/** A documented refusal and the requirements an answer with its error code judges. */
interface RefusalRow {
  judges: string[];
  expected: Omit<ExpectedError, 'orElse'>;
}

/**
 * Callers the order resource refuses, and how (Authentication 3-5, order errors). `rule` is judged by
 * any documented row; each row's requirements only by an answer with its code, and "not judged" by an
 * answer with another code (the reference does not say which refusal comes first).
 */
const REFUSED_CALLERS: { title: string; rule?: string; callers: Caller[]; rows: RefusalRow[] }[] = [
  {
    title: 'answer not_owned_order or caller.id.invalid to a user who is neither buyer nor seller',
    rule: 'ORD-READ-OWNER',
    callers: ['stranger', 'seller2'],
    rows: [
      {
        judges: ['ORD-ERR-NOT-OWNED-ORDER'],
        expected: {
          status: 403,
          error: 'not_owned_order',
          message: 'The user has not access to the order.',
          statusIsGap: true,
        },
      },
      // Authentication 4: "(error not_owned_order, caller.id.invalid)".
      {
        judges: ['ORD-ERR-CALLER-ID-INVALID'],
        expected: { status: 403, error: 'caller.id.invalid', statusIsGap: true },
      },
    ],
  },
  {
    title: 'answer not_identified_user without a token',
    callers: ['anonymous'],
    rows: [
      {
        judges: ['ORD-ERR-NOT-IDENTIFIED-USER'],
        expected: {
          status: 403,
          error: 'not_identified_user',
          message: 'Can not identify the user.',
          statusIsGap: true,
        },
      },
    ],
  },
  {
    title: 'answer 403 forbidden to a user of a site where the API is not available',
    callers: ['unavailableSite'],
    // The user is also neither buyer nor seller: which refusal comes first is not given.
    rows: [
      { judges: ['ORD-AUTH-SITE', 'AUTH-SITE-NOT-AVAILABLE'], expected: { status: 403, error: 'forbidden' } },
      { judges: ['ORD-READ-OWNER'], expected: { status: 403, error: 'not_owned_order', statusIsGap: true } },
      {
        judges: ['ORD-READ-OWNER'],
        expected: { status: 403, error: 'caller.id.invalid', statusIsGap: true },
      },
    ],
  },
];

const refusalIds = ({ rule, rows }: (typeof REFUSED_CALLERS)[number]) => [
  ...new Set([...(rule ? [rule] : []), ...rows.flatMap((row) => row.judges)]),
];

/** Judges a refusal: any documented row (under `rule`), then the requirements of the row its code matches. */
function expectRefusal(
  res: ApiResponse,
  rule: string | undefined,
  rows: RefusalRow[],
  target: TargetProfile,
): void {
  const [first, ...others] = rows;
  const expected: ExpectedError = { ...first!.expected, orElse: others.map((row) => row.expected) };
  if (rule) expectErrorOf(rule, res, expected, target);
  else expectError(res, expected, target);
  const code = errorCodeOf(res);
  const matched = rows.find((row) => row.expected.error === code);
  for (const requirement of new Set(rows.flatMap((row) => row.judges)))
    if (matched?.judges.includes(requirement))
      expect(code, `${requirement}: ${res.label} answered ${res.status} ${String(code)}`).toBe(
        matched.expected.error,
      );
    else if (requirement !== rule)
      notJudged(requirement, res.label, `answered ${String(code)}, another documented refusal`);
}

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

/**
 * Reads the order the profile names for `status` and judges ORD-STATUS-VALUES on it. A live order moves
 * on (F20): a status that differs is read once more, and the test fails only if both reads differ,
 * naming both.
 */
async function readStatus(api: ApiClient, id: number, status: string) {
  const first = await readOrder(api, id);
  const order = first.status === status ? first : await readFresh(() => readOrder(api, id));
  const reads = first === order ? `${order.status}` : `${first.status}, then ${order.status}`;
  expect(order.status, `ORD-STATUS-VALUES: order ${id} (orders.byStatus.${status}) read ${reads}`).toBe(
    status,
  );
  return order;
}

/** ORD-ORDER-PACK on a read order's pack_id: judged where shown, "not judged" where the read leaves it out. */
function expectPackId(
  target: TargetProfile,
  id: number,
  packId: unknown,
  what: string,
  holds: (packId: unknown) => boolean,
): void {
  if (!shown(target, packId, `order ${id}: pack_id`))
    notJudged('ORD-ORDER-PACK', `order ${id}`, 'the order read leaves pack_id out');
  else expect(holds(packId), `ORD-ORDER-PACK: order ${id}: pack_id ${String(packId)} is ${what}`).toBe(true);
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
        const id = target.orders.byStatus[status];
        const order = await readStatus(api, id, status);
        const { date_closed: closed, date_created: created } = order;
        const instance = `order ${id} (${order.status})`;
        if (
          !shown(target, closed, `${instance}: date_closed`) ||
          !shown(target, created, `${instance}: date_created`)
        )
          notJudged(
            'ORD-ORDER-DATE-CLOSED',
            instance,
            'the order read leaves date_closed or date_created out',
          );
        else if (closed === null)
          notJudged('ORD-ORDER-DATE-CLOSED', instance, 'the order has no date_closed yet');
        else
          expect(
            instantOf(closed),
            `ORD-ORDER-DATE-CLOSED: ${instance}: date_closed ${closed} ≥ date_created ${created}`,
          ).toBeGreaterThanOrEqual(instantOf(created));
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
      const rule = 'ORD-ORDER-CANCEL-DETAIL';
      const id = target.orders.byStatus.cancelled;
      const detail = order.cancel_detail;
      if (!shown(target, detail, `order ${id}: cancel_detail`)) {
        notJudged(rule, `order ${id}`, 'the order read leaves cancel_detail out');
        return;
      }
      const { group, code, requested_by: requestedBy, date } = detail;
      const judgedParts: [string, unknown, (value: unknown) => boolean][] = [
        ['group', group, (value) => CANCEL_GROUPS.includes(String(value))],
        ['code', code, (value) => typeof value === 'string'],
        ['requested_by', requestedBy, (value) => typeof value === 'string'],
        ['date', date, (value) => !Number.isNaN(instantOf(value))],
      ];
      for (const [field, value, holds] of judgedParts) {
        const instance = `order ${id}: cancel_detail.${field}`;
        if (!shown(target, value, instance)) notJudged(rule, instance, `cancel_detail leaves ${field} out`);
        else expect(holds(value), `${rule}: ${instance} ${JSON.stringify(value)}`).toBe(true);
      }
    },
  );

  test(
    'gives pack_id, null for an order without pack, and the shipment id',
    verifies(['ORD-ORDER-PACK', 'ORD-ORDER-SHIPPING', 'GEN-PACK-ID-FALLBACK'], '@readonly'),
    async ({ api, target }) => {
      const withPack = await readFullOrder(api, target.orders.withPack);
      expectPackId(target, target.orders.withPack, withPack.pack_id, 'an integer', Number.isInteger);
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
      expect(
        shipment.status,
        `ORD-ORDER-SHIPPING: order ${withPack.id}: ${shipment.label}, its shipping.id`,
      ).toBe(200);
      const withoutPack = await readOrder(api, target.orders.withoutPack);
      expectPackId(target, target.orders.withoutPack, withoutPack.pack_id, 'null', (id) => id === null);
    },
  );

  test(
    'tags an order flagged as fraud with fraud_risk_detected',
    verifies(['ORD-STATUS-FRAUD'], '@readonly'),
    async ({ api, target }) => {
      // The tag is what the rule states: an order read leaving tags out breaks it.
      const { fraud } = target.orders;
      expect((await readOrder(api, fraud)).tags, `ORD-STATUS-FRAUD: order ${fraud}: tags`).toContain(
        'fraud_risk_detected',
      );
    },
  );

  test(
    'answers 206 with X-Content-Missing and the missing fields as empty objects',
    verifies(['ORD-READ-PARTIAL'], '@readonly'),
    async ({ api, target }) => {
      // A fresh read: the run's read cache would answer with a 200 it took before.
      const res = await readFresh(() =>
        api.call('getOrder', { as: 'seller', path: { order_id: target.orders.partial } }),
      );
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
    // Rule 3 names no field to compare the sum with: what is judged is that every input the rule reads
    // is there, a number, and convertible to the item currency, so the sum can be computed (P1).
    verifies(['ORD-TOTAL-SHIPPING'], '@readonly'),
    async ({ api, target }) => {
      const rule = 'ORD-TOTAL-SHIPPING';
      const order = await readFullOrder(api, target.orders.withPack);
      const where = 'orders.withPack';
      const id = target.orders.withPack;
      const shippingId = needed(target, order.shipping?.id, `the shipping.id of order ${id}`, where);
      const shipment = await api.call('getShipment', {
        as: 'seller',
        path: { shipping_id: shippingId },
        headers: { 'x-format-new': 'true' },
      });
      expect(shipment.status, `${rule}: order ${id}: ${shipment.label}`).toBe(200);
      // "total_amount and taxes.amount come from GET /orders/{order_id}, lead_time.cost from GET
      // /shipments/{shipping_id}": the rule states all three, so one left out breaks it (H10).
      const lead = bodyAt(shipment, 200).lead_time;
      const { total_amount: totalAmount, taxes } = order;
      expect(typeof totalAmount, `${rule}: order ${id}: total_amount`).toBe('number');
      // taxes.amount is "number or null" (null: no taxes to add).
      expect(taxes && 'amount' in taxes, `${rule}: order ${id}: taxes.amount`).toBe(true);
      // lead_time.cost has no type in the reference: a numeric string is the number it spells.
      const leadCost = numberIn(lead?.cost);
      expect(leadCost, `${rule}: shipment ${shippingId}: lead_time.cost is a number`).toBeDefined();
      const [first] = needed(target, order.order_items, `the items of order ${id}`, where);
      const item = given(
        first,
        `an item in order ${id}`,
        where,
        'the total is computed in the item currency',
      );
      const itemCurrency = needed(
        target,
        item?.currency_id,
        `the currency_id of an item of order ${id}`,
        where,
      );
      // currency_id of the lead time is not among the schema's fields: taken where the target sends it.
      const leadCurrency =
        lead && 'currency_id' in lead && typeof lead.currency_id === 'string' ? lead.currency_id : undefined;
      const inItemCurrency = async (amount: number, currency: string | null | undefined) => {
        if (!currency || currency === itemCurrency) return amount;
        const res = await api.call('convertCurrency', { query: { from: currency, to: itemCurrency } });
        expect(res.status, `${rule}: order ${id}: ${res.label}`).toBe(200);
        return amount * bodyAt(res, 200).ratio;
      };
      const parts = [
        await inItemCurrency(Number(totalAmount), order.currency_id),
        await inItemCurrency(taxes?.amount ?? 0, taxes?.currency_id),
        await inItemCurrency(leadCost ?? Number.NaN, leadCurrency),
      ];
      const total = parts.reduce((sum, part) => sum + part, 0);
      expect(
        Number.isFinite(total),
        `${rule}: order ${id}: total_amount_with_shipping ${parts.join(' + ')} = ${total} ${itemCurrency} is computable (no field to compare it with)`,
      ).toBe(true);
    },
  );

  test(
    'answers order_not_found for an unknown order',
    verifies(['ORD-ERR-ORDER-NOT-FOUND'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, { as: 'seller', path: { order_id: target.orders.unknown } });
        expectErrorOf(
          'ORD-ERR-ORDER-NOT-FOUND',
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
        expectErrorOf(
          'ORD-ERR-INVALID-ORDER-ID',
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
      expectErrorOf(
        'ORD-ERR-EMPTY-ORDER-ID',
        blank,
        { status: 400, error: 'empty_order_id', message: 'Order ID can not be empty.' },
        target,
      );
    },
  );

  test(
    'keeps the oldest order found within 12 months: its read, product and discounts answer its buyer',
    verifies(['ORD-RETENTION'], '@readonly'),
    async ({ api, target }) => {
      const id = target.orders.oldest;
      const read = await api.call('getOrder', { as: 'buyer', path: { order_id: id } });
      // A 206 leaves out only the fields X-Content-Missing names (Orders rule 1): date_created stays.
      const created = hasStatus(read, [200, 206]) ? read.body.date_created : undefined;
      const kept = Date.now() - RETENTION_MS;
      if (!(instantOf(created) > kept)) {
        // The run may start after discovery, and a foreign order's date may be left out.
        notJudged(
          'ORD-RETENTION',
          `order ${id}`,
          `its read gives no date_created within 12 months (${created})`,
        );
        return;
      }
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, { as: 'buyer', path: { order_id: id } });
        // The order read may answer the documented 206 (Orders rule 1); product and discounts, 200.
        const answered = isAnswerOf(res, 'getOrder') ? [200, 206] : [200];
        expect(answered, `ORD-RETENTION: ${res.label}: order ${id} created ${created}`).toContain(res.status);
      }
    },
  );

  test(
    'answers orders older than 12 months as unknown',
    // "Orders created up to 12 months ago are kept": what an older order answers is not given.
    verifies(['ORD-RETENTION-OLDER'], '@readonly', '@mock-only'),
    async ({ api, target, seed }) => {
      const expired = seed.orders.expired;
      test.skip(expired === undefined, 'the profile names no order older than 12 months');
      for (const operationId of ORDER_OPERATIONS) {
        const res = await api.call(operationId, { as: 'seller', path: { order_id: expired! } });
        expectErrorOf(
          'ORD-RETENTION-OLDER',
          res,
          { status: 404, error: 'order_not_found', statusIsGap: true },
          target,
        );
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
          const documented = isAnswerOf(res, 'getOrder') ? [200, 206] : [200];
          expect(documented, `ORD-READ-OWNER: ${res.label} as its ${as}`).toContain(res.status);
          if (isAnswerOf(res, 'getOrder')) expectOrderAnswer(res, as);
        }
      }
    },
  );

  for (const refusal of REFUSED_CALLERS) {
    test(refusal.title, verifies(refusalIds(refusal), '@readonly'), async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        for (const { as, order } of refusedReads(target, refusal.callers)) {
          const res = await api.call(operationId, { as, path: { order_id: order } });
          expectRefusal(res, refusal.rule, refusal.rows, target);
        }
      }
    });
  }

  test(
    'refuse a user who is neither buyer nor seller even when the query names a party of the order',
    verifies(['ORD-READ-OWNER'], '@readonly'),
    async ({ api, target }) => {
      // Authentication 4: the token must belong to the buyer or the seller; a caller.id in the query
      // (the parameter the caller.id.invalid error names) never lends a party's access to another token.
      for (const operationId of ORDER_OPERATIONS)
        for (const { as, order } of refusedReads(target, ['stranger', 'seller2'])) {
          const party = order === target.orders.otherSeller ? target.users.buyer : target.users.seller;
          const res = await api.call(operationId, {
            as,
            path: { order_id: order },
            query: { 'caller.id': party.id },
          });
          expect(
            res.status >= 400 && res.status < 500,
            `ORD-READ-OWNER: ${res.label} as ${String(as)} with caller.id ${party.id} answered ${res.status}`,
          ).toBe(true);
        }
    },
  );

  test(
    'answer a client error to an unknown or malformed token',
    // An unknown token belongs to neither party (Authentication 4); its status is a gap.
    verifies(['ORD-READ-OWNER'], '@readonly'),
    async ({ api, target }) => {
      for (const operationId of ORDER_OPERATIONS) {
        const path = { order_id: target.orders.byStatus.paid };
        const unknown = await api.call(operationId, { as: { token: 'APP_USR-0000-unknown-token' }, path });
        expectErrorOf('ORD-READ-OWNER', unknown, { status: 401, statusIsGap: true }, target);
        const malformed = await api.call(operationId, { as: { token: 'not a token' }, path });
        expectErrorOf('ORD-READ-OWNER', malformed, { status: 400, statusIsGap: true }, target);
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
      for (const requirement of ['ORD-AUTH-TOKEN-INVALID', 'AUTH-INVALID-TOKEN'])
        expectErrorOf(
          requirement,
          unknown,
          { status: 401, error: 'not_found', message: 'invalid_token' },
          target,
        );
      const malformed = await api.call('getOrder', { as: { token: 'not a token' }, path });
      expectErrorOf(
        'AUTH-MALFORMED-TOKEN',
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
      const order = target.orders.withDiscounts;
      expect(details.length, `ORD-DISCOUNTS-SEVERAL: order ${order} has discounts`).toBeGreaterThan(0);
      details.forEach((detail, i) => {
        const instance = `order ${order}: details[${i}] (${detail.type})`;
        if (detail.type === 'coupon')
          expect(
            detail.coupon?.id ?? null,
            `ORD-DISCOUNTS-FIELDS: ${instance} names its coupon`,
          ).not.toBeNull();
        else if (detail.type === 'cashback')
          expect(
            detail.cashback?.id ?? null,
            `ORD-DISCOUNTS-FIELDS: ${instance} names its cashback`,
          ).not.toBeNull();
      });
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
      expect(types, `ORD-DISCOUNTS-SEVERAL: order ${seed.orders.withDiscounts}`).toEqual([
        'cashback',
        'coupon',
        'discount',
      ]);
    },
  );
});
