import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type Presence, perObjectTallies } from '../checks/presence.ts';

/**
 * A target's memory between runs (profile field `memory`, `MEMORY=path` overrides): which fields each
 * operation answered (the omission judgement, presence.ts), the data discovery found per need (offered
 * to the next run's discovery first) and, per requirement, the last run that verified it (a requirement
 * verified then and not now is a coverage drop: data that vanished hides a regression behind "not verified").
 */
export interface RunMemory {
  date?: string;
  /**
   * The fields answered, summed over the runs remembered: only runs whose verdict passed (or whose
   * baseline was being updated) are, so a field that disappears fails every night until the baseline accepts it.
   */
  presence: Presence;
  /** The last run whose answers were remembered, and how many runs were. */
  presenceDate?: string;
  presenceRuns?: number;
  /** What discovery found, per need, and the read it came from. */
  discovered?: RememberedData[];
  /** Requirement id → the date of the last run that verified it. */
  lastVerified?: Record<string, string>;
  /** Answer branch (lib/run-judge/branches.ts key) → the date of the last run whose answers showed it. */
  branchesSeen?: Record<string, string>;
  /** Older memories: the requirements the last run verified (read as verified on `date`). */
  verified?: string[];
}

export interface RememberedData {
  path: string;
  value: unknown;
  from: string;
}

/** What a remembered value is now: offered again, no longer what the need asks, or unreadable. */
export interface Recheck {
  need: string;
  value: unknown;
  state: 'still qualifies' | 'no longer qualifies' | 'read failed';
  /** The read and what it showed. */
  read: string;
  /** Set when a live server may change this legitimately (a status moving on, a transient 206). */
  legitimate?: string;
}

export function readRunMemory(path: string | undefined): RunMemory | undefined {
  if (!path || !existsSync(path)) return undefined;
  const memory = JSON.parse(readFileSync(path, 'utf8')) as RunMemory;
  return { ...memory, presence: perObjectTallies(memory.presence) };
}

/** Requirement id → the date of the last run that verified it, older memories' `verified` included. */
export function lastVerifiedOf(memory: RunMemory | undefined): Record<string, string> {
  const older = (memory?.verified ?? []).map((id) => [id, memory?.date ?? 'undated'] as const);
  return { ...Object.fromEntries(older), ...memory?.lastVerified };
}

export function writeRunMemory(path: string, memory: RunMemory): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(memory));
}

/** Where discovery leaves its rechecks of the remembered data, next to discovery.json. */
export function recheckFile(reportsDir = process.env.REPORTS_DIR ?? 'reports'): string {
  return join(reportsDir, 'memory-recheck.json');
}

export function readRechecks(reportsDir?: string): Recheck[] {
  const file = recheckFile(reportsDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Recheck[]) : [];
}
