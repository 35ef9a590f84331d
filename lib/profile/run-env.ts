import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Env, loadProfile } from './load.ts';
import type { ProfileInput } from './types.ts';

/**
 * What a run's processes (the Playwright runner, its workers, the global setup, the report and verdict
 * commands, nested runs) tell each other, and only that: the environment is the one channel Playwright
 * leaves between the runner and its workers, and between `conformance.sh`'s commands. Everything else
 * (the profile itself, the spec, the verdict) is read or computed in a process and passed as arguments.
 *
 * | variable | set by | read by |
 * | --- | --- | --- |
 * | TARGET | the user | every process: the profile name or path (default `mock`) |
 * | BASE_URL | the user | profile loader: a target already running (loopback only without TARGET) |
 * | MOCK_BASE_URL | playwright.config.ts | workers: the embedded mock the runner started |
 * | MOCK_PORT, MOCK_SCALE | the user, nested runs | playwright.config.ts: the embedded mock's port and size |
 * | REPORTS_DIR | the user, nested runs | every process: where the run writes (default `reports`) |
 * | BASELINE, MEMORY | the user | the verdict: override the profile's `baseline` and `memory` files |
 * | CONFORMANCE_UPDATE_BASELINE | conformance.sh --update-baseline | workers: findings recorded, not failing |
 * | CONFORMANCE_WAIT_LEDGER | global setup (lib/client/run-ledger.ts) | workers: the run's ledger folder |
 * | WORKERS, CI, BLOB_REPORT, EVIDENCE_DEMO | the user, CI | playwright.config.ts |
 * | FC_SEED, FC_PATH, FC_RUNS, PROPERTY_DEPTH | the user | property tests (lib/checks/properties.ts) |
 * | CHROMIUM_PATH | the user | report screenshots (lib/report/look.ts) |
 * | CONFORMANCE_PREFLIGHT | conformance.sh, once its checks passed | global setup: the reachability read is done |
 * | CONFORMANCE_STAGED | conformance.sh, a plain run's runner | playwright.config.ts: REPORTS_DIR is a run's own folder already (lib/process/run-stage.ts) |
 * | CONFORMANCE_RUN_OWNER | a plain run's runner | its last reporter: only that process publishes its folder |
 * | PROJECT_TESTS | scripts/test.sh | playwright.config.ts: the project's own projects beside the conformance ones |
 * | CONFORMANCE_JUDGE | nested runs (`0`) | playwright.config.ts, workers: the run's judge (tests/judge) is left out |
 */
interface RunEnv {
  /** The profile name or path. */
  target: string;
  /** A target already running, overriding the profile's base URL. */
  baseURL?: string;
  /** The embedded mock started by the runner, for its workers. */
  mockBaseURL?: string;
  /** The port of the embedded mock the runner starts. */
  mockPort?: number;
  /** Where this run writes its reports: REPORTS_DIR from the working directory, else the project's reports/. */
  reportsDir: string;
  /** Whether findings are recorded into a new baseline rather than failing. */
  recordingBaseline: boolean;
}

/**
 * Whether the run's judge (tests/judge) judges its record after the tests: every rule on every exchange.
 * Without it (a nested run of the project's tests), the workers keep their answers' facts and meanings
 * for the verdict instead (lib/facts/observe.ts): the same rules, judged twice when both ran.
 */
export function runHasJudge(env: Env = process.env): boolean {
  return env.CONFORMANCE_JUDGE !== '0';
}

/** The run's facts as this process received them. */
export function readRunEnv(env: Env = process.env): RunEnv {
  return {
    target: env.TARGET || 'mock',
    baseURL: env.BASE_URL || undefined,
    mockBaseURL: env.MOCK_BASE_URL || undefined,
    mockPort: env.MOCK_PORT ? Number(env.MOCK_PORT) : undefined,
    reportsDir: env.REPORTS_DIR ? resolve(env.REPORTS_DIR) : join(projectRoot, 'reports'),
    recordingBaseline: env.CONFORMANCE_UPDATE_BASELINE === '1',
  };
}

/** Tells the workers this runner starts where the embedded mock answers (they inherit the environment). */
export function announceMockBaseURL(baseURL: string): void {
  process.env.MOCK_BASE_URL = baseURL;
  if (loaded) loaded = { key: keyOf(process.env), profile: { ...loaded.profile, baseURL } };
}

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let loaded: { key: string; profile: ProfileInput } | undefined;
const keyOf = (env: Env) => JSON.stringify([env.TARGET || 'mock', env.BASE_URL, env.MOCK_BASE_URL]);

/**
 * The run's profile, loaded and validated once per process for the run's environment (the runner's
 * config, global setup and reporters share it; a worker loads it once).
 */
export function runProfile(env: Env = process.env): ProfileInput {
  const key = keyOf(env);
  if (loaded?.key !== key) loaded = { key, profile: loadProfile(env) };
  return loaded.profile;
}

/** The Nodes the project runs on, as package.json `engines` says: 20.19+ or 22.12+ (@redocly/cli's range; 21 is not one). */
export function nodeSupported(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major > 22;
}

const WHOLE_NUMBERS = ['WORKERS', 'MOCK_PORT', 'MOCK_SCALE', 'FC_RUNS', 'FC_SEED'] as const;

/**
 * What the environment must hold before any test: a Node the project runs on and whole numbers where
 * numbers are read. Returns the one line naming the first problem, undefined when there is none.
 */
export function environmentProblem(env: Env = process.env, node = process.versions.node): string | undefined {
  if (!nodeSupported(node)) return `Node ${node} is not supported: the suite runs on Node 20.19+ or 22.12+`;
  for (const name of WHOLE_NUMBERS) {
    const value = env[name];
    if (value !== undefined && value !== '' && !/^\d+$/.test(value))
      return `environment variable ${name}="${value}" is not a whole number`;
  }
  if (env.MOCK_PORT && Number(env.MOCK_PORT) > 65535) return `MOCK_PORT=${env.MOCK_PORT} is not a port`;
  return undefined;
}
