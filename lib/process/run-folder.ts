import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { alive } from './run-lock.ts';
import { writeRunsPage } from './runs-page.ts';

/**
 * Reports written as a database writes (issue 48). Each run writes into a folder of its own,
 * `$REPORTS_DIR/runs/<stamp>-<pid>/`, from its first reporter to its last page; the run's
 * `run.json` says whether it is running, complete or interrupted. Only a complete run becomes the
 * report: one atomic rename repoints `$REPORTS_DIR/latest` at it (and `previous` at the run before),
 * and the report's usual paths (`$REPORTS_DIR/index.html`, `results.json`, `html/`…) are links
 * through `latest`, so they always show one whole run. An interrupted run stays in its folder, marked;
 * `$REPORTS_DIR/runs/index.html` lists the runs kept.
 */
export type RunState = 'running' | 'complete' | 'interrupted' | 'earlier';

export interface RunRecord {
  state: RunState;
  pid: number;
  startedAt: string;
  endedAt?: string;
  /** The run made `$REPORTS_DIR` itself: a run that leaves nothing removes it again. */
  madeHome?: boolean;
  /** Why an interrupted run ended. */
  note?: string;
}

export interface KeptRun extends RunRecord {
  id: string;
  dir: string;
}

/** Report files of the layout before run folders: real files at the usual paths, moved into a folder of their own. */
const EARLIER_NAMES = [
  'index.html',
  'verdict.json',
  'results.json',
  'junit.xml',
  'html',
  'allure',
  'allure-results',
  'traceability.json',
  'traceability.html',
  'spec',
  'discovery.json',
  'answers.json',
  'test-results',
  'presence',
  'facts',
  'blob',
];
/** Runs kept of each state, beyond the ones `latest` and `previous` name. */
const KEEP: Record<RunState, number> = { complete: 0, interrupted: 2, earlier: 1, running: 0 };
const RECORD = 'run.json';

export const runsDir = (home: string) => join(home, 'runs');

/** Whether `dir` is a run's own folder (`<home>/runs/<id>/` with its run.json). */
export function isRunFolder(dir: string): boolean {
  return basename(dirname(dir)) === 'runs' && existsSync(join(dir, RECORD));
}

/** The reports folder a run's own folder belongs to. */
export const homeOf = (runDir: string) => dirname(dirname(resolve(runDir)));

export function readRecord(dir: string): RunRecord | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, RECORD), 'utf8')) as RunRecord;
  } catch {
    return undefined;
  }
}

function record(dir: string, update: Partial<RunRecord>): void {
  writeFileSync(join(dir, RECORD), `${JSON.stringify({ ...readRecord(dir), ...update }, null, 2)}\n`);
}

const now = () => new Date().toISOString();
const stamp = () =>
  now()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** A new folder for one run under `home`, recorded as running (the caller holds `home`'s lock). */
export function startRun(home: string, pid: number, madeHome = false): string {
  const dir = join(runsDir(home), `${stamp()}-${pid}`);
  mkdirSync(dir, { recursive: true });
  record(dir, { state: 'running', pid, startedAt: now(), ...(madeHome ? { madeHome } : {}) });
  return dir;
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Repoints `home/name` at `target` by one rename: a reader sees the old link or the new one, never none. */
function pointAt(home: string, name: string, target: string): void {
  const temporary = join(home, `.${name}.${process.pid}.tmp`);
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary);
  renameSync(temporary, join(home, name));
}

/** The run a pointer (`latest`, `previous`) names, if any. */
export function pointed(home: string, name: string): string | undefined {
  const path = join(home, name);
  return isLink(path) ? basename(readlinkSync(path)) : undefined;
}

/** Real files of the layout before run folders, or of a script run on the folder alone, kept in a folder of their own. */
function moveEarlierFiles(home: string, names: string[]): void {
  const earlier = join(runsDir(home), `${stamp()}-earlier`);
  for (const name of new Set([...EARLIER_NAMES, ...names])) {
    const path = join(home, name);
    if (!existsSync(path) || isLink(path)) continue;
    if (!existsSync(earlier)) {
      mkdirSync(earlier, { recursive: true });
      record(earlier, { state: 'earlier', pid: 0, startedAt: now() });
    }
    renameSync(path, join(earlier, name));
  }
}

/** Links every file of the run `latest` names at the usual paths; links to what it lacks go. */
export function linkLatest(home: string): void {
  const latest = join(home, 'latest');
  const names = existsSync(latest) ? readdirSync(latest).filter((name) => name !== RECORD) : [];
  moveEarlierFiles(home, names);
  for (const name of names)
    if (!isLink(join(home, name))) symlinkSync(join('latest', name), join(home, name));
  for (const name of readdirSync(home)) {
    const path = join(home, name);
    if (isLink(path) && readlinkSync(path).startsWith('latest/') && !existsSync(path)) rmSync(path);
  }
}

/** A complete run becomes the report: `latest` names it, `previous` the complete run before it. */
export function publishRun(home: string, dir: string): void {
  record(dir, { state: 'complete', endedAt: now() });
  const before = pointed(home, 'latest');
  if (before && before !== basename(dir)) pointAt(home, 'previous', join('runs', before));
  pointAt(home, 'latest', join('runs', basename(dir)));
  linkLatest(home);
  settle(home);
}

/** An interrupted run stays in its folder, marked so; the report still shows the last complete run. */
export function markInterrupted(home: string, dir: string, note?: string): void {
  record(dir, { state: 'interrupted', endedAt: now(), ...(note ? { note } : {}) });
  settle(home);
}

/** A run that stopped at its start or judged nothing: nothing of it stays (nor the folder it made). */
export function discardRun(home: string, dir: string): void {
  const madeHome = readRecord(dir)?.madeHome === true;
  rmSync(dir, { recursive: true, force: true });
  const runs = runsDir(home);
  if (existsSync(runs) && readdirSync(runs).length === 0) rmSync(runs, { recursive: true });
  if (madeHome && existsSync(home) && readdirSync(home).length === 0) rmSync(home, { recursive: true });
}

/** Every run kept under `home`, newest first. */
export function keptRuns(home: string): KeptRun[] {
  const runs = runsDir(home);
  if (!existsSync(runs)) return [];
  return readdirSync(runs)
    .sort()
    .reverse()
    .flatMap((id) => {
      const found = readRecord(join(runs, id));
      return found ? [{ ...found, id, dir: join(runs, id) }] : [];
    });
}

/** Old runs go (the ones the pointers name and a few of each state stay); a run whose process died is interrupted. */
function settle(home: string): void {
  const named = new Set([pointed(home, 'latest'), pointed(home, 'previous')]);
  const kept: Record<string, number> = {};
  for (const run of keptRuns(home)) {
    if (named.has(run.id)) continue;
    if (run.state === 'running') {
      if (alive(run.pid)) continue;
      record(run.dir, {
        state: 'interrupted',
        endedAt: now(),
        note: 'its process ended without a word (killed)',
      });
      run.state = 'interrupted';
    }
    kept[run.state] = (kept[run.state] ?? 0) + 1;
    if ((kept[run.state] ?? 0) > KEEP[run.state]) rmSync(run.dir, { recursive: true, force: true });
  }
  writeRunsPage(home, keptRuns(home), pointed(home, 'latest'));
}

/**
 * Where a script run alone on a reports folder (build-reports.ts, verdict.ts after a plain `playwright
 * test`) reads and writes: a run's own folder as given, else the run `latest` names, else the folder.
 */
export function reportFolder(dir: string): { dir: string; home?: string } {
  if (isRunFolder(dir)) return { dir };
  const latest = join(dir, 'latest');
  return existsSync(latest) ? { dir: realpathSync(latest), home: dir } : { dir };
}
