import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';
import { runCommandAsync, type Started, startMock } from '../../lib/process/launch.ts';
import { readResults, type TestRecord } from '../../lib/report/verdict/results.ts';
import { freePort } from '../free-port.ts';

const PROJECTS = ['--project', 'contract', '--project', 'properties'];

/** How the suite meets the target: the mock's own profile, a foreign read-only one, or seller and buyer only. */
export interface SuiteProfile {
  id: 'full' | 'readonly' | 'two';
  title: string;
  /** A profile file for TARGET. */
  path: string;
}

/** A profile with what a staging owner has: the base URL, the seller and the buyer; discovery finds the rest. */
function twoUsersProfile(mock: Record<string, unknown>): Record<string, unknown> {
  const users = mock.users as Record<string, { id: number; token: string }>;
  const pick = (role: string) => ({ id: users[role]?.id, token: users[role]?.token });
  return {
    name: 'two-users-readonly',
    baseURL: mock.baseURL,
    isMock: false,
    allowsWrites: false,
    requestsPerSecond: 0,
    users: { seller: pick('seller'), buyer: pick('buyer') },
  };
}

/**
 * The mock's profile; the same profile as a foreign read-only staging server would be described; and
 * seller and buyer only, read-only, the rest discovered (how users run the suite).
 */
export function suiteProfiles(): SuiteProfile[] {
  const mockPath = join(projectRoot, 'fixtures', 'targets', 'mock.json');
  const foreign = JSON.parse(readFileSync(mockPath, 'utf8')) as Record<string, unknown>;
  foreign.name = 'foreign-readonly';
  foreign.isMock = false;
  foreign.allowsWrites = false;
  const foreignPath = join(mkdtempSync(join(tmpdir(), 'mutation-profile-')), 'foreign-readonly.json');
  writeFileSync(foreignPath, JSON.stringify(foreign));
  const twoPath = join(dirname(foreignPath), 'two-users-readonly.json');
  writeFileSync(twoPath, JSON.stringify(twoUsersProfile(JSON.parse(readFileSync(mockPath, 'utf8')))));
  return [
    { id: 'full', title: 'full (mock profile: writes, @mock-only tests)', path: mockPath },
    { id: 'readonly', title: 'foreign read-only (isMock: false, allowsWrites: false)', path: foreignPath },
    {
      id: 'two',
      title: 'seller and buyer only, discovery, read-only',
      path: twoPath,
    },
  ];
}

export interface SuiteRun {
  tests: TestRecord[];
  failed: string[];
  passed: string[];
  seconds: number;
}

/** Mocks started and not yet stopped: stopped too when the mutation run itself is interrupted. */
const liveMocks = new Set<Started>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const mock of liveMocks) mock.stop();
    process.exit(130);
  });
}

async function runPlaywright(profile: SuiteProfile, port: number, maxFailures: number, grep?: string) {
  const reports = mkdtempSync(join(tmpdir(), 'mutation-'));
  const args = ['playwright', 'test', ...PROJECTS];
  if (maxFailures > 0) args.push(`--max-failures=${maxFailures}`);
  if (grep) args.push('--grep', grep);
  const env = {
    CI: '1',
    BASE_URL: `http://127.0.0.1:${port}`,
    TARGET: profile.path,
    REPORTS_DIR: reports,
    WORKERS: process.env.MUTATION_WORKERS ?? '1',
    // results.json only, through the run's reporters (the judgements come from them).
    LEAN_REPORTS: '1',
    MOCK_FAULTS: undefined,
  };
  await runCommandAsync('npx', args, { env, quiet: true });
  return join(reports, 'results.json');
}

/** Runs the suite under a profile against a mock with the given faults planted (none: the faithful mock). */
export async function runSuite(
  profile: SuiteProfile,
  faults: string[],
  options: { maxFailures: number; grep?: string; env?: Record<string, string> },
): Promise<SuiteRun> {
  const port = await freePort();
  const started = Date.now();
  const what = faults.join(',') || 'the faithful mock';
  let mock: Started | undefined;
  try {
    mock = await startMock(port, [], { env: { ...options.env, MOCK_FAULTS: faults.join(',') } });
    liveMocks.add(mock);
    const resultsFile = await runPlaywright(profile, port, options.maxFailures, options.grep);
    const { tests } = readResults(resultsFile);
    const failed = tests.filter((t) => t.outcome === 'failed').map((t) => t.title);
    const passed = tests.filter((t) => t.outcome === 'passed').map((t) => t.title);
    if (failed.length + passed.length === 0) throw new Error('no test ran');
    return { tests, failed, passed, seconds: Math.round((Date.now() - started) / 100) / 10 };
  } catch (error) {
    throw new Error(`the ${profile.id} suite did not run against ${what}: ${(error as Error).message}`);
  } finally {
    mock?.stop();
    if (mock) liveMocks.delete(mock);
  }
}
