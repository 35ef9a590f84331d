import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One run at a time writes into a reports folder: `$REPORTS_DIR/.lock` holds the pid of the run
 * writing there (conformance.sh's, or a plain `playwright test` runner's). A lock whose process is gone
 * (a run killed with SIGKILL) holds nothing and is taken over.
 */
const lockFile = (home: string) => join(home, '.lock');

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(home: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile(home), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The one line refusing a second run into a folder a live run holds. */
export function heldMessage(home: string, pid: number): string {
  return `the reports folder ${home} is in use by a run still going (pid ${pid}): nothing was run; wait for it, or set REPORTS_DIR to another folder`;
}

/** Takes `home`'s lock for `pid`; returns the pid of the live run that holds it already, if one does. */
export function takeLock(home: string, pid: number): number | undefined {
  mkdirSync(home, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockFile(home), `${pid}\n`, { flag: 'wx' });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(home);
      if (holder === pid) return undefined;
      if (holder !== undefined && alive(holder)) return holder;
      rmSync(lockFile(home), { force: true });
    }
  }
  return holderOf(home);
}

/** Gives `home`'s lock back when `pid` holds it. */
export function releaseLock(home: string, pid: number): void {
  if (holderOf(home) === pid) rmSync(lockFile(home), { force: true });
}
