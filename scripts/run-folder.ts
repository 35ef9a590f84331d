import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { discardRun, markInterrupted, publishRun, startRun } from '../lib/process/run-folder.ts';
import { heldMessage, releaseLock, takeLock } from '../lib/process/run-lock.ts';

// scripts/conformance.sh's run folder (lib/process/run-folder.ts):
//   begin HOME PID          takes HOME's lock for PID and prints the run's new folder; exit 2 (one line) when a live run holds it
//   end HOME PID STATE RUN  STATE: judged (complete, or interrupted when RUN/verdict.json says so), interrupted
//                           (kept beside, marked) or broken (removed); releases the lock; prints where the report is
//   ran RUN                 exit 0 when RUN/results.json holds a test that ran (a run stopped in global setup holds none)

const [command, homeArg = 'reports', pidText = '', state = '', run = ''] = process.argv.slice(2);
const home = resolve(homeArg);
const pid = Number(pidText);

function begin(): number {
  const madeHome = !existsSync(home);
  const holder = takeLock(home, pid);
  if (holder !== undefined) {
    console.error(heldMessage(home, holder));
    return 2;
  }
  console.log(startRun(home, pid, madeHome));
  return 0;
}

function judgedState(): 'complete' | 'interrupted' {
  const file = join(run, 'verdict.json');
  if (!existsSync(file)) return 'interrupted';
  return (JSON.parse(readFileSync(file, 'utf8')) as { interrupted?: boolean }).interrupted === true
    ? 'interrupted'
    : 'complete';
}

function end(): number {
  const final = state === 'judged' ? judgedState() : state;
  const page = existsSync(join(run, 'index.html'));
  if (final === 'complete') {
    publishRun(home, run);
    if (page) console.log(`reports: ${join(home, 'index.html')}`);
  } else if (final === 'interrupted') {
    markInterrupted(home, run, 'stopped by a signal or a lost worker');
    const what = page ? join(run, 'index.html') : run;
    const report = existsSync(join(home, 'latest'))
      ? `${join(home, 'index.html')} still shows the last complete run`
      : 'no complete run yet';
    console.log(`kept beside the report: ${what}; ${report}`);
  } else discardRun(home, run);
  releaseLock(home, pid);
  return 0;
}

interface Suite {
  specs?: { tests: { results: unknown[] }[] }[];
  suites?: Suite[];
}

function anyRan(suite: Suite): boolean {
  return (
    (suite.specs ?? []).some((spec) => spec.tests.some((test) => test.results.length > 0)) ||
    (suite.suites ?? []).some(anyRan)
  );
}

function ran(dir: string): number {
  try {
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Suite;
    return anyRan(results) ? 0 : 1;
  } catch {
    return 1;
  }
}

if (command === 'ran') process.exit(ran(resolve(homeArg)));
else if (command === 'begin') process.exit(begin());
else if (command === 'end' && run) process.exit(end());
else {
  console.error('usage: run-folder.ts begin HOME PID | end HOME PID judged|interrupted|broken RUN');
  process.exit(2);
}
