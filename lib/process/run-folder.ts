import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Reports written as a database writes (issue 48): a run writes into a folder of its own,
 * `$REPORTS_DIR/runs/<stamp>-<pid>/`, and only a complete run replaces the last one, by one atomic
 * rename of the pointer `$REPORTS_DIR/latest`. The report's usual paths (`$REPORTS_DIR/index.html`,
 * `verdict.json`, `results.json`, `html/`…) are links through `latest`, so they always show one whole
 * run: the last complete one. An interrupted run stays in its folder, marked so (`run.json`), and
 * `$REPORTS_DIR/interrupted` points at the last of them. A lock file (`$REPORTS_DIR/.run.lock`, the pid
 * of the run) refuses a second run into the same folder; a lock of a dead process is taken over.
 */

/** What a report folder's run wrote: each is linked at the report's usual path. */
const REPORT_NAMES = [
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
  'test-results',
  'presence',
  'facts',
  'blob',
  'run.json',
];
/** How many earlier complete runs and interrupted ones are kept beside the last complete one. */
const KEEP_EARLIER = 2;

export type RunState = 'running' | 'complete' | 'interrupted';

interface RunRecord {
  state: RunState;
  pid: number;
  startedAt: string;
  endedAt?: string;
}

const lockFile = (home: string) => join(home, '.run.lock');
const runsDir = (home: string) => join(home, 'runs');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process that holds the folder's lock, if any (a lock of a dead process holds nothing). */
export function lockHolder(home: string): number | undefined {
  try {
    const pid = Number(readFileSync(lockFile(home), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The one line refusing a second run into a folder a running run holds. */
export function heldMessage(home: string, pid: number): string {
  return `the reports folder ${home} is in use by a running run (pid ${pid}): wait for it to end, or set REPORTS_DIR to another folder; nothing was run`;
}

/** Takes the folder's lock for `pid`; returns the holder's pid when a live run holds it already. */
export function takeLock(home: string, pid: number): number | undefined {
  mkdirSync(home, { recursive: true });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(lockFile(home), `${pid}\n`, { flag: 'wx' });
      return undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile(home), 'utf8').trim());
      if (holder === pid) return undefined;
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) return holder;
      // A stale lock (its run died without a word): taken over.
      rmSync(lockFile(home), { force: true });
    }
  }
  return undefined;
}

/** Releases the lock when `pid` holds it. */
export function releaseLock(home: string, pid: number): void {
  try {
    if (Number(readFileSync(lockFile(home), 'utf8').trim()) === pid) rmSync(lockFile(home), { force: true });
  } catch {
    // no lock: nothing to release
  }
}

function stamp(): string {
  return new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

function record(run: string, update: Partial<RunRecord>): void {
  const file = join(run, 'run.json');
  const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RunRecord) : undefined;
  writeFileSync(file, `${JSON.stringify({ ...before, ...update }, null, 2)}\n`);
}

/** A new folder for one run under `home`, recorded as running. */
export function startRun(home: string, pid = process.pid): string {
  const run = join(runsDir(home), `${stamp()}-${pid}`);
  mkdirSync(run, { recursive: true });
  record(run, { state: 'running', pid, startedAt: new Date().toISOString() });
  return run;
}

/** Repoints `home/name` at `target` in one rename: a reader sees the old link or the new one, never none. */
function pointAt(home: string, name: string, target: string): void {
  const temporary = join(home, `.${name}.${process.pid}.tmp`);
  rmSync(temporary, { force: true });
  symlinkSync(target, temporary);
  renameSync(temporary, join(home, name));
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A complete run becomes the report: linked at the usual paths, the last complete one kept beside it. */
export function publishRun(home: string, run: string): void {
  record(run, { state: 'complete', endedAt: new Date().toISOString() });
  // Report files of the layout before run folders (real files at the usual paths) move into a folder of their own.
  const earlier = join(runsDir(home), `${stamp()}-earlier`);
  for (const name of REPORT_NAMES) {
    const path = join(home, name);
    if (!existsSync(path) || isLink(path)) continue;
    mkdirSync(earlier, { recursive: true });
    renameSync(path, join(earlier, name));
  }
  const names = readdirSync(run).filter((name) => REPORT_NAMES.includes(name));
  for (const name of names)
    if (!isLink(join(home, name))) symlinkSync(join('latest', name), join(home, name));
  pointAt(home, 'latest', join('runs', basename(run)));
  // Links to what the new run did not write (a page of the old run) would show the old run: removed.
  for (const name of REPORT_NAMES) {
    const path = join(home, name);
    if (isLink(path) && readlinkSync(path).startsWith('latest') && !existsSync(path)) rmSync(path);
  }
  prune(home);
}

/** An interrupted run stays in its folder, marked so; `home/interrupted` points at it. */
export function markInterrupted(home: string, run: string): void {
  record(run, { state: 'interrupted', endedAt: new Date().toISOString() });
  pointAt(home, 'interrupted', join('runs', basename(run)));
  prune(home);
}

/** A run that stopped at its start (exit 2): nothing of it stays. */
export function discardRun(run: string): void {
  rmSync(run, { recursive: true, force: true });
  const runs = join(run, '..');
  if (existsSync(runs) && readdirSync(runs).length === 0) rmSync(runs, { recursive: true });
}

function stateOf(run: string): RunRecord | undefined {
  try {
    return JSON.parse(readFileSync(join(run, 'run.json'), 'utf8')) as RunRecord;
  } catch {
    return undefined;
  }
}

/** Keeps the runs the pointers name and the newest few of each state; a dead run's folder goes. */
function prune(home: string): void {
  const pointed = new Set(
    ['latest', 'interrupted'].flatMap((name) =>
      isLink(join(home, name)) ? [basename(readlinkSync(join(home, name)))] : [],
    ),
  );
  const kept: Record<string, number> = {};
  for (const name of readdirSync(runsDir(home)).sort().reverse()) {
    if (pointed.has(name)) continue;
    const state = stateOf(join(runsDir(home), name));
    if (state?.state === 'running' && alive(state.pid)) continue;
    const kind = state?.state ?? 'earlier';
    kept[kind] = (kept[kind] ?? 0) + 1;
    if (kind === 'running' || kept[kind] > KEEP_EARLIER)
      rmSync(join(runsDir(home), name), { recursive: true, force: true });
  }
}

/** A plain run stopped at its start (global setup, exit 2): its folder and lock go, nothing of it stays. */
export function abandonOwnRun(env: NodeJS.ProcessEnv = process.env): void {
  const { CONFORMANCE_PUBLISH: publish, CONFORMANCE_RUN_DIR: run, CONFORMANCE_REPORTS_HOME: home } = env;
  if (publish !== 'reporter' || !run || !home) return;
  discardRun(run);
  releaseLock(home, process.pid);
}
