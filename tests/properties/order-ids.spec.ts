/** Order reads by id, read-only: malformed ids and ids of orders that are not the caller's. */
import fc from 'fast-check';
import { expect, test, verifies } from '../../fixtures/index.ts';
import { nonIntegerOrderIds } from './arbitraries/orderSearch.ts';

const NOT_YOURS = ['order_not_found', 'not_owned_order', 'caller.id.invalid'];

test.describe('GET /orders/{order_id} for any id', () => {
  test.describe.configure({ timeout: 120_000 });

  test(
    'should answer invalid_order_id to any id that is not an integer',
    verifies(['ORD-ERR-INVALID-ORDER-ID'], '@readonly'),
    async ({ api, property }) => {
      await property(
        fc.asyncProperty(nonIntegerOrderIds, async (id) => {
          const res = await api.call('getOrder', { as: 'seller', path: { order_id: id } });
          expect(res.status, `${res.label}: a client error`).toBeGreaterThanOrEqual(400);
          expect(res.status, `${res.label}: a client error`).toBeLessThan(500);
          expect((res.body as { error?: string }).error, `${res.label}: error code`).toBe('invalid_order_id');
        }),
        20,
      );
    },
  );

  test(
    "should answer order_not_found or not_owned_order to any integer id that is not one of the caller's orders",
    verifies(['ORD-ERR-ORDER-NOT-FOUND', 'ORD-ERR-NOT-OWNED-ORDER', 'ORD-READ-OWNER'], '@readonly'),
    async ({ api, target, property }) => {
      const ids = fc.oneof(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(...Object.values(target.orders.byStatus)),
      );
      await property(
        fc.asyncProperty(ids, fc.constantFrom('stranger' as const, 'seller' as const), async (id, as) => {
          const res = await api.call('getOrder', { as, path: { order_id: id } });
          if (res.status < 300) {
            const order = res.body as { seller: { id: number }; buyer: { id: number | string } };
            const caller = target.users[as].id;
            expect(
              [order.seller.id, Number(order.buyer.id)],
              `${res.label}: a 2xx only for the caller's own order`,
            ).toContain(caller);
            return;
          }
          expect(NOT_YOURS, `${res.label}: error code`).toContain((res.body as { error?: string }).error);
        }),
        20,
      );
    },
  );
});
