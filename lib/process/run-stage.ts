import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { discardRun, readRecord, startRun } from './run-folder.ts';
import { heldMessage, releaseLock, takeLock } from './run-lock.ts';

/**
 * How a Playwright process of a run writes its reports (lib/process/run-folder.ts):
 * - `listing`: `--list` judges nothing; it writes no report and replaces none.
 * - `staged`: REPORTS_DIR is already a run's own folder, staged by conformance.sh (CONFORMANCE_STAGED names it).
 * - `own`: a plain `playwright test`; its runner takes the reports folder's lock and stages a folder of its
 *   own, which its last reporter publishes (lib/report/reporters/publish-reporter.ts).
 * - `other`: a worker, `merge-reports`, `show-report`: this process stages nothing.
 */
export type StageMode = 'listing' | 'staged' | 'own' | 'other';

export const STAGED_ENV = 'CONFORMANCE_STAGED';
/** The runner that staged its own folder: only that process publishes or discards it (never a nested run). */
export const OWNER_ENV = 'CONFORMANCE_RUN_OWNER';

export function stageMode(argv: string[], env: NodeJS.ProcessEnv, reportsDir: string): StageMode {
  // A worker's process runs Playwright's worker entry, not `test` (its TEST_WORKER_INDEX is inherited by
  // the nested runs a self test starts, which are runs of their own).
  if (argv[2] !== 'test') return 'other';
  if (argv.includes('--list')) return 'listing';
  const staged = env[STAGED_ENV];
  return staged && resolve(staged) === reportsDir ? 'staged' : 'own';
}

/**
 * Stages the run's own folder under `home` and points this process and its workers at it; a folder
 * a live run holds stops the runner with one line, exit 2. The folder goes again when the runner
 * exits before its last reporter ended the run (a broken start in global setup).
 */
export function stageOwnRun(home: string): string {
  const madeHome = !existsSync(home);
  const holder = takeLock(home, process.pid);
  if (holder !== undefined) {
    console.error(heldMessage(home, holder));
    process.exit(2);
  }
  const dir = startRun(home, process.pid, madeHome);
  Object.assign(process.env, { REPORTS_DIR: dir, [STAGED_ENV]: dir, [OWNER_ENV]: String(process.pid) });
  process.on('exit', () => {
    if (readRecord(dir)?.state === 'running') discardRun(home, dir);
    releaseLock(home, process.pid);
  });
  // Playwright ends a run on SIGINT only (its reporters then write an interrupted run); a SIGTERM
  // (a CI cancel) would kill the runner mid-write: it is taken as the SIGINT it means.
  process.once('SIGTERM', () => process.kill(process.pid, 'SIGINT'));
  return dir;
}
