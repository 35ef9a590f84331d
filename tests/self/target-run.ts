import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';
import { runCommand, startMock as startMockProcess } from '../../lib/process/launch.ts';
import { readResults, type TestRecord } from '../../lib/report/verdict/results.ts';
import { NESTED_WORKERS } from './hostile/nested.ts';

/** A mock started apart, as a staging server would be: its own process, its request log in a file. */
export interface StartedMock {
  baseURL: string;
  logFile: string;
  stop: () => void;
}

export async function startMock(port: number, drops: string[] = []): Promise<StartedMock> {
  const logFile = join(mkdtempSync(join(tmpdir(), 'mock-log-')), 'requests.log');
  const flags = ['--log', ...drops.flatMap((d) => ['--drop', d])];
  const { baseURL, stop } = await startMockProcess(port, flags, { logFile });
  return { baseURL, logFile, stop };
}

/** The requests a mock started with --log received: method and URL. */
export function requestsOf(mock: StartedMock): { method: string; url: string }[] {
  return readFileSync(mock.logFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { req?: { method: string; url: string } })
    .flatMap((entry) => (entry.req ? [entry.req] : []));
}

/** A profile with only what a staging owner has: base URL, flags, the seller and the buyer. */
export function smallProfile(baseURL: string): string {
  const mock = JSON.parse(readFileSync(join(projectRoot, 'fixtures/targets/mock.json'), 'utf8'));
  const pick = (role: string) => ({ id: mock.users[role].id, token: mock.users[role].token });
  const profile = {
    name: 'seller-and-buyer-only',
    baseURL,
    isMock: false,
    allowsWrites: false,
    requestsPerSecond: 0,
    users: { seller: pick('seller'), buyer: pick('buyer') },
  };
  const file = join(mkdtempSync(join(tmpdir(), 'profile-')), 'small.json');
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

export interface SuiteRun {
  status: number | null;
  output: string;
  dir: string;
  tests: TestRecord[];
}

/** The suite, in its own process and report folder, against a target started apart (BASE_URL + TARGET). */
export function runSuite(
  baseURL: string,
  profile: string,
  args: string[],
  extraEnv: Record<string, string> = {},
): SuiteRun {
  const dir = mkdtempSync(join(tmpdir(), 'target-run-'));
  const env = {
    CI: '1',
    WORKERS: NESTED_WORKERS,
    BASE_URL: baseURL,
    TARGET: profile,
    REPORTS_DIR: dir,
    LEAN_REPORTS: '1',
    MOCK_BASE_URL: undefined,
    ...extraEnv,
  };
  const run = runCommand('npx', ['playwright', 'test', ...args], { env });
  const { tests } = readResults(join(dir, 'results.json'));
  return { status: run.status, output: `${run.stderr}`.slice(-4000), dir, tests };
}
