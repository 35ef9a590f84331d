/**
 * Rules of the reference that hold across resources: authentication, error shape, conventions.
 * Read-only: every call here is a GET.
 */

import { expect, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { type ExpectedError, expectError } from '../../lib/checks/assertions.ts';
import { readLedger } from '../../lib/client/rate-limit.ts';
import { referenceHeaders } from '../../lib/client/reference-headers.ts';
import type { Caller, CallOptions } from '../../lib/client/types.ts';
import { specRowOperations } from '../../lib/rules/error-row-data.ts';
import { judgeNoToken, noTokenRows } from '../../lib/rules/no-token.ts';
import { rowExchange } from './support/error-rows.ts';
import { expectJudgements } from './support/judgements.ts';
import { readOrder } from './support/orders.ts';

/**
 * How to call a protected read with the profile's ids. What it answers without a token is not here: the
 * spec says it (`security` and the no-token rows of `x-error-rows`), judged by lib/rules/no-token.ts.
 */
interface ProtectedRead {
  operationId: string;
  options: (t: TargetProfile) => Omit<CallOptions, 'as'>;
  /**
   * How the operation refuses a user outside the resource: the unavailable-site user is one too, and
   * the reference does not say which refusal comes first.
   */
  outsiderRefusal?: ExpectedError['orElse'];
}

const NOT_OWNED: ExpectedError['orElse'] = [
  { status: 403, error: 'not_owned_order', statusIsGap: true },
  { status: 403, error: 'caller.id.invalid', statusIsGap: true },
];
const ACCESS_DENIED: ExpectedError['orElse'] = [{ status: 403 }];

const orderRead = (operationId: string): ProtectedRead => ({
  operationId,
  options: (t) => ({ path: { order_id: t.orders.byStatus.paid } }),
  outsiderRefusal: NOT_OWNED,
});

/** Protected reads (Authentication 1) with the ids the profile gives, readable by users.seller. */
const PROTECTED_READS: ProtectedRead[] = [
  orderRead('getOrder'),
  orderRead('getOrderProduct'),
  orderRead('getOrderDiscounts'),
  {
    operationId: 'searchOrders',
    options: (t) => ({ query: { seller: t.users.seller.id, 'order.status': 'paid' } }),
    // Search errors are not shown: the refusal of another user's orders is any client error.
    outsiderRefusal: [{ status: 403, statusIsGap: true }],
  },
  {
    operationId: 'getShipment',
    options: (t) => ({ path: { shipping_id: t.orders.shipment }, headers: referenceHeaders('getShipment') }),
    outsiderRefusal: ACCESS_DENIED,
  },
  {
    operationId: 'getShipmentLeadTime',
    options: (t) => ({ path: { shipment_id: t.orders.shipment } }),
    outsiderRefusal: ACCESS_DENIED,
  },
  {
    operationId: 'listFiscalDocuments',
    options: (t) => ({ path: { pack_id: t.fiscal.documentsPack } }),
  },
  {
    operationId: 'listPackMessages',
    options: (t) => ({ path: { pack_id: t.messaging.pack, user_id: t.users.seller.id } }),
    outsiderRefusal: ACCESS_DENIED,
  },
  {
    operationId: 'getMessage',
    options: (t) => ({ path: { message_id: t.messaging.messageId } }),
    outsiderRefusal: ACCESS_DENIED,
  },
  {
    operationId: 'getShippingOptions',
    options: (t) => ({ path: { item_id: t.catalog.shippingItem }, query: { zip_code: t.catalog.zipCode } }),
  },
];

const call = (
  api: import('../../lib/client/client.ts').ApiClient,
  read: ProtectedRead,
  target: TargetProfile,
  as: Caller,
) => api.call(read.operationId, { ...read.options(target), as });

/** Reads a call without a token is judged on: the protected reads, and the user status (its token in the query). */
const NO_TOKEN_READS: ProtectedRead[] = [
  ...PROTECTED_READS,
  {
    operationId: 'getUserStatus',
    options: (t) => ({ path: { user_id: t.users.seller.id }, query: { attributes: 'status' } }),
  },
];

/** Protected reads of the spec left out of NO_TOKEN_READS, with why (the downloads need an id a write makes). */
const NOT_READ_WITHOUT_TOKEN: Record<string, string> = {
  downloadFiscalDocument: 'the document id comes from an upload (fiscal-uploads.spec.ts)',
  downloadAttachment: 'the attachment id comes from an upload (attachments.spec.ts)',
};

/** The requirements of an operation's no-token rows (its own, else Authentication 3's). */
const noTokenRequirements = (operationId: string): string[] => {
  const op = specRowOperations().get(operationId);
  return op ? noTokenRows(op).map((row) => row.requirement) : [];
};

test.describe("a call without a token, as the spec's security says", () => {
  test('every read whose security requires a token is called without one', () => {
    const reads = [...specRowOperations().values()].filter((op) => op.tokenRequired && op.method === 'GET');
    const covered = new Set(NO_TOKEN_READS.map((read) => read.operationId));
    expect(
      reads.map((op) => op.operationId).filter((id) => !covered.has(id) && !(id in NOT_READ_WITHOUT_TOKEN)),
    ).toEqual([]);
  });

  for (const read of NO_TOKEN_READS) {
    test(
      `${read.operationId} answers a call without a token with its no-token row`,
      verifies([...noTokenRequirements(read.operationId), 'GEN-ERROR-SHAPE'], '@readonly'),
      async ({ api, target }) => {
        const options = read.options(target);
        const res = await api.call(read.operationId, { ...options, as: 'anonymous' });
        const judgements = judgeNoToken(rowExchange(read.operationId, options, undefined, res), {
          mock: target.isMock,
        });
        expect(judgements.length, `${res.label}: judged as a call without a token`).toBeGreaterThan(0);
        expectJudgements(judgements);
      },
    );
  }
});

test.describe('Authentication', () => {
  for (const read of PROTECTED_READS) {
    test(
      `${read.operationId} answers a call with a bearer token of an entitled user`,
      verifies(['AUTH-BEARER-HEADER', 'GEN-JSON-BODIES'], '@readonly', '@smoke'),
      async ({ api, target }) => {
        const res = await call(api, read, target, 'seller');
        expect(res.status, `AUTH-BEARER-HEADER: ${res.label}`).toBeGreaterThanOrEqual(200);
        expect(res.status, `AUTH-BEARER-HEADER: ${res.label}`).toBeLessThan(300);
        expect(res.headers['content-type'] ?? '', `GEN-JSON-BODIES: ${res.label}`).toContain(
          'application/json',
        );
      },
    );

    test(
      `${read.operationId} answers 403 forbidden to a user of a site where the API is not available`,
      verifies(['AUTH-SITE-NOT-AVAILABLE'], '@readonly'),
      async ({ api, target }) => {
        const res = await call(api, read, target, 'unavailableSite');
        expectError(res, { status: 403, error: 'forbidden', orElse: read.outsiderRefusal }, target);
      },
    );

    test(
      `${read.operationId} refuses an unknown token with 401 (observed behaviour)`,
      verifies(['AUTH-INVALID-TOKEN'], '@readonly', '@mock-only'),
      async ({ api, target }) => {
        const res = await call(api, read, target, { token: 'APP_USR-0000-not-a-known-token' });
        expectError(res, { status: 401, error: 'not_found', message: 'invalid_token' }, target);
      },
    );

    test(
      `${read.operationId} refuses a malformed token with 400 (observed behaviour)`,
      verifies(['AUTH-MALFORMED-TOKEN'], '@readonly', '@mock-only'),
      async ({ api, target }) => {
        const res = await call(api, read, target, { token: 'not a token!' });
        expectError(res, { status: 400, error: 'bad_request', message: /^Malformed access_token/ }, target);
      },
    );
  }

  test(
    'the user status call takes its token from the access_token query parameter',
    verifies(['AUTH-QUERY-TOKEN'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      const res = await api.call('getUserStatus', {
        as: 'seller',
        tokenIn: 'query',
        path: { user_id: target.users.seller.id },
        query: { attributes: 'status' },
      });
      expect(res.status, res.label).toBe(200);
    },
  );
});

test.describe('Conventions', () => {
  test(
    'no protected read of the mock answers a server error, whoever calls',
    // The reference lists 5xx answers for two cases but never says there are no others: a gap.
    verifies(['GEN-NO-UNDOCUMENTED-5XX'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const callers: Caller[] = ['seller', 'buyer', 'stranger', 'anonymous', { token: 'x' }];
      for (const read of PROTECTED_READS) {
        for (const as of callers) {
          const res = await call(api, read, target, as);
          expect(res.status, res.label).toBeLessThan(500);
        }
      }
    },
  );

  test(
    'timestamps are ISO 8601 with an offset or Z',
    verifies(['GEN-TIMESTAMPS'], '@readonly'),
    async ({ api, target }) => {
      const order: Record<string, unknown> = await readOrder(api, target.orders.byStatus.paid);
      // Any ISO 8601 offset form (Z, ±hh:mm, ±hhmm, ±hh) and fraction (. or ,), as ajv's date-time accepts.
      const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
      // Listed timestamps: judged where the answer carries them (an omission is reported, not failed here).
      for (const field of ['date_created', 'date_closed', 'last_updated', 'date_last_updated']) {
        const instance = `order ${order.id} ${field}`;
        const value = order[field];
        if (value === undefined || value === null)
          notJudged(
            'GEN-TIMESTAMPS',
            instance,
            `the order read ${value === null ? 'gives null' : 'leaves it out'}`,
          );
        else expect(String(value), `GEN-TIMESTAMPS: ${instance}`).toMatch(iso);
      }
    },
  );

  test(
    'an order without pack_id is addressed by its own id under /packs and /messages/packs',
    verifies(['GEN-PACK-ID-FALLBACK'], '@readonly'),
    async ({ api, target }) => {
      const order = await readOrder(api, target.orders.withoutPack);
      const id = 'GEN-PACK-ID-FALLBACK';
      // pack_id is listed: a read that leaves it out does not show the order has no pack.
      if (order.pack_id === undefined) {
        expect(target.isMock, `${id}: the mock's order ${order.id} carries pack_id`).toBe(false);
        notJudged(id, `order ${order.id}`, 'the order read leaves pack_id out');
        return;
      }
      expect(order.pack_id, `order ${order.id}: pack_id (the profile's order without a pack)`).toBeNull();
      const messages = await api.call('listPackMessages', {
        as: 'seller',
        path: { pack_id: target.orders.withoutPack, user_id: target.users.seller.id },
      });
      expect(messages.status, `${id}: ${messages.label} by the order id`).toBe(200);
      const fiscal = await api.call('listFiscalDocuments', {
        as: 'seller',
        path: { pack_id: target.orders.withoutPack },
      });
      // 200 with documents or 404 "no documents" (the mock's reading); the 400 row "Order does not belong
      // to a pack" plausibly names this very case, so a foreign target may answer it.
      if (fiscal.status === 400 && !target.isMock)
        expectError(fiscal, { status: 400, error: 'bad_request' }, target);
      else expect([200, 404], `${id}: ${fiscal.label} by the order id`).toContain(fiscal.status);
    },
  );
});

test.describe('rate limits', () => {
  test(
    'the mock answers repeated reads without asking the suite to wait (rate limits are not shown)',
    verifies(['MOCK-NO-RATE-LIMIT'], '@readonly', '@mock-only'),
    async ({ api, target }) => {
      const { shippingItem, zipCode } = target.catalog;
      const seen = readLedger().length;
      const reads = [
        ...Array.from({ length: 3 }, () => api.call('listCountries', { as: 'seller' })),
        ...Array.from({ length: 3 }, () =>
          api.call('getShippingOptions', {
            as: 'buyer',
            path: { item_id: shippingItem },
            query: { zip_code: zipCode },
          }),
        ),
      ];
      const answers = await Promise.all(reads);
      for (const res of answers) expect(res.status, res.label).toBe(200);
      // The client waits out a 429 or 503 and retries; the run's ledger keeps every wait, by call label.
      const labels = new Set(answers.map((res) => res.label));
      const asked = readLedger()
        .slice(seen)
        .filter((line) => (line.status === 429 || line.status === 503) && labels.has(line.label));
      expect(asked.map((line) => `${line.status} ${line.label}`)).toEqual([]);
    },
  );
});
