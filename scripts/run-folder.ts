import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  discardRun,
  heldMessage,
  markInterrupted,
  publishRun,
  releaseLock,
  startRun,
  takeLock,
} from '../lib/process/run-folder.ts';

// scripts/conformance.sh's run folder (lib/process/run-folder.ts):
//   begin HOME PID            takes HOME's lock for PID and prints the run's new folder; exit 2 when a live run holds it
//   end HOME PID STATE RUN    STATE complete (published), interrupted (kept, marked), broken (removed), or judged:
//                             interrupted when RUN/verdict.json says so, else complete; releases the lock

const [command, home = 'reports', pidText = '', state = '', run = ''] = process.argv.slice(2);
const folder = resolve(home);
const pid = Number(pidText);
if (command === 'begin') {
  const holder = takeLock(folder, pid);
  if (holder !== undefined) {
    console.error(heldMessage(folder, holder));
    process.exit(2);
  }
  console.log(startRun(folder, pid));
} else if (command === 'end') {
  if (run) {
    const judged = join(run, 'verdict.json');
    const verdictSays = () =>
      existsSync(judged) && JSON.parse(readFileSync(judged, 'utf8')).interrupted === true
        ? 'interrupted'
        : 'complete';
    const final = state === 'judged' ? verdictSays() : state;
    const page = existsSync(join(run, 'index.html'));
    if (final === 'complete') {
      publishRun(folder, run);
      if (page) console.log(`reports: ${join(folder, 'index.html')}`);
    } else if (final === 'interrupted') {
      markInterrupted(folder, run);
      if (page)
        console.log(
          `reports: ${join(folder, 'interrupted', 'index.html')} (interrupted; ${join(folder, 'index.html')} still shows the last complete run)`,
        );
    } else discardRun(run);
  }
  releaseLock(folder, pid);
} else {
  console.error('usage: run-folder.ts begin HOME PID | end HOME PID complete|interrupted|broken|judged RUN');
  process.exit(2);
}
