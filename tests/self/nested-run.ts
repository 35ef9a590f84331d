import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../../lib/process/launch.ts';
import { NESTED_WORKERS } from './hostile/nested.ts';

export interface NestedRun {
  dir: string;
  status: number | null;
  output: string;
}

/** Runs the deliberately failing `demo` project in its own process and report folder, then builds the reports. */
export function runDemoAndBuildReports(port: number): NestedRun {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-reports-'));
  const env = {
    EVIDENCE_DEMO: '1',
    WORKERS: NESTED_WORKERS,
    MOCK_PORT: String(port),
    REPORTS_DIR: dir,
    TARGET: 'mock',
    BASE_URL: undefined,
    MOCK_BASE_URL: undefined,
  };
  const run = runCommand('npx', ['playwright', 'test', '--project', 'demo'], { env });
  const build = runCommand('npx', ['tsx', 'scripts/build-reports.ts'], { env });
  return { dir, status: run.status, output: `${run.stdout}${run.stderr}${build.stdout}${build.stderr}` };
}
