/**
 * Fuzzes the mock in-process (app.inject): requests generated from the spec's operations plus hostile
 * inputs. Fails on a crash, an undocumented 5xx, an error body outside the reference's shape, or a hang;
 * checks the heap is back to its baseline after a reset. `npm run fuzz` (quick) or `-- --deep` (100,000).
 */
import fc from 'fast-check';
import { loadSpec, type OperationInfo } from '../lib/checks/spec.ts';
import { build } from '../mock/app.ts';

const DEEP = process.argv.includes('--deep');
const RUNS = Number(process.env.FUZZ_RUNS ?? (DEEP ? 100_000 : 5_000));
const HANG_MS = 5_000;
const spec = loadSpec();
const operations = spec.operations;

const hostile = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e308',
    'NaN',
    'null',
    '[]',
    '{}',
    '../../etc/passwd',
    '..%2F..%2Fetc',
    '%00',
    '%',
    '%E0%A4%A',
    '\\',
    '/',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('x'.repeat(5_000), '9'.repeat(400)),
  fc.constantFrom(
    '2000000005',
    '3000000101',
    '3000000200',
    'MLB1000',
    'BR',
    'TUxCUFNBT085N2E4',
    'MLB100000001',
    '2001',
  ),
);

const tokens = fc.constantFrom(
  undefined,
  'Bearer APP_USR-mock-seller-2001',
  'Bearer APP_USR-mock-buyer-3001',
  'Bearer APP_USR-mock-stranger-4001',
  'Bearer APP_USR-0000',
  'Bearer not a token',
  'Basic abc',
  '',
);

const bodies = fc.oneof(
  fc.constant(undefined),
  fc
    .jsonValue({ maxDepth: 6 })
    .map((value) => ({ payload: JSON.stringify(value), type: 'application/json' })),
  fc
    .constantFrom('{"text":', '{', 'null', '[]', '"x"')
    .map((payload) => ({ payload, type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((payload) => ({ payload, type: 'text/plain' })),
  fc
    .constantFrom(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc',
      '--b\r\nContent-Disposition: form-data; name="fiscal_document"; filename="../x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n--b--\r\n',
      '--b--',
    )
    .map((payload) => ({ payload, type: 'multipart/form-data; boundary=b' })),
  fc.constant({ payload: 'a=1', type: 'multipart/form-data' }),
  fc.constant({ payload: '<x/>', type: 'application/xml' }),
);

const queryValue = fc.oneof(hostile, fc.array(hostile, { minLength: 2, maxLength: 3 }));

function queryNames(op: OperationInfo): string[] {
  return (op.operation.parameters ?? [])
    .map((p) => p as { in?: string; name?: string })
    .filter((p) => p.in === 'query' && p.name)
    .map((p) => p.name!);
}

const requests = fc.integer({ min: 0, max: operations.length - 1 }).chain((index) => {
  const op = operations[index]!;
  const names = [...queryNames(op), 'extra', 'access_token'];
  return fc.record({
    op: fc.constant(op),
    params: fc.array(hostile, { minLength: 4, maxLength: 4 }),
    query: fc.dictionary(fc.constantFrom(...names), queryValue, { maxKeys: 5 }),
    authorization: tokens,
    body: bodies,
    method: fc.constantFrom(op.method.toUpperCase(), op.method.toUpperCase(), 'PUT', 'PATCH'),
  });
});

function fill(path: string, values: string[]): string {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeURIComponent(values[i++] ?? ''));
}

function documented500(op: OperationInfo): boolean {
  return Object.keys(op.operation.responses ?? {}).some((status) => status.startsWith('5'));
}

type FuzzRequest = typeof requests extends fc.Arbitrary<infer T> ? T : never;

/** Heap in use after full collections spread over a few ticks (finalizers and weak caches clear between them). */
async function heapMiB(): Promise<number> {
  for (let i = 0; i < 5; i += 1) {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10;
}

const app = await build();
await app.ready();
let sent = 0;

async function send(r: FuzzRequest): Promise<void> {
  sent += 1;
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(r.query)) query[key] = value;
  const headers: Record<string, string> = {};
  if (r.authorization !== undefined) headers.authorization = r.authorization;
  if (r.body) headers['content-type'] = r.body.type;
  const timer = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('hang')), HANG_MS).unref(),
  );
  const res = await Promise.race([
    app.inject({
      method: r.method as 'GET',
      url: fill(r.op.path, r.params),
      query,
      headers,
      payload: r.body?.payload,
    }),
    timer,
  ]);
  const label = `${r.method} ${r.op.path}`;
  if (res.statusCode >= 500 && !documented500(r.op))
    throw new Error(`${label} answered ${res.statusCode}: ${res.body}`);
  if (res.statusCode >= 400) {
    const body = res.json() as Record<string, unknown>;
    const shaped =
      typeof body.message === 'string' &&
      typeof body.error === 'string' &&
      body.status === res.statusCode &&
      Array.isArray(body.cause);
    if (!shaped)
      throw new Error(
        `${label} answered ${res.statusCode} outside the error shape: ${res.body.slice(0, 200)}`,
      );
  }
}

async function phase(runs: number, seed?: number): Promise<void> {
  await fc.assert(fc.asyncProperty(requests, send), { numRuns: runs, seed });
  await app.inject({ method: 'POST', url: '/__mock/reset' });
}

// A warm-up phase first, so the baseline includes what V8 and the app keep once warm: what is measured is a leak.
const seed = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;
await phase(Math.min(2_000, Math.ceil(RUNS / 10)), seed);
const baseline = await heapMiB();
const started = Date.now();
await phase(RUNS, seed);
const seconds = (Date.now() - started) / 1000;
const after = await heapMiB();
await app.close();
console.log(
  `fuzz: ${sent} requests in ${seconds.toFixed(1)} s (${Math.round(sent / seconds)} req/s), 0 crashes, 0 undocumented 5xx, 0 hangs`,
);
console.log(`heap: ${baseline} MiB after warm-up and reset, ${after} MiB after the run and reset`);
// A bounded cache settles below this; a leak of even 1 KB a request does not, over the deep run.
if (after > baseline + 64) {
  console.error('heap did not return to its baseline');
  process.exitCode = 1;
}
