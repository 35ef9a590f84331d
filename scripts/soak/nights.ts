import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CoverageDrop } from '../../lib/memory/coverage-drop.ts';
import { runCommand } from '../../lib/process/launch.ts';
import { drawChoices } from '../../mock/alternate/index.ts';
import { freePort } from '../free-port.ts';
import { profileOfShape, writeProfile } from './profiles.ts';
import { startServer } from './run.ts';

/**
 * Issue 35 item 4, the nightly soak: one server shape (drawn once by the first seed, then pinned),
 * night after night with one memory file, each night a new seed for fast-check and for the orders that
 * leave listed fields out at random. Nights before `faultFrom` must pass with no coverage drop; from
 * `faultFrom` on the planted fault (one that drops a listed field) must fail every night.
 */
export interface NightsOptions {
  nights: number;
  seed: number;
  /** A planted fault (mock/faults), from night `faultFrom` (1-based) on. */
  fault?: string;
  faultFrom: number;
  grep?: string;
  root: string;
}

export interface NightOutcome {
  night: number;
  seed: number;
  faulty: boolean;
  suiteStatus: number | null;
  verdictStatus: number | null;
  /** Tests failed and errors outside the tests, as the verdict counted them (-1: no verdict.json). */
  failures: number;
  /** Each requirement an earlier night verified and this one did not, with its data. */
  coverageDrop: string[];
  /** Whether the night ended as it must: a faithful night passes, a faulty one fails. */
  asExpected: boolean;
  lastLines: string;
}

/** Every place the first seed draws, pinned; the presence of listed fields redrawn per order each night. */
function pinnedShape(seed: number): string[] {
  const random = new Set(['order-read-fields', 'order-search-fields']);
  return drawChoices(seed).flatMap(({ name, variant }) => [
    '--choice',
    `${name}=${random.has(name) ? 'random' : variant}`,
  ]);
}

/** The night's failures and coverage drop, as its verdict.json says them. */
function judgedNight(dir: string): Pick<NightOutcome, 'failures' | 'coverageDrop'> {
  try {
    const verdict = JSON.parse(readFileSync(join(dir, 'verdict.json'), 'utf8')) as {
      counts?: { failed: number };
      errorsOutsideTests?: string[];
      coverageDrop?: CoverageDrop[];
    };
    return {
      failures: verdict.counts?.failed ?? 0,
      coverageDrop: (verdict.coverageDrop ?? []).map((drop) => `${drop.requirement} (${drop.data})`),
    };
  } catch {
    return { failures: -1, coverageDrop: ['(no verdict.json)'] };
  }
}

async function oneNight(night: number, opts: NightsOptions, memory: string): Promise<NightOutcome> {
  const seed = opts.seed + night - 1;
  const faulty = Boolean(opts.fault) && night >= opts.faultFrom;
  const dir = join(opts.root, `night-${night}`);
  mkdirSync(dir, { recursive: true });
  const flags = ['--alternate', '--seed', String(seed), ...pinnedShape(opts.seed)];
  const server = await startServer(
    await freePort(),
    [...flags, ...(faulty ? ['--fault', opts.fault ?? ''] : [])],
    join(dir, 'mock.log'),
  );
  try {
    const profile = writeProfile({ ...profileOfShape('two', server.baseURL), name: 'soak-nights' });
    const env = {
      CI: '1',
      WORKERS: process.env.WORKERS ?? '2',
      BASE_URL: server.baseURL,
      TARGET: profile,
      FC_SEED: String(seed),
      REPORTS_DIR: dir,
      MEMORY: memory,
      LEAN_REPORTS: '1',
      MOCK_BASE_URL: undefined,
      FC_PATH: undefined,
    };
    const grep = opts.grep ? ['--grep', opts.grep] : [];
    const suite = runCommand(
      'npx',
      ['playwright', 'test', '--project', 'contract', '--project', 'properties', ...grep],
      { env },
    );
    const verdict = runCommand('node', ['--import', 'tsx', 'scripts/verdict.ts', '--fail-on-coverage-drop'], {
      env,
    });
    const passed = suite.status === 0 && verdict.status === 0;
    return {
      night,
      seed,
      faulty,
      suiteStatus: suite.status,
      verdictStatus: verdict.status,
      ...judgedNight(dir),
      asExpected: faulty ? !passed : passed,
      lastLines: `${verdict.stdout}`.trim().split('\n').slice(-12).join('\n'),
    };
  } finally {
    server.stop();
  }
}

/** Runs the nights in order (each night reads the memory the nights before it wrote). */
export async function soakNights(opts: NightsOptions): Promise<NightOutcome[]> {
  mkdirSync(opts.root, { recursive: true });
  const memory = join(opts.root, 'memory.json');
  const outcomes: NightOutcome[] = [];
  for (let night = 1; night <= opts.nights; night += 1) outcomes.push(await oneNight(night, opts, memory));
  return outcomes;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line per night: how it ended, its failures and its coverage drop, and whether it ended as it must. */
export function describeNight(night: NightOutcome, fault: string | undefined): string {
  const state = night.faulty ? `fault ${fault}` : 'faithful';
  const ended = night.suiteStatus === 0 && night.verdictStatus === 0 ? 'passed' : 'failed';
  const failures = night.failures < 0 ? 'no verdict' : plural(night.failures, 'failure');
  const drop = night.coverageDrop.length ? `: ${night.coverageDrop.join(', ')}` : '';
  const counts = `${failures}, ${plural(night.coverageDrop.length, 'coverage drop')}${drop}`;
  return `night ${night.night} (seed ${night.seed}, ${state}): ${ended} (${counts})${night.asExpected ? '' : '  ✗ not as it must'}`;
}

/** The closing line: the faithful nights' failures and coverage drops (0 and 0), then the faulty nights. */
export function describeNights(outcomes: NightOutcome[]): string {
  const faithful = outcomes.filter((night) => !night.faulty);
  const faulty = outcomes.filter((night) => night.faulty);
  const failures = faithful.reduce((total, night) => total + Math.max(0, night.failures), 0);
  const drops = faithful.reduce((total, night) => total + night.coverageDrop.length, 0);
  const parts = [
    `${plural(faithful.length, 'faithful night')}: ${plural(failures, 'failure')}, ${plural(drops, 'coverage drop')}`,
  ];
  const failed = faulty.filter((night) => night.suiteStatus !== 0 || night.verdictStatus !== 0);
  if (faulty.length > 0)
    parts.push(`${plural(faulty.length, 'night')} with the fault: ${failed.length} failed`);
  const wrong = outcomes.filter((night) => !night.asExpected);
  const verdict = wrong.length
    ? `${plural(wrong.length, 'night')} not as they must be (nights ${wrong.map((n) => n.night).join(', ')})`
    : 'every night as it must be';
  return `soak nights: ${parts.join('; ')}; ${verdict}`;
}
