import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { projectRoot } from '../../lib/checks/spec.ts';
import { exchange } from '../../lib/client/transport.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import { build } from '../../mock/app.ts';
import {
  alternate,
  BUYER,
  faithful,
  PAID,
  PLAIN_TRANSPORT,
  SELLER,
  sendWithAttachment,
  WRITABLE_CONVERSATION,
} from './alternate-kit.ts';
import { MockHarness } from './harness.ts';

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
      const sent = await sendWithAttachment(mock, attachmentId);
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
