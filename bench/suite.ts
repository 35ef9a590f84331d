import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../lib/checks/spec.ts';

export interface SuiteTiming {
  label: string;
  seconds: number;
  passed: boolean;
}

/** Wall time of one Playwright run against a fresh embedded mock (mock start included). */
export function timeSuite(label: string, projects: string[], env: Record<string, string> = {}): SuiteTiming {
  const reports = mkdtempSync(join(tmpdir(), 'bench-suite-'));
  const started = process.hrtime.bigint();
  const run = spawnSync(
    'npx',
    ['playwright', 'test', ...projects.flatMap((p) => ['--project', p]), '--reporter=dot'],
    {
      cwd: projectRoot,
      env: { ...process.env, REPORTS_DIR: reports, MOCK_PORT: '4450', CI: '1', ...env },
      stdio: 'ignore',
    },
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { label, seconds: Math.round(seconds * 10) / 10, passed: run.status === 0 };
}
