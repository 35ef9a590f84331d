import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter } from '@playwright/test/reporter';
import { discardRun, homeOf, markInterrupted, publishRun } from '../../process/run-folder.ts';
import { releaseLock } from '../../process/run-lock.ts';
import { OWNER_ENV } from '../../process/run-stage.ts';

/**
 * The last reporter of a plain `playwright test` (conformance.sh publishes after its verdict and pages):
 * once every reporter has ended (onExit comes after every onEnd), a run that ended becomes the report of
 * $REPORTS_DIR; an interrupted one is kept beside it, marked; a run that ran no test leaves nothing
 * (but a shard's blob).
 */
export default class PublishReporter implements Reporter {
  private began = 0;
  private status: FullResult['status'] = 'failed';

  printsToStdio(): boolean {
    return false;
  }

  onTestBegin(): void {
    this.began += 1;
  }

  onEnd(result: FullResult): void {
    this.status = result.status;
  }

  async onExit(): Promise<void> {
    const dir = process.env.REPORTS_DIR;
    if (!dir || process.env[OWNER_ENV] !== String(process.pid)) return;
    const home = homeOf(dir);
    // A shard's blob is part of a sharded whole, kept also when the shard drew no test: the merge counts it.
    const blob = existsSync(join(dir, 'blob'));
    const wrote = blob || existsSync(join(dir, 'results.json'));
    if (!wrote || (this.began === 0 && !blob)) discardRun(home, dir);
    else if (this.status === 'interrupted') {
      markInterrupted(home, dir, 'stopped by a signal');
      console.error(
        `interrupted: no verdict; this run is kept beside the report in ${dir}, ${join(home, 'index.html')} still shows the last complete run`,
      );
    } else publishRun(home, dir);
    releaseLock(home, process.pid);
  }
}
