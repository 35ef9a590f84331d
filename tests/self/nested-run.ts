import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../lib/checks/spec.ts';

export interface NestedRun {
  dir: string;
  status: number | null;
  output: string;
}

/** Runs the deliberately failing `demo` project in its own process and report folder, then builds the reports. */
export function runDemoAndBuildReports(port: number): NestedRun {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-reports-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    EVIDENCE_DEMO: '1',
    MOCK_PORT: String(port),
    REPORTS_DIR: dir,
    TARGET: 'mock',
  };
  delete env.BASE_URL;
  delete env.MOCK_BASE_URL;
  const run = spawnSync('npx', ['playwright', 'test', '--project', 'demo'], {
    cwd: projectRoot,
    env,
    encoding: 'utf8',
  });
  const build = spawnSync('npx', ['tsx', 'scripts/build-reports.ts'], {
    cwd: projectRoot,
    env,
    encoding: 'utf8',
  });
  return { dir, status: run.status, output: `${run.stdout}${run.stderr}${build.stdout}${build.stderr}` };
}
