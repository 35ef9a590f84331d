import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { runFindings } from '../../lib/checks/findings.ts';
import { loadSpec, projectRoot } from '../../lib/checks/spec.ts';
import { exchange } from '../../lib/client/transport.ts';
import { bodyAt, errorCodeOf } from '../../lib/client/typed.ts';
import { CHOICES, drawChoices, PRODUCTION_SEED, variantOf } from '../../mock/alternate/index.ts';
import { SHORT_KEEP_ALIVE_MS } from '../../mock/alternate/wire.ts';
import { build, type MockOptions } from '../../mock/app.ts';
import { type InjectedResponse, type MockCallOptions, MockHarness } from './harness.ts';

const SELLER = 2001;
const SELLER2 = 2002;
const BUYER = 3001;
const STRANGER = 4001;
const PAID = 2000000005;
const SHIPMENT = 4000000012;
const PACK = 3000000200;
const SHARED_PACK = 3000000100;
const WRITABLE_PACK = 3000000101;
const WRITABLE_CONVERSATION = 3000000201;
const WITHOUT_PACK = 2000000013;
const SEED_DOC = '68f1c2a0b4e5d6c7a8b9c0d1';
const MESSAGE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const REJECTED = 'b1b2c3d4e5f60718293a4b5c6d7e8f90';
const ATTACHMENT = '3001_5b0e7c1d2a3f4e5d6c7b8a9f.pdf';
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const spec = loadSpec();

/**
 * A listed field a test needs from the alternate mock, whose choices here send it: its absence (a
 * production-shaped omission the test cannot judge past) fails the test rather than judging nothing.
 */
function carried<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what}: the alternate mock left out a listed field this test needs`);
  return value;
}

interface Judged<O extends string = string> extends InjectedResponse<O> {
  /** Findings that break the reference (types, enums, statuses, error shape, stated presence). */
  breaks: string[];
  /** Listed fields left out: allowed, the alternate mock's very point. */
  omissions: string[];
}

/** Calls an operation and judges it as the suite judges a foreign target, omissions apart. */
async function judged<O extends string>(
  mock: MockHarness,
  operationId: O,
  options: MockCallOptions,
): Promise<Judged<O>> {
  const res = await mock.call(operationId, options);
  const op = spec.operation(operationId);
  const findings = runFindings(
    { spec, op, label: `${op.method.toUpperCase()} ${op.path}` },
    { status: res.status, headers: res.headers, body: res.body, text: res.text },
  );
  return {
    ...res,
    breaks: findings.filter((f) => f.level === 'violation').map((f) => f.message),
    omissions: findings.filter((f) => f.level === 'omission').map((f) => f.field),
  };
}

async function faithful<O extends string>(
  mock: MockHarness,
  operationId: O,
  options: MockCallOptions,
): Promise<Judged<O>> {
  const res = await judged(mock, operationId, options);
  expect(res.breaks, `${operationId} ${JSON.stringify(options)}: ${res.text.slice(0, 300)}`).toEqual([]);
  return res;
}

const alternate = (force: Record<string, string> = {}, seed = PRODUCTION_SEED): MockOptions => ({
  alternate: { seed, force },
});

function useAlternate(options: MockOptions): () => MockHarness {
  let mock: MockHarness | undefined;
  test.beforeAll(async () => {
    mock = await MockHarness.start(options);
  });
  test.afterAll(() => mock?.close());
  return () => mock!;
}

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

/** Every read of the spec with the seed's ids, from the users who matter, with good and bad inputs. */
const READS: [string, MockCallOptions][] = [
  ...[2000000001, 2000000003, PAID, 2000000006, 2000000009, 2000000010, 2000000012, WITHOUT_PACK].flatMap(
    (id): [string, MockCallOptions][] => [
      ['getOrder', { as: SELLER, path: { order_id: id } }],
      ['getOrder', { as: BUYER, path: { order_id: id }, headers: { 'x-format-new': 'true' } }],
    ],
  ),
  ['getOrder', { as: STRANGER, path: { order_id: PAID } }],
  ['getOrder', { as: 'anonymous', path: { order_id: PAID } }],
  ['getOrder', { as: SELLER, path: { order_id: 2999999999 } }],
  ['getOrder', { as: SELLER, path: { order_id: 2000000099 } }],
  ['getOrder', { as: SELLER, path: { order_id: '1e3' } }],
  ['getOrder', { as: SELLER, path: { order_id: 'null' } }],
  ['getOrder', { as: { token: 'APP_USR-unknown' }, path: { order_id: PAID } }],
  ['getOrder', { as: { token: 'garbage' }, path: { order_id: PAID } }],
  ['getOrderProduct', { as: BUYER, path: { order_id: PAID } }],
  ['getOrderDiscounts', { as: SELLER, path: { order_id: PAID } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER } }],
  ['searchOrders', { as: BUYER, query: { buyer: BUYER, sort: 'date_desc' } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, offset: 1, limit: 2 } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, limit: 1000 } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, offset: '123456789012' } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, offset: 40 } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, tags: 'paid,mshops' } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, 'mediations.stage': 'claim' } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, 'feedback.status': 'nonsense' } }],
  [
    'searchOrders',
    { as: SELLER, query: { seller: SELLER, 'order.date_created.from': '2020-01-01T00:00:00Z' } },
  ],
  ['searchOrders', { as: SELLER, query: { seller: SELLER, unknown_param: 'x' } }],
  ['searchOrders', { as: SELLER, query: { seller: SELLER2 } }],
  ['searchOrders', { as: SELLER, query: {} }],
  ['searchOrders', { as: 'anonymous', query: { seller: SELLER } }],
  ['getShipment', { as: SELLER, path: { shipping_id: SHIPMENT }, headers: { 'x-format-new': 'true' } }],
  ['getShipment', { as: BUYER, path: { shipping_id: SHIPMENT } }],
  ['getShipment', { as: SELLER, path: { shipping_id: 4999999999 } }],
  ['getShipmentLeadTime', { as: SELLER, path: { shipment_id: 'abc' } }],
  ['convertCurrency', { query: { from: 'BRL', to: 'USD' } }],
  ['convertCurrency', { query: { from: 'BRL', to: 'BRL' } }],
  ['convertCurrency', { query: { from: 'BRL', to: 'ARS' } }],
  ['convertCurrency', { query: { from: 'XXX', to: 'USD' } }],
  ['listFiscalDocuments', { as: SELLER, path: { pack_id: SHARED_PACK } }],
  ['listFiscalDocuments', { as: BUYER, path: { pack_id: SHARED_PACK } }],
  ['listFiscalDocuments', { as: SELLER, path: { pack_id: WITHOUT_PACK } }],
  ['downloadFiscalDocument', { as: SELLER, path: { pack_id: SHARED_PACK, fiscal_document_id: SEED_DOC } }],
  ['downloadFiscalDocument', { as: SELLER, path: { pack_id: WRITABLE_PACK, fiscal_document_id: SEED_DOC } }],
  ['listPackMessages', { as: SELLER, path: { pack_id: PACK, user_id: SELLER } }],
  [
    'listPackMessages',
    { as: BUYER, path: { pack_id: PACK, user_id: SELLER }, query: { limit: 2, offset: 1 } },
  ],
  ['listPackMessages', { as: BUYER, path: { pack_id: PACK, user_id: SELLER }, query: { offset: 50 } }],
  ['listPackMessages', { as: BUYER, path: { pack_id: PACK, user_id: SELLER }, query: { limit: 500 } }],
  ['listPackMessages', { as: SELLER, path: { pack_id: 3999999999, user_id: SELLER } }],
  ['getMessage', { as: SELLER, path: { message_id: MESSAGE } }],
  ['getMessage', { as: BUYER, path: { message_id: MESSAGE }, headers: { 'x-format-new': 'true' } }],
  ['getMessage', { as: SELLER, path: { message_id: REJECTED } }],
  ['getMessage', { as: SELLER, path: { message_id: 'ffffffffffffffffffffffffffffffff' } }],
  [
    'downloadAttachment',
    { as: SELLER, path: { attachment_id: ATTACHMENT }, query: { tag: 'post_sale', site_id: 'MLB' } },
  ],
  [
    'downloadAttachment',
    { as: SELLER, path: { attachment_id: 'nope.pdf' }, query: { tag: 'post_sale', site_id: 'MLB' } },
  ],
  ['downloadAttachment', { as: SELLER, path: { attachment_id: ATTACHMENT }, query: { tag: 'post_sale' } }],
  [
    'getUserStatus',
    { as: SELLER, tokenIn: 'query', path: { user_id: SELLER }, query: { attributes: 'status' } },
  ],
  [
    'getUserStatus',
    { as: SELLER, tokenIn: 'query', path: { user_id: BUYER }, query: { attributes: 'status' } },
  ],
  ['getUserStatus', { as: SELLER, path: { user_id: SELLER }, query: { attributes: 'status' } }],
  ['getUserStatus', { as: SELLER, tokenIn: 'query', path: { user_id: SELLER } }],
  ['listCountries', { as: 'anonymous' }],
  ['getCountry', { as: SELLER, path: { country_id: 'BR' } }],
  ['getCountry', { as: SELLER, path: { country_id: 'b-r' } }],
  ['getState', { as: SELLER, path: { state_id: 'TUxCUFNBT085N2E4' } }],
  ['getCity', { as: SELLER, path: { city_id: 'TUxCQ1NBTzQ1N2E4' } }],
  ['getNeighborhood', { as: SELLER, path: { neighborhood_id: 'TUxCQkJFTDM5OTg3' } }],
  ['listSiteCategories', { as: 'anonymous', path: { site_id: 'MLB' } }],
  ['getCategory', { as: SELLER, path: { category_id: 'MLB1000' } }],
  ['getCategory', { as: SELLER, path: { category_id: 'MLB1002' } }],
  ['getCategory', { as: SELLER, path: { category_id: 'mlb-1' } }],
  ['getCategoryAttributes', { as: SELLER, path: { category_id: 'MLB1002' } }],
  [
    'searchSiteItems',
    {
      as: SELLER,
      path: { site_id: 'MLB' },
      query: { category: 'MLB1000', item_location: 'lat:-24_-23,lon:-47_-46' },
    },
  ],
  ['searchSiteItems', { as: SELLER, path: { site_id: 'MLB' }, query: { limit: 5, offset: 2 } }],
  ['searchSiteItems', { as: SELLER, path: { site_id: 'MLB' }, query: { limit: 30 } }],
  ['getShippingOptions', { as: BUYER, path: { item_id: 'MLB100000001' }, query: { zip_code: '01310100' } }],
  [
    'getShippingOptions',
    { as: BUYER, path: { item_id: 'MLB100000001' }, query: { city_to: 'TUxCQ1NBTzQ1N2E4' } },
  ],
  [
    'getShippingOptions',
    {
      as: BUYER,
      path: { item_id: 'MLB100000001' },
      query: { zip_code: '01310100', city_to: 'TUxCQ1NBTzQ1N2E4' },
    },
  ],
];

/** A few seeds that together draw every variant of every choice: each one the seed that adds the most. */
function coveringSeeds(): number[] {
  const missing = new Set(CHOICES.flatMap((c) => Object.keys(c.variants).map((v) => `${c.name}=${v}`)));
  const newOf = (seed: number) =>
    CHOICES.map((c) => `${c.name}=${variantOf(c, seed)}`).filter((k) => missing.has(k));
  const seeds: number[] = [];
  while (missing.size > 0) {
    let best = 1;
    for (let seed = 2; seed <= 300; seed += 1) if (newOf(seed).length > newOf(best).length) best = seed;
    for (const key of newOf(best)) missing.delete(key);
    seeds.push(best);
  }
  return seeds;
}

/**
 * The choices of the transport the in-process sweep leaves at the mock's: inject() reads no content coding,
 * and a refusal (429/503, not judged by the suite) or latency says nothing of the answer's faithfulness.
 * `alternate mock: the transport` proves them over a socket, through the suite's own transport.
 */
const PLAIN_TRANSPORT = {
  compression: 'mock',
  'rate-limit': 'mock',
  'transient-refusal': 'mock',
  latency: 'mock',
};

test.describe('alternate mock: every answer stays faithful to the reference', () => {
  for (const seed of [PRODUCTION_SEED, ...coveringSeeds()]) {
    test(`answers every read with a documented status and shape, listed fields aside (seed ${seed})`, async () => {
      const mock = await MockHarness.start(alternate(PLAIN_TRANSPORT, seed));
      try {
        // Twice: a transient 206, a read marked read, a sort or a shape may differ between reads.
        for (let round = 0; round < 2; round += 1)
          for (const [operationId, options] of READS) await faithful(mock, operationId, options);
      } finally {
        await mock.close();
      }
    });
  }
});

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

test.describe('alternate mock: writes with ids of another shape', () => {
  for (const shape of ['uuid', 'numeric']) {
    test(`uploads, lists, downloads and deletes fiscal documents, and sends an attachment, with ${shape} ids`, async () => {
      const mock = await MockHarness.start(alternate({ 'runtime-id-shapes': shape }));
      const pdf = { name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') };
      try {
        const path = { pack_id: WRITABLE_PACK };
        const upload = await faithful(mock, 'uploadFiscalDocuments', {
          as: SELLER,
          path,
          multipart: { fiscal_document: pdf },
        });
        const [id] = bodyAt(upload, 200).ids;
        expect(id).toMatch(shape === 'uuid' ? /^[0-9a-f]{8}-/ : /^\d+$/);
        const listed = await faithful(mock, 'listFiscalDocuments', { as: BUYER, path });
        expect(bodyAt(listed, 200).fiscal_documents.map((d) => d.id)).toEqual([id]);
        const file = await faithful(mock, 'downloadFiscalDocument', {
          as: SELLER,
          path: { ...path, fiscal_document_id: id! },
        });
        expect(file.bytes.toString()).toBe('%PDF-1.4 test');
        const deleted = await faithful(mock, 'deleteFiscalDocuments', { as: SELLER, path });
        expect(bodyAt(deleted, 200).message).toContain(id!);

        const query = { tag: 'post_sale', site_id: 'MLB' };
        const attachment = await faithful(mock, 'uploadAttachment', {
          as: SELLER,
          query,
          multipart: { file: pdf },
        });
        const attachmentId = bodyAt(attachment, [200, 201]).id;
        const sent = await faithful(mock, 'sendPackMessage', {
          as: SELLER,
          path: { pack_id: WRITABLE_CONVERSATION, user_id: SELLER },
          query: { tag: 'post_sale', application_id: '1234567890123456' },
          json: {
            from: { user_id: String(SELLER) },
            to: { user_id: String(BUYER) },
            text: 'Olá',
            attachments: [attachmentId],
          },
        });
        const created = bodyAt(sent, [200, 201]);
        const messageId = String(
          carried(
            'id' in created ? created.id : 'message_id' in created ? created.message_id : undefined,
            'the message id',
          ),
        );
        const read = await faithful(mock, 'getMessage', { as: BUYER, path: { message_id: messageId } });
        const message = bodyAt(read, 200);
        const [first] = 'attachments' in message ? carried(message.attachments, 'attachments') : [];
        expect(first).toMatchObject({ filename: attachmentId });
        const download = await faithful(mock, 'downloadAttachment', {
          as: BUYER,
          path: { attachment_id: attachmentId },
          query,
        });
        expect(download.status).toBe(200);
      } finally {
        await mock.close();
      }
    });
  }
});

/** The alternate mock listening on a free port, with these variants forced. */
async function listening(force: Record<string, string>) {
  const app = await build(alternate(force));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const get = (path: string, headers: Record<string, string> = {}) =>
    exchange({ method: 'GET', url: `http://127.0.0.1:${port}${path}`, headers, timeoutMs: 10_000 });
  return { app, port, get };
}

const SELLER_TOKEN = {
  authorization: `Bearer ${JSON.parse(readFileSync(join(projectRoot, 'fixtures/targets/mock.json'), 'utf8')).users.seller.token}`,
};

test.describe('alternate mock: the transport', () => {
  for (const [compression, chunked] of [
    ['gzip', 'chunked-small'],
    ['deflate', 'chunked'],
    ['gzip-over-1k', 'mock'],
  ]) {
    test(`a ${compression} body sent ${chunked === 'mock' ? 'whole' : chunked} reads as the plain one through the suite's transport`, async () => {
      const plain = await listening({ 'transient-206': 'mock' });
      const coded = await listening({
        'transient-206': 'mock',
        compression: compression!,
        'chunked-bodies': chunked!,
      });
      try {
        // Reads whose bodies do not depend on the moment the mock was built.
        for (const path of [
          '/sites/MLB/categories',
          '/categories/MLB1002/attributes',
          '/categories/MLB1002',
        ]) {
          const [a, b] = [await plain.get(path, SELLER_TOKEN), await coded.get(path, SELLER_TOKEN)];
          expect(b.status, path).toBe(a.status);
          if (chunked !== 'mock') expect(b.headers['transfer-encoding'], path).toBe('chunked');
          if (compression !== 'gzip-over-1k') expect(b.headers['content-encoding'], path).toBe(compression);
          expect(JSON.parse(b.bytes.toString()), path).toEqual(JSON.parse(a.bytes.toString()));
        }
      } finally {
        await plain.app.close();
        await coded.app.close();
      }
    });
  }

  test('refuses now and then with 503 or 429, Retry-After and the error shape, on the reads whose errors are not shown only', async () => {
    for (const variant of ['503-one-in-15', '429-one-in-15', '429-date-one-in-15', 'burst-of-4']) {
      const app = await build(alternate({ 'transient-refusal': variant, 'location-token': 'mock' }));
      const get = async (url: string) => {
        const res = await app.inject({ method: 'GET', url });
        return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
      };
      try {
        const answers = await Promise.all(
          Array.from({ length: 120 }, () => get('/classified_locations/countries')),
        );
        const refused = answers.filter((a) => a.status !== 200);
        expect(refused.length, variant).toBeGreaterThan(0);
        expect(refused.length, variant).toBeLessThan(answers.length / 2);
        for (const answer of refused) {
          expect([429, 503], variant).toContain(answer.status);
          expect(answer.headers['retry-after'], variant).toMatch(/^\d+$|GMT$/);
          expect(Object.keys(JSON.parse(answer.bytes.toString())).sort()).toEqual([
            'cause',
            'error',
            'message',
            'status',
          ]);
        }
        const shown = await Promise.all(
          Array.from({ length: 60 }, () => get('/currency_conversions/search?from=BRL&to=USD')),
        );
        expect(
          shown.filter((a) => a.status === 429 || a.status === 503),
          'currency errors are not in the sentence',
        ).toEqual([]);
      } finally {
        await app.close();
      }
    }
  });

  test('a token bucket of 20/s answers a burst past it 429 with Retry-After: 1', async () => {
    const app = await build(alternate({ 'rate-limit': '20/s', 'category-token': 'mock' }));
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => app.inject({ method: 'GET', url: '/sites/MLB/categories' })),
      );
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused.length).toBeGreaterThanOrEqual(15);
      expect(refused.every((a) => a.headers['retry-after'] === '1')).toBe(true);
    } finally {
      await app.close();
    }
  });

  test('closes a connection after its third answer, saying Connection: close', async () => {
    const { app, port } = await listening({ 'connection-answers': 'close-after-3', 'keep-alive': 'mock' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const once = () =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, path: '/sites/MLB/categories', agent });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers.connection));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      const seen = [await once(), await once(), await once()];
      expect(seen).toEqual(['keep-alive', 'keep-alive', 'close']);
    } finally {
      agent.destroy();
      await app.close();
    }
  });

  test('writes ids the reference leaves untyped as decimal strings, and timestamps in other ISO 8601 forms', async () => {
    for (const [form, pattern] of [
      ['basic-offset', /[+-]\d{4}$/],
      ['hour-offset', /T\d{2}:\d{2}:\d{2}-03$/],
      ['micros-half-hour', /\.\d{6}\+05:30$/],
    ] as const) {
      const mock = await MockHarness.start(
        alternate({
          ...PLAIN_TRANSPORT,
          'untyped-id-spelling': 'numeric-strings',
          timestamps: form,
          'transient-206': 'mock',
          'order-read-fields': 'mock',
        }),
      );
      try {
        const order = bodyAt(await faithful(mock, 'getOrder', { as: SELLER, path: { order_id: PAID } }), 200);
        expect(order.seller?.id).toBe(String(SELLER));
        expect(order.buyer?.id).toBe(String(BUYER));
        expect(order.date_created, form).toMatch(pattern);
        const from = order.date_created as string;
        const search = await faithful(mock, 'searchOrders', {
          as: SELLER,
          query: { seller: SELLER, 'order.date_created.from': from },
        });
        expect(search.status, `a filter written as this server writes: ${from}`).toBe(200);
      } finally {
        await mock.close();
      }
    }
  });

  test('holds a new message pending: the counterpart sees it, its attachment and its read by id only after moderation', async () => {
    const mock = await MockHarness.start(
      alternate({ ...PLAIN_TRANSPORT, 'moderation-hold': 'pending-500ms' }),
    );
    const pdf = { name: 'a.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') };
    const query = { tag: 'post_sale', site_id: 'MLB' };
    try {
      const attachment = await faithful(mock, 'uploadAttachment', {
        as: SELLER,
        query,
        multipart: { file: pdf },
      });
      const attachmentId = bodyAt(attachment, [200, 201]).id;
      const path = { pack_id: WRITABLE_CONVERSATION, user_id: SELLER };
      const sent = await faithful(mock, 'sendPackMessage', {
        as: SELLER,
        path,
        query: { tag: 'post_sale', application_id: '1234567890123456' },
        json: {
          from: { user_id: String(SELLER) },
          to: { user_id: String(BUYER) },
          text: 'Olá',
          attachments: [attachmentId],
        },
      });
      const created = bodyAt(sent, [200, 201]) as { id: string; message_moderation: { status: string } };
      expect(created.message_moderation.status).toBe('pending');
      const ids = async (as: number) =>
        (
          bodyAt(await faithful(mock, 'listPackMessages', { as, path, query: { limit: 50 } }), 200)
            .messages as { id: string }[]
        ).map((m) => m.id);
      const download = () =>
        faithful(mock, 'downloadAttachment', { as: BUYER, path: { attachment_id: attachmentId }, query });
      const byId = () => faithful(mock, 'getMessage', { as: BUYER, path: { message_id: created.id } });
      expect(await ids(SELLER)).toContain(created.id);
      expect(await ids(BUYER)).not.toContain(created.id);
      expect((await byId()).status).toBe(403);
      expect((await download()).status).toBe(403);
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await ids(BUYER)).toContain(created.id);
      expect((await byId()).status).toBe(200);
      expect((await download()).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});
