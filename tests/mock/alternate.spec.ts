import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { projectRoot } from '../../lib/checks/spec.ts';
import { bodyAt, errorCodeOf } from '../../lib/client/typed.ts';
import { CHOICES, drawChoices, PRODUCTION_SEED, variantOf } from '../../mock/alternate/index.ts';
import { SHORT_KEEP_ALIVE_MS } from '../../mock/alternate/wire.ts';
import { build } from '../../mock/app.ts';
import {
  alternate,
  BUYER,
  carried,
  faithful,
  PACK,
  PAID,
  SELLER,
  SELLER2,
  SHIPMENT,
  TIMESTAMP,
  useAlternate,
} from './alternate-kit.ts';
import type { MockCallOptions } from './harness.ts';

test.describe('alternate mock: the catalog of choices', () => {
  const requirements = new Set(loadRequirements().map((r) => r.id));

  test('names every choice once, with at least two variants and the gap it exercises', () => {
    expect(new Set(CHOICES.map((c) => c.name)).size).toBe(CHOICES.length);
    for (const choice of CHOICES) {
      expect(Object.keys(choice.variants).length, choice.name).toBeGreaterThanOrEqual(2);
      const ids = choice.gap.match(/\b[A-Z]{2,}(?:-[A-Z0-9]+)+\b/g) ?? [];
      for (const id of ids) expect(requirements.has(id), `${choice.name}: requirement ${id}`).toBe(true);
      expect(ids.length > 0 || /not shown/.test(choice.gap), `${choice.name} names its gap`).toBe(true);
    }
  });

  test('draws the production-like (first) variants for seed 0 and other variants for other seeds', () => {
    for (const drawn of drawChoices(PRODUCTION_SEED)) {
      const choice = CHOICES.find((c) => c.name === drawn.name)!;
      expect(drawn.variant).toBe(Object.keys(choice.variants)[0]);
    }
    expect(drawChoices(7)).toEqual(drawChoices(7));
    expect(drawChoices(7)).not.toEqual(drawChoices(8));
  });

  test('covers every variant of every choice within the first hundred seeds', () => {
    for (const choice of CHOICES) {
      const drawn = new Set(Array.from({ length: 100 }, (_, i) => variantOf(choice, i + 1)));
      expect([...drawn].sort(), choice.name).toEqual(Object.keys(choice.variants).sort());
    }
  });

  test('is documented: mock/README.md names every choice and every variant', () => {
    const readme = readFileSync(join(projectRoot, 'mock', 'README.md'), 'utf8');
    for (const choice of CHOICES) {
      const row = readme.split('\n').find((line) => line.startsWith(`| \`${choice.name}\` |`));
      expect(row, `${choice.name} has its row`).toBeDefined();
      for (const variant of Object.keys(choice.variants))
        expect(row, choice.name).toContain(`\`${variant}\``);
    }
  });

  test('leaves the default mock alone: build() without alternate installs no choice', async () => {
    const app = await build();
    expect(app.alternate).toEqual([]);
    await app.close();
  });

  test('says what it drew at GET /__mock/alternate', async () => {
    const app = await build(alternate({}, 12));
    const res = await app.inject({ method: 'GET', url: '/__mock/alternate' });
    expect(res.json()).toEqual({ seed: 12, choices: drawChoices(12) });
    await app.close();
  });

  test('refuses an unknown choice or variant by name', async () => {
    await expect(build(alternate({ 'no-such-choice': 'x' }))).rejects.toThrow(/unknown alternate choice/);
    await expect(build(alternate({ 'keep-alive': 'forever' }))).rejects.toThrow(/unknown variant/);
  });
});

test.describe('alternate mock, production-like choices (seed 0)', () => {
  const mock = useAlternate(alternate());
  const call = <O extends string>(operationId: O, options: MockCallOptions) =>
    faithful(mock(), operationId, options);

  test('answers the first read of an order 206 with X-Content-Missing, then 200 without listed fields', async () => {
    const first = await call('getOrder', { as: SELLER, path: { order_id: 2000000003 } });
    expect(first.status).toBe(206);
    const missing = first.headers['x-content-missing']!.split(/,\s*/);
    expect(missing.length).toBeGreaterThan(0);
    const partial: Record<string, unknown> = bodyAt(first, 206);
    for (const field of missing) expect(partial[field], field).toEqual({});
    expect(first.omissions, 'a 206 keeps the rest of the order').toEqual([]);
    const second = await call('getOrder', { as: SELLER, path: { order_id: 2000000003 } });
    expect(second.status).toBe(200);
    expect(second.omissions.length, 'listed fields left out').toBeGreaterThan(0);
  });

  test('keeps taxes and total_amount in an order read with x-format-new (Orders rule 3)', async () => {
    await call('getOrder', { as: SELLER, path: { order_id: PAID } });
    const order: Record<string, unknown> = bodyAt(
      await call('getOrder', { as: SELLER, path: { order_id: PAID }, headers: { 'x-format-new': 'true' } }),
      [200, 206],
    );
    expect(order).toHaveProperty('taxes');
    expect(order).toHaveProperty('total_amount');
  });

  test('answers the site categories as a bare array', async () => {
    const res = await call('listSiteCategories', { path: { site_id: 'MLB' } });
    expect(Array.isArray(res.body)).toBe(true);
  });

  test('asks a token for location reads', async () => {
    const anonymous = await call('listCountries', { as: 'anonymous' });
    expect([anonymous.status, errorCodeOf(anonymous)]).toEqual([403, 'access_token_not_granted']);
    expect((await call('getCountry', { as: SELLER, path: { country_id: 'BR' } })).status).toBe(200);
  });

  test('lets only the seller read a shipment and its lead time', async () => {
    for (const operationId of ['getShipment', 'getShipmentLeadTime']) {
      const key = operationId === 'getShipment' ? 'shipping_id' : 'shipment_id';
      expect((await call(operationId, { as: BUYER, path: { [key]: SHIPMENT } })).status).toBe(403);
      expect((await call(operationId, { as: SELLER, path: { [key]: SHIPMENT } })).status).toBe(200);
    }
  });

  test('refuses the identity currency pair and converts the others', async () => {
    expect((await call('convertCurrency', { query: { from: 'BRL', to: 'BRL' } })).status).toBe(400);
    expect((await call('convertCurrency', { query: { from: 'BRL', to: 'USD' } })).status).toBe(200);
  });

  test("answers not_owned_order to a search of another user's orders and access_token_not_granted without a token", async () => {
    const other = await call('searchOrders', { as: SELLER, query: { seller: SELLER2 } });
    expect(errorCodeOf(other)).toBe('not_owned_order');
    const anonymous = await call('searchOrders', { as: 'anonymous', query: { seller: SELLER } });
    expect(errorCodeOf(anonymous)).toBe('access_token_not_granted');
  });

  test('sorts the order search date_asc by default and lists only the sort not applied', async () => {
    const body = bodyAt(await call('searchOrders', { as: SELLER, query: { seller: SELLER } }), 200);
    expect(carried(body.sort, 'sort').id).toBe('date_asc');
    expect(carried(body.available_sorts, 'available_sorts').map((s) => s.id)).toEqual(['date_desc']);
  });

  test('writes timestamps with Z', async () => {
    const order = bodyAt(await call('getOrder', { as: BUYER, path: { order_id: 2000000004 } }), [200, 206]);
    expect(order.date_created).toMatch(/Z$/);
    expect(order.date_created).toMatch(TIMESTAMP);
  });

  test('marks the messages a listing shows to their recipient as read, unless mark_as_read=false', async () => {
    const listing = (as: number, query: Record<string, string> = {}) =>
      call('listPackMessages', { as, path: { pack_id: PACK, user_id: SELLER }, query });
    const unread = async (as: number, query: Record<string, string> = {}) =>
      carried(bodyAt(await listing(as, query), 200).messages, 'messages').filter(
        (m) => carried(m.to, 'to').user_id === BUYER && carried(m.message_date, 'message_date').read === null,
      );
    expect((await unread(BUYER, { mark_as_read: 'false' })).length).toBeGreaterThan(0);
    expect((await unread(BUYER, { mark_as_read: 'false' })).length).toBeGreaterThan(0);
    await listing(BUYER);
    expect(await unread(BUYER)).toEqual([]);
  });
});

test.describe('alternate mock: the short keep-alive', () => {
  test('sends no Keep-Alive hint and closes a connection idle for 300 ms', async () => {
    const app = await build(alternate());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const closedAfter = await new Promise<{ headers: Record<string, unknown>; ms: number }>(
      (resolve, reject) => {
        // A client that keeps the connection, as the suite's does: only the server closes it.
        const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
        const req = httpRequest({ host: '127.0.0.1', port, path: '/classified_locations/countries', agent });
        req.on('response', (res) => {
          const socket = res.socket;
          res.resume();
          res.on('end', () => {
            const idleFrom = Date.now();
            socket.on('close', () => {
              agent.destroy();
              resolve({ headers: res.headers, ms: Date.now() - idleFrom });
            });
          });
        });
        req.on('error', reject);
        req.end();
      },
    );
    await app.close();
    expect(closedAfter.headers.connection).toBe('keep-alive');
    expect(closedAfter.headers['keep-alive']).toBeUndefined();
    expect(closedAfter.ms).toBeGreaterThanOrEqual(SHORT_KEEP_ALIVE_MS - 50);
    expect(closedAfter.ms).toBeLessThan(SHORT_KEEP_ALIVE_MS + 900);
  });
});
