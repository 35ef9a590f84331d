import { expect, test } from '@playwright/test';
import { bodyAt } from '../../lib/client/typed.ts';
import { alternate, faithful, SELLER } from './alternate-kit.ts';
import { MockHarness } from './harness.ts';

test.describe('alternate mock: the freedom around relations (issue 46)', () => {
  test('carries a unit price to a mill on some lines, the total still in cents and within half a cent of its lines', async () => {
    const mock = await MockHarness.start(alternate({ 'amount-precision': 'mills', 'transient-206': 'mock' }));
    try {
      const page = await faithful(mock, 'searchOrders', { as: SELLER, query: { seller: SELLER } });
      const orders = (bodyAt(page, 200) as { results: Array<Record<string, unknown>> }).results;
      const lines = orders.flatMap(
        (o) => (o.order_items as Array<{ unit_price: number; quantity: number }>) ?? [],
      );
      expect(lines.some((l) => Math.round(l.unit_price * 100) !== l.unit_price * 100)).toBe(true);
      for (const order of orders) {
        const items = order.order_items as Array<{ unit_price: number; quantity: number }>;
        const sum = items.reduce((total, l) => total + l.unit_price * l.quantity, 0);
        expect(Math.abs(sum - (order.total_amount as number)), String(order.id)).toBeLessThan(0.005);
      }
    } finally {
      await mock.close();
    }
  });

  test("adds an order while a run reads: the seller's search total grows between two pages", async () => {
    const mock = await MockHarness.start(alternate({ 'live-orders': 'arriving' }));
    try {
      const total = async () =>
        (
          bodyAt(await faithful(mock, 'searchOrders', { as: SELLER, query: { seller: SELLER } }), 200) as {
            paging: { total: number };
          }
        ).paging.total;
      const first = await total();
      // One arrival every 20 order reads: the 20th read sees it.
      for (let read = 2; read < 20; read += 1) await total();
      expect(await total()).toBeGreaterThan(first);
      // The order that arrived is whole: its shipment and its conversation exist from its creation.
      const newest = bodyAt(
        await faithful(mock, 'searchOrders', {
          as: SELLER,
          query: { seller: SELLER, sort: 'date_desc', limit: 1 },
        }),
        200,
      ).results?.[0] as unknown as { id: number; shipping: { id: number }; pack_id: number | null };
      const reads = {
        getOrder: await faithful(mock, 'getOrder', { as: SELLER, path: { order_id: newest.id } }),
        getShipment: await faithful(mock, 'getShipment', {
          as: SELLER,
          path: { shipping_id: newest.shipping.id },
        }),
        getShipmentLeadTime: await faithful(mock, 'getShipmentLeadTime', {
          as: SELLER,
          path: { shipment_id: newest.shipping.id },
        }),
        listPackMessages: await faithful(mock, 'listPackMessages', {
          as: SELLER,
          path: { pack_id: newest.pack_id ?? newest.id, user_id: SELLER },
          query: { mark_as_read: 'false' },
        }),
      };
      // Each answered as for any order (an order's read may be the transient 206 this mock draws).
      const unanswered = Object.entries(reads).filter(
        ([, answer]) => answer.status < 200 || answer.status > 299,
      );
      expect(unanswered.map(([op, answer]) => `${op} ${answer.status}`)).toEqual([]);
    } finally {
      await mock.close();
    }
  });
});
