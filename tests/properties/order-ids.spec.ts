/** Order reads by id, read-only: malformed ids and ids of orders that are not the caller's. */
import fc from 'fast-check';
import { expectHot, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { bodyAt, errorCodeOf } from '../../lib/client/typed.ts';
import type { ApiResponse } from '../../lib/client/types.ts';
import { nonIntegerOrderIds, openReadingOrderIds, readsAsNull } from '../../lib/rules/order-search.ts';
import { ownerRule } from '../../lib/rules/order-search-rules.ts';
import { callersPresent } from './support/leftOut.ts';

const NOT_YOURS = ['order_not_found', 'not_owned_order', 'caller.id.invalid'];

type Caller = 'seller' | 'stranger';

/** The requirement an error code of an order read answers to (any other documented code: ownership). */
const CODE_REQUIREMENTS: Record<string, string> = {
  invalid_order_id: 'ORD-ERR-INVALID-ORDER-ID',
  empty_order_id: 'ORD-ERR-EMPTY-ORDER-ID',
};

/**
 * A 2xx to an order read is only ever the caller's own order (ORD-READ-OWNER), the party ids read as
 * the numbers they spell (seller.id's type is not given: production sends numeric strings). A 206 may
 * leave the buyer or the seller out (X-Content-Missing: empty objects), and a foreign answer may leave
 * an id out: a party not shown may be the caller, so such an answer is not judged.
 */
function expectCallersOwn(res: ApiResponse<'getOrder'>, target: TargetProfile, as: Caller): void {
  // The parties only: a 206's empty objects read as parties whose id is not shown.
  const { seller, buyer } = bodyAt(res, [200, 206]);
  const holds = ownerRule(target.users[as].id).holds({ seller, buyer });
  if (holds === undefined)
    notJudged(
      'ORD-READ-OWNER',
      res.label,
      `the ${res.status} answer shows neither party as the caller and leaves one out`,
    );
  else
    expectHot(
      holds,
      `ORD-READ-OWNER: ${res.label} answered ${res.status}: a 2xx only for the caller's own order`,
    ).toBe(true);
}

test.describe('GET /orders/{order_id} for any id', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should answer invalid_order_id to any id that is not an integer',
    verifies(['ORD-ERR-INVALID-ORDER-ID'], '@readonly'),
    async ({ api, property }) => {
      await property(
        fc.asyncProperty(nonIntegerOrderIds, async (id) => {
          const res = await api.call('getOrder', { as: 'seller', path: { order_id: id } });
          expectHot(res.status, `${res.label}: a client error`).toBeGreaterThanOrEqual(400);
          expectHot(res.status, `${res.label}: a client error`).toBeLessThan(500);
          expectHot(errorCodeOf(res), `ORD-ERR-INVALID-ORDER-ID: ${res.label} error code`).toBe(
            'invalid_order_id',
          );
        }),
        20,
      );
    },
  );

  // "order_id must be an integer" (invalid_order_id) and "order_id is null" (empty_order_id) do not
  // say how `1e3`, `0x1F`, `007` or `null` are read: a target may refuse them, or read the number and
  // answer as for that id. Any documented answer passes; the mock refuses them all (its choice).
  test(
    'should answer ids some parsers read as integers or as null with a documented answer',
    verifies(['ORD-ERR-INVALID-ORDER-ID', 'ORD-ERR-EMPTY-ORDER-ID', 'ORD-READ-OWNER'], '@readonly'),
    async ({ api, target, property }) => {
      const judge = async (id: string) => {
        const res = await api.call('getOrder', { as: 'seller', path: { order_id: id } });
        if (res.status < 300 && !target.isMock) return expectCallersOwn(res, target, 'seller');
        expectHot(res.status, `${res.label}: a client error`).toBeGreaterThanOrEqual(400);
        expectHot(res.status, `${res.label}: a client error`).toBeLessThan(500);
        const documented = target.isMock
          ? ['invalid_order_id']
          : ['invalid_order_id', ...(readsAsNull(id) ? ['empty_order_id'] : []), ...NOT_YOURS];
        const code = errorCodeOf(res);
        const requirement = CODE_REQUIREMENTS[String(code)] ?? 'ORD-READ-OWNER';
        expectHot(
          documented,
          `${requirement}: ${res.label} answered ${res.status} ${res.shown.slice(0, 200)}`,
        ).toContain(code);
      };
      // The null spelling always, whatever the draws (fewer against a foreign target): empty_order_id's instance.
      await judge('null');
      await property(fc.asyncProperty(openReadingOrderIds, judge), 20);
    },
  );

  test(
    "should answer order_not_found or not_owned_order to any integer id that is not one of the caller's orders",
    verifies(['ORD-ERR-ORDER-NOT-FOUND', 'ORD-ERR-NOT-OWNED-ORDER', 'ORD-READ-OWNER'], '@readonly'),
    async ({ api, target, property }) => {
      const callers = callersPresent<Caller>(target, ['stranger', 'seller'], {
        stranger: ['ORD-ERR-NOT-OWNED-ORDER'],
      });
      const ids = fc.oneof(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(...Object.values(target.orders.byStatus)),
      );
      await property(
        fc.asyncProperty(ids, fc.constantFrom(...callers), async (id, as) => {
          const res = await api.call('getOrder', { as, path: { order_id: id } });
          if (res.status < 300) return expectCallersOwn(res, target, as);
          expectHot(NOT_YOURS, `ORD-READ-OWNER: ${res.label} refused: error code`).toContain(
            errorCodeOf(res),
          );
        }),
        20,
      );
    },
  );
});
