import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * The target's nights, beside its memory (`<memory>.history.json`, in the folder CI keeps between
 * nights): each complete or partial night's figures, for the trend chart of the index page, and the
 * last night's status of every requirement, for what changed since (newly failed, newly verified, dropped).
 */

/** One night's figures (lib/report/verdict/numbers.ts and the request budget). */
export interface NightFigures {
  date: string;
  verified: number;
  failed: number;
  notJudged: number;
  requests: number;
  seconds: number;
  /** Its verdict: conforms, does not conform, unreachable. */
  state?: string;
  /** A filter chose its tests: its figures are not the target's whole. */
  partial?: boolean;
}

export interface RunHistory {
  nights: NightFigures[];
  /** The last night's requirement statuses (verified, failed, not judged, not verified…), by id. */
  last?: { date: string; statuses: Record<string, string> };
}

/** What changed since the last night: requirements by id. */
export interface NightChanges {
  since?: string;
  newlyFailed: string[];
  newlyVerified: string[];
  /** Verified on the last night, neither verified nor failed tonight. */
  dropped: string[];
}

/** The trend verdict.json holds and the index page draws: the last nights, tonight last, and what changed. */
export interface Trend {
  nights: NightFigures[];
  changes: NightChanges;
}

/** Nights kept in the history file. */
export const NIGHTS_KEPT = 60;

export function historyPath(memory: string): string {
  return join(dirname(memory), `${basename(memory, '.json')}.history.json`);
}

export function readHistory(path: string | undefined): RunHistory {
  if (!path || !existsSync(path)) return { nights: [] };
  try {
    const read = JSON.parse(readFileSync(path, 'utf8')) as RunHistory;
    return {
      nights: Array.isArray(read.nights) ? read.nights : [],
      ...(read.last ? { last: read.last } : {}),
    };
  } catch {
    return { nights: [] };
  }
}

const isVerified = (status: string | undefined) =>
  status === 'verified' || status === 'verified from traffic';

export function changesSince(last: RunHistory['last'], statuses: Record<string, string>): NightChanges {
  if (!last) return { newlyFailed: [], newlyVerified: [], dropped: [] };
  const ids = Object.keys(statuses).sort();
  const before = last.statuses;
  return {
    since: last.date,
    newlyFailed: ids.filter((id) => statuses[id] === 'failed' && before[id] !== 'failed'),
    newlyVerified: ids.filter((id) => isVerified(statuses[id]) && !isVerified(before[id])),
    dropped: ids.filter(
      (id) => isVerified(before[id]) && !isVerified(statuses[id]) && statuses[id] !== 'failed',
    ),
  };
}

/** Tonight against the history: the nights with tonight last, and what changed since the last night. */
export function trendOf(history: RunHistory, tonight: NightFigures, statuses: Record<string, string>): Trend {
  return {
    nights: [...history.nights, tonight].slice(-NIGHTS_KEPT),
    changes: changesSince(history.last, statuses),
  };
}

/** Adds tonight to the history file. */
export function writeNight(path: string, tonight: NightFigures, statuses: Record<string, string>): void {
  const history = readHistory(path);
  const next: RunHistory = {
    nights: [...history.nights, tonight].slice(-NIGHTS_KEPT),
    // A partial night saw part of the requirements: the next night is compared with the last whole one.
    last: tonight.partial && history.last ? history.last : { date: tonight.date, statuses },
  };
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(next, null, 1)}\n`);
}
