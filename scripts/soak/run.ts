import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, startMock } from '../../lib/process/launch.ts';
import { readResults, type TestRecord } from '../../lib/report/verdict/results.ts';

/** A mock started apart, as a staging server is: its own process, listening on loopback. */
export interface StartedServer {
  baseURL: string;
  stop: () => void;
}

/** Starts `mock/server.ts` with the given flags (e.g. `--alternate --seed 7`) and waits until it answers. */
export async function startServer(port: number, flags: string[], logFile: string): Promise<StartedServer> {
  try {
    const { baseURL, stop } = await startMock(port, flags, { logFile });
    return { baseURL, stop };
  } catch (error) {
    throw new Error(`${(error as Error).message}; see ${logFile}`);
  }
}

interface SuiteOutcome {
  status: number | null;
  tests: TestRecord[];
  /** Errors outside any test (a global setup that failed), each a failure of the run. */
  errors: string[];
}

/** The conformance projects (the tests matching grep, when given) in their own process and report folder, against baseURL with this profile and seed. */
export function runConformance(
  baseURL: string,
  profile: string,
  seed: number,
  dir: string,
  grep?: string,
): SuiteOutcome {
  mkdirSync(dir, { recursive: true });
  const results = join(dir, 'results.json');
  const env = {
    CI: '1',
    // Two workers: each costs about three CPU-seconds to start, and the soak runs beside other work.
    WORKERS: process.env.WORKERS ?? '2',
    BASE_URL: baseURL,
    TARGET: profile,
    FC_SEED: String(seed),
    REPORTS_DIR: dir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: results,
    MOCK_BASE_URL: undefined,
    FC_PATH: undefined,
  };
  const run = runCommand(
    'npx',
    [
      'playwright',
      'test',
      '--project',
      'contract',
      '--project',
      'properties',
      '--reporter=json',
      ...(grep ? ['--grep', grep] : []),
    ],
    { env },
  );
  try {
    const { tests, errors } = readResults(results);
    return { status: run.status, tests, errors };
  } catch {
    return { status: run.status, tests: [], errors: [`no report: ${String(run.stderr).slice(-400)}`] };
  }
}
