import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../lib/checks/spec.ts';
import { runCommand, startMock } from '../lib/process/launch.ts';

// The request budget of the staging-like run (issue 37): the contract and property projects as a
// staging user runs them (seller and buyer only, isMock false, read-only, at a fixed requestsPerSecond)
// against the mock and the alternate mock, each started apart. Writes its table into bench/results.md,
// each row beside the figures the last measurement wrote there.
// `npx tsx bench/requests.ts [--rate 20] [--seed 0] [--port 4470] [--cwd DIR] [--choice NAME=VARIANT ...]`:
// --cwd measures another checkout (the code before a change), written here all the same. --rate 0: the
// profile declares no rate (the pacer finds the target's from its 429s). --choice goes to the alternate mock
// (then only the alternate mock is measured); `--choice rate-limit=20/s` makes 20/s the target's rate, the
// physical limit's divisor. Each kind of run (rate and choices) has its own section of bench/results.md.

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '20' },
    seed: { type: 'string', default: '0' },
    cwd: { type: 'string' },
    /** The mock's port; the alternate mock takes the next one. */
    port: { type: 'string', default: '4470' },
    choice: { type: 'string', multiple: true, default: [] },
  },
});
const rate = Number(values.rate);
const choices = values.choice;
const cwd = values.cwd ? resolve(values.cwd) : projectRoot;
const RESULTS = join(projectRoot, 'bench', 'results.md');
/** The target's rate: the alternate mock's token bucket when a choice draws one, else the declared rate. */
const bucket = Number(
  choices.find((c) => c.startsWith('rate-limit='))?.match(/=(\d+(?:\.\d+)?)\/s$/)?.[1] ?? 0,
);
const targetRate = bucket || rate;
const declared = rate > 0 ? `${rate} requests/s` : 'no rate declared';
const against = choices.length > 0 ? `, alternate mock ${choices.join(' ')}` : '';
const HEADING = `## Requests of the staging-like run (seller and buyer, read-only, ${declared}${against})`;

interface Figures {
  target: string;
  requests: number;
  reused: string;
  verified: number;
  wallSeconds: number;
  /** The run's own wall time as its verdict says (from the runner's start, discovery included). */
  runWallSeconds: number | undefined;
  /** Seconds waited out for 429/503 answers, and how many waits. */
  waited: string;
  passed: boolean;
}

/** A two-user read-only profile of the mock's users at the bench's rate. */
function stagingProfile(dir: string, baseURL: string): string {
  const mock = JSON.parse(readFileSync(join(cwd, 'fixtures', 'targets', 'mock.json'), 'utf8'));
  const user = (role: string) => ({ id: mock.users[role].id, token: mock.users[role].token });
  const file = join(dir, 'staging.json');
  const profile = { name: 'staging-two-users', baseURL, isMock: false, allowsWrites: false };
  const users = { seller: user('seller'), buyer: user('buyer') };
  writeFileSync(file, JSON.stringify({ ...profile, requestsPerSecond: Math.max(0, rate), users }));
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
    runWallSeconds: verdict.requests?.wallSeconds,
    waited: waitedOf(join(dir, 'reports', 'results.json')),
    target,
    requests: existsSync(record) ? readFileSync(record, 'utf8').split('\n').filter(Boolean).length : 0,
    reused: verdict.requests ? String(verdict.requests.reused) : 'n/a',
    verified: verdict.coverage?.verified ?? 0,
    wallSeconds: Math.round(wallSeconds * 10) / 10,
    passed: run.status === 0,
  };
}

/** "1.0 s in 1": the waits for 429/503 the run's line reports (results.json metadata), "0" without any. */
function waitedOf(resultsFile: string): string {
  if (!existsSync(resultsFile)) return 'n/a';
  const line = String(JSON.parse(readFileSync(resultsFile, 'utf8')).config?.metadata?.rateLimit ?? '');
  const waits = line.match(/it waited ([\d.]+) s in (\d+) wait/);
  return waits ? `${waits[1]} s in ${waits[2]}` : '0';
}

/** The figures of the last measurement of this kind of run, by target: requests, verified, wall s, wall / limit. */
function previousRows(text: string): Map<string, string[]> {
  const section = text.split(`${HEADING}\n`)[1]?.split('\n## ')[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\| (mock|alternate)/.test(line));
  return new Map(
    rows.map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      return [cells[1] ?? '', [cells[2] ?? '', cells[4] ?? '', cells[6] ?? '', cells[9] ?? '']];
    }),
  );
}

function render(figures: Figures[], previous: Map<string, string[]>): string {
  const limit = (f: Figures) => f.requests / targetRate;
  const rows = figures.map((f) => {
    const before = previous.get(f.target) ?? ['n/a', 'n/a', 'n/a', 'n/a'];
    const cells = [
      f.target,
      f.requests,
      f.reused,
      f.verified,
      (f.requests / Math.max(1, f.verified)).toFixed(1),
      f.wallSeconds,
      f.runWallSeconds ?? 'n/a',
      limit(f).toFixed(1),
      `${(f.wallSeconds / limit(f)).toFixed(2)}×`,
      f.waited,
      f.passed ? 'passed' : 'FAILED',
      ...before,
    ];
    return `| ${cells.join(' | ')} |`;
  });
  const command = ['npx tsx bench/requests.ts --rate', rate, ...choices.map((c) => `--choice ${c}`)].join(
    ' ',
  );
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
  return [
    HEADING,
    '',
    `Measured ${new Date().toISOString()} by \`${command}\` (seed ${values.seed} of the alternate mock), load average ${load} at the end. Requests as the recorder counts them (every attempt); the physical limit is requests ÷ ${targetRate}/s (${bucket ? "the mock's token bucket" : 'the declared rate'}); wall s: the whole \`playwright test\` command, the ratio's numerator; run wall s: the verdict's (from the runner's start, discovery included). The last four columns: the measurement before this one.`,
    '',
    '| target | requests | reused reads | verified | requests / verified | wall s | run wall s | limit s | wall / limit | 429/503 waited | result | requests before | verified before | wall s before | wall / limit before |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const port = Number(values.port);
  const alternate = ['--alternate', '--seed', values.seed, ...choices.flatMap((c) => ['--choice', c])];
  const figures = [
    ...(choices.length > 0 ? [] : [await measure('mock', [], port)]),
    await measure('alternate mock', alternate, port + 1),
  ];
  const text = readFileSync(RESULTS, 'utf8');
  const [before, rest] = text.split(`${HEADING}\n`);
  const section = render(figures, previousRows(text));
  const written =
    rest === undefined
      ? `${text.trimEnd()}\n\n${section}`
      : `${before?.trimEnd()}\n\n${section}${rest.includes('\n## ') ? `\n## ${rest.split('\n## ').slice(1).join('\n## ')}` : ''}`;
  writeFileSync(RESULTS, written);
  for (const f of figures)
    console.log(
      `${f.target}: ${f.requests} requests, ${f.verified} verified, ${f.wallSeconds} s, waited ${f.waited}`,
    );
}

await main();
