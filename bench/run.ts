import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../lib/checks/spec.ts';
import { loadMockProfile } from '../lib/profile/load.ts';
import { type LoadResult, load } from './load.ts';
import { startPrism } from './prism.ts';
import { type Running, rssMiB, startBare, startMock } from './servers.ts';
import { type SuiteTiming, timeSuite } from './suite.ts';

const QUICK = process.argv.includes('--quick');
const SECONDS = QUICK ? 2 : 5;
const profile = loadMockProfile();
const seller = { authorization: `Bearer ${profile.users.seller.token}` };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const boundary = 'benchboundary';
const multipart = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fiscal_document"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  ),
  pdf,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

interface Scenario {
  name: string;
  path: string;
  headers?: Record<string, string>;
  requests?: Parameters<typeof load>[0]['requests'];
  bare: boolean;
}

const pack = profile.fiscal.writablePacks.at(-1);
const scenarios: Scenario[] = [
  { name: 'GET /classified_locations/countries', path: '/classified_locations/countries', bare: true },
  {
    name: 'GET /orders/{id} (auth)',
    path: `/orders/${profile.orders.byStatus.paid}`,
    headers: seller,
    bare: true,
  },
  {
    name: 'GET /orders/search (auth)',
    path: `/orders/search?seller=${profile.users.seller.id}&order.status=paid,cancelled&sort=date_desc`,
    headers: seller,
    bare: true,
  },
  {
    name: 'POST+DELETE fiscal document',
    path: `/packs/${pack}/fiscal_documents`,
    bare: false,
    requests: [
      {
        method: 'POST',
        path: `/packs/${pack}/fiscal_documents`,
        headers: { ...seller, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: multipart,
      },
      { method: 'DELETE', path: `/packs/${pack}/fiscal_documents`, headers: seller },
    ],
  },
];

interface Row {
  scenario: string;
  connections: number;
  mock: LoadResult;
  bare?: LoadResult;
  prism?: LoadResult;
}

function ratio(a: number | undefined, b: number | undefined): string {
  return a && b ? `${(a / b).toFixed(2)}×` : 'n/a';
}

async function bodyOf(url: string, headers?: Record<string, string>): Promise<string> {
  return (await fetch(url, { headers })).text();
}

async function throughput(mock: Running, prism: Running | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const bare = scenario.bare
      ? await startBare(4401, await bodyOf(`${mock.url}${scenario.path}`, scenario.headers))
      : undefined;
    for (const connections of [10, 100]) {
      const run = (base: string) =>
        load({
          url: `${base}${scenario.path}`,
          connections,
          seconds: SECONDS,
          headers: scenario.headers,
          requests: scenario.requests,
        });
      rows.push({
        scenario: scenario.name,
        connections,
        mock: await run(mock.url),
        bare: bare ? await run(bare.url) : undefined,
        prism: prism ? await run(prism.url) : undefined,
      });
    }
    await bare?.stop();
  }
  return rows;
}

async function growth(): Promise<{ scale: number; rssMiB: number; search: LoadResult }[]> {
  const rows = [];
  for (const scale of [1, 10, 100]) {
    const mock = await startMock(4460, scale);
    const search = await load({
      url: `${mock.url}${scenarios[2]!.path}`,
      connections: 10,
      seconds: SECONDS,
      headers: seller,
    });
    rows.push({ scale, rssMiB: rssMiB(mock.pid), search });
    await mock.stop();
  }
  return rows;
}

function suiteTimings(): SuiteTiming[] {
  return [
    timeSuite('contract', ['contract']),
    timeSuite('properties (quick)', ['properties']),
    timeSuite('properties (deep, 10× runs)', ['properties'], { PROPERTY_DEPTH: 'deep' }),
    timeSuite('whole suite (contract + properties)', ['contract', 'properties']),
    timeSuite('whole suite, 1 worker', ['contract', 'properties'], { WORKERS: '1' }),
    timeSuite('whole suite, 2 workers', ['contract', 'properties'], { WORKERS: '2' }),
    timeSuite('whole suite, mock at 10× data', ['contract', 'properties'], { MOCK_SCALE: '10' }),
  ];
}

function render(
  suite: SuiteTiming[],
  rows: Row[],
  scaled: Awaited<ReturnType<typeof growth>>,
  prismOk: boolean,
): string {
  const lines = [
    '# Benchmarks',
    '',
    `Measured ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.version}${QUICK ? ', quick mode' : ''}.`,
    'Produced by `npm run bench`; numbers are measurements, never asserted by tests.',
    '',
    '## Suite wall time against the embedded mock',
    '',
    '| run | seconds | result |',
    '|---|---:|---|',
    ...suite.map((s) => `| ${s.label} | ${s.seconds} | ${s.passed ? 'passed' : 'FAILED'} |`),
    '',
    `## Mock throughput (autocannon, loopback, ${SECONDS} s each)`,
    '',
    prismOk ? '' : '_Prism could not be installed on this machine; its columns are n/a._',
    '',
    '| scenario | conns | mock req/s | p50 ms | p99 ms | errors | bare req/s | mock/bare | Prism req/s | mock/Prism |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.connections} | ${r.mock.requestsPerSecond} | ${r.mock.p50} | ${r.mock.p99} | ${r.mock.errors} | ${r.bare?.requestsPerSecond ?? 'n/a'} | ${ratio(r.mock.requestsPerSecond, r.bare?.requestsPerSecond)} | ${r.prism?.requestsPerSecond ?? 'n/a'} | ${ratio(r.mock.requestsPerSecond, r.prism?.requestsPerSecond)} |`,
    ),
    '',
    'Statuses seen by the mock runs: ' +
      rows.map((r) => `${r.scenario}@${r.connections}: ${JSON.stringify(r.mock.statuses)}`).join('; '),
    '',
    '## Cost growth with fixture size (order search, 10 connections)',
    '',
    '| scale | mock RSS MiB | search req/s | p99 ms |',
    '|---:|---:|---:|---:|',
    ...scaled.map((g) => `| ${g.scale}× | ${g.rssMiB} | ${g.search.requestsPerSecond} | ${g.search.p99} |`),
    '',
  ];
  return lines.join('\n');
}

const RESULTS = join(projectRoot, 'bench', 'results.md');

const existing = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** The `## ` sections of a markdown text, each with its heading line. */
const sectionsOf = (text: string): string[] =>
  text.split(/\n(?=## )/).filter((section) => section.startsWith('## '));

/**
 * This run's sections, then the sections other benchmarks wrote into the same file (bench/requests.ts,
 * the measured rounds of issue 37), kept as they were: `npm run bench` replaces only its own.
 */
function withOtherSections(mine: string, before: string): string {
  const own = new Set(sectionsOf(mine).map((section) => section.split('\n')[0]));
  const others = sectionsOf(before).filter((section) => !own.has(section.split('\n')[0]));
  return `${[mine.trimEnd(), ...others.map((section) => section.trimEnd())].join('\n\n')}\n`;
}

async function main(): Promise<void> {
  const suite = QUICK ? [] : suiteTimings();
  const mock = await startMock(4400);
  const prism = await startPrism(4402).catch(() => undefined);
  const rows = await throughput(mock, prism);
  await mock.stop();
  await prism?.stop();
  const scaled = await growth();
  const markdown = render(suite, rows, scaled, !!prism);
  writeFileSync(RESULTS, withOtherSections(markdown, existing(RESULTS)));
  console.log(markdown);
}

await main();
