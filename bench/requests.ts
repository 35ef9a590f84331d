import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../lib/checks/spec.ts';
import { runCommand, startMock } from '../lib/process/launch.ts';

// The request budget of the staging-like run (issue 37): the contract and property projects as a
// staging user runs them (seller and buyer only, isMock false, read-only, at a fixed requestsPerSecond)
// against the mock and the alternate mock, each started apart. Writes its table into bench/results.md,
// each row beside the figures the last measurement wrote there.
// `npx tsx bench/requests.ts [--rate 20] [--seed 0] [--port 4470] [--cwd DIR]`: --cwd measures another checkout
// (the code before a change), written here all the same.

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '20' },
    seed: { type: 'string', default: '0' },
    cwd: { type: 'string' },
    /** The mock's port; the alternate mock takes the next one. */
    port: { type: 'string', default: '4470' },
  },
});
const rate = Number(values.rate);
const cwd = values.cwd ? resolve(values.cwd) : projectRoot;
const RESULTS = join(projectRoot, 'bench', 'results.md');
const HEADING = '## Requests of the staging-like run';

interface Figures {
  target: string;
  requests: number;
  reused: string;
  verified: number;
  wallSeconds: number;
  passed: boolean;
}

/** A two-user read-only profile of the mock's users at the bench's rate. */
function stagingProfile(dir: string, baseURL: string): string {
  const mock = JSON.parse(readFileSync(join(cwd, 'fixtures', 'targets', 'mock.json'), 'utf8'));
  const user = (role: string) => ({ id: mock.users[role].id, token: mock.users[role].token });
  const file = join(dir, 'staging.json');
  const profile = { name: 'staging-two-users', baseURL, isMock: false, allowsWrites: false };
  const users = { seller: user('seller'), buyer: user('buyer') };
  writeFileSync(file, JSON.stringify({ ...profile, requestsPerSecond: rate, users }));
  return file;
}

async function measure(target: string, flags: string[], port: number): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-requests-'));
  const mock = await startMock(port, flags);
  const record = join(dir, 'exchanges.jsonl');
  const env = {
    BASE_URL: mock.baseURL,
    TARGET: stagingProfile(dir, mock.baseURL),
    REPORTS_DIR: join(dir, 'reports'),
    LEAN_REPORTS: '1',
    CI: '1',
  };
  const started = process.hrtime.bigint();
  const projects = ['--project', 'contract', '--project', 'properties'];
  const run = runCommand('npx', ['playwright', 'test', ...projects], {
    cwd,
    env: { ...env, CONFORMANCE_RECORD_EXCHANGES: record },
    quiet: true,
  });
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  mock.stop();
  await mock.exited;
  runCommand('node', ['--import', 'tsx', 'scripts/verdict.ts'], { cwd, env, quiet: true });
  const verdictFile = join(dir, 'reports', 'verdict.json');
  const verdict = existsSync(verdictFile) ? JSON.parse(readFileSync(verdictFile, 'utf8')) : {};
  return {
    target,
    requests: existsSync(record) ? readFileSync(record, 'utf8').split('\n').filter(Boolean).length : 0,
    reused: verdict.requests ? String(verdict.requests.reused) : 'n/a',
    verified: verdict.coverage?.verified ?? 0,
    wallSeconds: Math.round(wallSeconds * 10) / 10,
    passed: run.status === 0,
  };
}

/** The figures of the last measurement, by target: the first columns of its rows. */
function previousRows(text: string): Map<string, string[]> {
  const section = text.split(HEADING)[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\| (mock|alternate)/.test(line));
  return new Map(
    rows.map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return [cells[1] ?? '', [cells[2] ?? '', cells[4] ?? '', cells[6] ?? '']];
    }),
  );
}

function render(figures: Figures[], previous: Map<string, string[]>): string {
  const limit = (f: Figures) => f.requests / rate;
  const rows = figures.map((f) => {
    const [requests, verified, wall] = previous.get(f.target) ?? ['n/a', 'n/a', 'n/a'];
    return `| ${f.target} | ${f.requests} | ${f.reused} | ${f.verified} | ${(f.requests / Math.max(1, f.verified)).toFixed(1)} | ${f.wallSeconds} | ${limit(f).toFixed(1)} | ${(f.wallSeconds / limit(f)).toFixed(2)}× | ${f.passed ? 'passed' : 'FAILED'} | ${requests} | ${verified} | ${wall} |`;
  });
  return [
    `${HEADING} (seller and buyer, read-only, ${rate} requests/s)`,
    '',
    `Measured ${new Date().toISOString()} by \`npx tsx bench/requests.ts --rate ${rate}\` (seed ${values.seed} of the alternate mock). Requests as the recorder counts them (every attempt); the physical limit is requests ÷ ${rate}/s. The last three columns: the measurement before this one.`,
    '',
    '| target | requests | reused reads | verified | requests / verified | wall s | limit s | wall / limit | result | requests before | verified before | wall s before |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const figures = [
    await measure('mock', [], Number(values.port)),
    await measure('alternate mock', ['--alternate', '--seed', values.seed], Number(values.port) + 1),
  ];
  const text = readFileSync(RESULTS, 'utf8');
  const [before, rest] = text.split(HEADING);
  const after = rest?.includes('\n## ') ? `## ${rest.split('\n## ').slice(1).join('\n## ')}` : '';
  const section = render(figures, previousRows(text));
  writeFileSync(RESULTS, `${before?.trimEnd()}\n\n${section}${after ? `\n${after}` : ''}`);
  for (const f of figures)
    console.log(`${f.target}: ${f.requests} requests, ${f.verified} verified, ${f.wallSeconds} s`);
}

await main();
