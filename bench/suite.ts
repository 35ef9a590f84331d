import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCommand } from '../lib/process/launch.ts';

export interface SuiteTiming {
  label: string;
  seconds: number;
  passed: boolean;
}

/** Wall time of one Playwright run against a fresh embedded mock (mock start included). */
export function timeSuite(label: string, projects: string[], env: Record<string, string> = {}): SuiteTiming {
  const reports = mkdtempSync(join(tmpdir(), 'bench-suite-'));
  const started = process.hrtime.bigint();
  const run = runCommand(
    'npx',
    ['playwright', 'test', ...projects.flatMap((p) => ['--project', p]), '--reporter=dot'],
    { env: { REPORTS_DIR: reports, MOCK_PORT: '4450', CI: '1', ...env }, quiet: true },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { label, seconds: Math.round(seconds * 10) / 10, passed: run.status === 0 };
}
