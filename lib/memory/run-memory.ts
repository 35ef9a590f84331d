import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Presence } from '../checks/presence.ts';

/**
 * A target's memory between runs (profile field `memory`, `MEMORY=path` overrides): which fields each
 * operation answered (the omission judgement, presence.ts), the data discovery found per need (offered
 * to the next run's discovery first) and the requirements the run verified (a requirement verified
 * last time and not now is a coverage drop: data that vanished hides a regression behind "not verified").
 */
export interface RunMemory {
  date?: string;
  presence: Presence;
  /** What discovery found, per need, and the read it came from. */
  discovered?: RememberedData[];
  /** Requirements verified by the last run that ran a test citing them. */
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
  return JSON.parse(readFileSync(path, 'utf8')) as RunMemory;
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
