import { expect, test } from '../../fixtures/index.ts';

/**
 * A deliberately failing run, used only by tests/self/reports.spec.ts (project `demo`, enabled by
 * EVIDENCE_DEMO=1): its reports must show the failing request and response with every token redacted.
 */
test('demo: a failing test leaves redacted evidence of its requests', async ({ api, target }) => {
  await api.send('getUserStatus', {
    as: 'seller',
    tokenIn: 'query',
    path: { user_id: target.users.seller.id },
    query: { attributes: 'status' },
  });
  await api.send('getOrder', { as: 'buyer', path: { order_id: target.orders.byStatus.paid } });
  expect(`token ${target.users.buyer.token}`, 'a deliberate failure whose message names a token').toBe(
    'no token',
  );
});
