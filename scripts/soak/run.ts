import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';
import { readResults, type TestRecord } from '../../lib/report/verdict/results.ts';

/** A mock started apart, as a staging server is: its own process, listening on loopback. */
export interface StartedServer {
  baseURL: string;
  stop: () => void;
}

/** Starts `mock/server.ts` with the given flags (e.g. `--alternate --seed 7`) and waits until it answers. */
export async function startServer(port: number, flags: string[], logFile: string): Promise<StartedServer> {
  const out = openSync(logFile, 'w');
  const child: ChildProcess = spawn('npx', ['tsx', 'mock/server.ts', '--port', String(port), ...flags], {
    cwd: projectRoot,
    stdio: ['ignore', out, out],
    detached: true,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  for (let tries = 0; tries < 150; tries += 1) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${baseURL}/__mock/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { baseURL, stop };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  stop();
  throw new Error(`the mock (${flags.join(' ')}) did not start on port ${port}; see ${logFile}`);
}

export interface SuiteOutcome {
  status: number | null;
  tests: TestRecord[];
  /** Errors outside any test (a global setup that failed), each a failure of the run. */
  errors: string[];
}

/** The conformance projects in their own process and report folder, against baseURL with this profile and seed. */
export function runConformance(baseURL: string, profile: string, seed: number, dir: string): SuiteOutcome {
  mkdirSync(dir, { recursive: true });
  const results = join(dir, 'results.json');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CI: '1',
    BASE_URL: baseURL,
    TARGET: profile,
    FC_SEED: String(seed),
    REPORTS_DIR: dir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: results,
  };
  delete env.MOCK_BASE_URL;
  delete env.FC_PATH;
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '--project', 'contract', '--project', 'properties', '--reporter=json'],
    { cwd: projectRoot, env, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] },
  );
  try {
    const { tests, errors } = readResults(results);
    return { status: run.status, tests, errors };
  } catch {
    return { status: run.status, tests: [], errors: [`no report: ${String(run.stderr).slice(-400)}`] };
  }
}
