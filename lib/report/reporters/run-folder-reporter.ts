import type { FullResult, Reporter } from '@playwright/test/reporter';
import { markInterrupted, publishRun, releaseLock } from '../../process/run-folder.ts';

/**
 * The last reporter of a plain `playwright test` (not under conformance.sh, which publishes after its
 * verdict): once every reporter before it has written into the run's own folder, a run that ended
 * becomes the report of $REPORTS_DIR, an interrupted one is kept beside it, marked (lib/process/run-folder.ts).
 */
export default class RunFolderReporter implements Reporter {
  printsToStdio(): boolean {
    return false;
  }

  onEnd(result: FullResult): void {
    const home = process.env.CONFORMANCE_REPORTS_HOME;
    const run = process.env.CONFORMANCE_RUN_DIR;
    if (!home || !run) return;
    if (result.status === 'interrupted') markInterrupted(home, run);
    else publishRun(home, run);
    releaseLock(home, process.pid);
  }
}
