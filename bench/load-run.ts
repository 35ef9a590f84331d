/**
 * Load on the mock (a separate process, loopback only): reads and writes mixed at 100 connections, then
 * ~25 MB uploads at concurrency 4 while the mock's resident memory is sampled. Fails on any transport
 * error or any status outside what the spec documents for the operations used; records the figures.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from 'undici';
import { projectRoot } from '../lib/checks/spec.ts';
import { loadMockProfile } from '../lib/profile/load.ts';
import { load } from './load.ts';
import { rssMiB, startMock } from './servers.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const profile = loadMockProfile();
const seller = { authorization: `Bearer ${profile.users.seller.token}` };
const pack = profile.messaging.writablePacks.at(-1)!;
const message = JSON.stringify({
  from: { user_id: String(profile.users.seller.id) },
  to: { user_id: String(profile.users.buyer.id) },
  text: 'Olá! Seu pedido já foi enviado.',
});

async function mixedLoad(url: string) {
  return load({
    url,
    connections: 100,
    seconds: SECONDS,
    requests: [
      { method: 'GET', path: '/classified_locations/countries' },
      { method: 'GET', path: `/orders/${profile.orders.byStatus.paid}`, headers: seller },
      {
        method: 'GET',
        path: `/orders/search?seller=${profile.users.seller.id}&order.status=paid`,
        headers: seller,
      },
      {
        method: 'POST',
        path: `/messages/packs/${pack}/sellers/${profile.users.seller.id}?tag=post_sale&application_id=${profile.messaging.applicationId}`,
        headers: { ...seller, 'content-type': 'application/json' },
        body: message,
      },
      {
        method: 'GET',
        path: `/messages/packs/${pack}/sellers/${profile.users.seller.id}?limit=10`,
        headers: seller,
      },
    ],
  });
}

function multipartOf(size: number): { body: Buffer; type: string } {
  const boundary = 'loadboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, Buffer.alloc(size, 0x61), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function bigUploads(url: string, pid: number, rounds: number) {
  const { body, type } = multipartOf(25_000_000);
  const statuses: number[] = [];
  let peak = rssMiB(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(pid));
  }, 50);
  for (let round = 0; round < rounds; round += 1) {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        request(`${url}/messages/attachments?tag=post_sale&site_id=${profile.messaging.siteId}`, {
          method: 'POST',
          headers: { ...seller, 'content-type': type },
          body,
        }).then(async (res) => {
          await res.body.dump();
          return res.statusCode;
        }),
      ),
    );
    statuses.push(...answers);
  }
  clearInterval(sampler);
  return { statuses, peak };
}

const mock = await startMock(4470);
const idle = rssMiB(mock.pid);
const mixed = await mixedLoad(mock.url);
const afterMixed = rssMiB(mock.pid);
const uploads = await bigUploads(mock.url, mock.pid, 3);
await mock.stop();

const badStatuses = Object.keys(mixed.statuses).filter((s) => s !== '2xx');
const failedUploads = uploads.statuses.filter((s) => s !== 200);
const lines = [
  '# Load run',
  '',
  `Measured ${new Date().toISOString()}; mock in its own process on loopback; \`npm run load\`.`,
  '',
  `- mixed reads and writes, 100 connections, ${SECONDS} s: ${mixed.requestsPerSecond} req/s, p50 ${mixed.p50} ms, p99 ${mixed.p99} ms, ${mixed.errors} errors, statuses ${JSON.stringify(mixed.statuses)}`,
  `- mock RSS: ${idle} MiB idle, ${afterMixed} MiB after the mixed load`,
  `- 25,000,000-byte attachments, 4 at a time, 3 rounds: statuses ${JSON.stringify(uploads.statuses)}, peak RSS ${uploads.peak} MiB (4 files in flight are ${Math.round((4 * 25_000_000) / 1048576)} MiB)`,
  '',
];
writeFileSync(join(projectRoot, 'bench', 'load-results.md'), lines.join('\n'));
console.log(lines.join('\n'));
if (mixed.errors > 0 || badStatuses.length > 0 || failedUploads.length > 0) {
  console.error(
    `load run failed: ${mixed.errors} errors, statuses ${badStatuses.join(', ')}, uploads ${failedUploads.join(', ')}`,
  );
  process.exitCode = 1;
}
