import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { TargetProfile } from '../profile/types.ts';
import { loadRealResponses } from './real-responses.ts';
import { projectRoot } from './spec.ts';

/**
 * Which fields the 2xx answers of one operation carried, counted over answers. A field is counted
 * once per answer that has it; its parent object once per answer that has the parent, so a field
 * present in every answer whose parent exists is "always present" there. Paths are written as the
 * findings write them: `expiration_date`, `payments[].id`, `[].tags.fixed`.
 */
interface PresenceTally {
  answers: number;
  present: Record<string, number>;
  parents: Record<string, number>;
}

/** The tallies of a run, or of the memory a target keeps between runs, by operation (`GET /orders/{order_id}`). */
export type Presence = Record<string, PresenceTally>;

/** Where a memory came from: the last run of this target, or production's captures (fixtures/real-responses). */
export interface PresenceMemory {
  source: string;
  presence: Presence;
}

/** A field is "always present" only when at least this many answers showed its parent: one answer proves nothing. */
const MIN_ANSWERS = 2;

function walk(node: unknown, path: string, present: Set<string>, parents: Set<string>): void {
  if (Array.isArray(node)) {
    for (const element of node) walk(element, `${path}[]`, present, parents);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  parents.add(path);
  for (const [key, value] of Object.entries(node)) {
    const child = path ? `${path}.${key}` : key;
    present.add(child);
    walk(value, child, present, parents);
  }
}

/** `payments[].id` → `payments[]`; `expiration_date` → `` (the body). */
function parentOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(0, dot);
}

function tallyOf(presence: Presence, operation: string): PresenceTally {
  presence[operation] ??= { answers: 0, present: {}, parents: {} };
  return presence[operation];
}

function addPaths(tally: PresenceTally, present: Set<string>, parents: Set<string>): void {
  for (const path of present) tally.present[path] = (tally.present[path] ?? 0) + 1;
  for (const path of parents) tally.parents[path] = (tally.parents[path] ?? 0) + 1;
}

/** Adds one answer's body to the tally of its operation. */
export function tallyAnswer(presence: Presence, operation: string, body: unknown): void {
  const present = new Set<string>();
  const parents = new Set<string>();
  walk(body, '', present, parents);
  const tally = tallyOf(presence, operation);
  tally.answers += 1;
  addPaths(tally, present, parents);
}

/** Sums tallies (the workers' files of one run). */
function mergePresence(parts: Presence[]): Presence {
  const merged: Presence = {};
  for (const part of parts) {
    for (const [operation, tally] of Object.entries(part)) {
      const into = tallyOf(merged, operation);
      into.answers += tally.answers;
      for (const [path, n] of Object.entries(tally.present))
        into.present[path] = (into.present[path] ?? 0) + n;
      for (const [path, n] of Object.entries(tally.parents))
        into.parents[path] = (into.parents[path] ?? 0) + n;
    }
  }
  return merged;
}

/** Whether every answer of the tally that had the field's parent (at least two) had the field too. */
export function alwaysPresent(tally: PresenceTally | undefined, field: string): boolean {
  if (!tally) return false;
  const parents = tally.parents[parentOf(field)] ?? 0;
  return parents >= MIN_ANSWERS && tally.present[field] === parents;
}

/** The memory of the previous run (profile field `memory`), carrying forward operations tonight's run did not answer. */
export function nextMemory(previous: Presence | undefined, tonight: Presence): Presence {
  return { ...previous, ...tonight };
}

const ORDER_READ = 'GET /orders/{order_id}';
const ORDER_SEARCH = 'GET /orders/search';

/**
 * Production's answers as a first memory: what the captures in fixtures/real-responses always carry.
 * Search results are "array of Order (full form)": an order read counts as one more result, so a
 * field production's reads leave out is not held against the results either.
 */
function productionPresence(): Presence {
  const presence: Presence = {};
  for (const capture of loadRealResponses()) {
    if (capture.status < 200 || capture.status >= 300) continue;
    const operation = `${capture.method.toUpperCase()} ${capture.path}`;
    tallyAnswer(presence, operation, capture.body);
    if (operation !== ORDER_READ) continue;
    const present = new Set<string>();
    const parents = new Set<string>();
    walk(capture.body, 'results[]', present, parents);
    addPaths(tallyOf(presence, ORDER_SEARCH), present, parents);
  }
  return presence;
}

/** The memory file of a target: MEMORY, else the profile's `memory` (relative to the project root); undefined when neither is set. */
export function memoryPath(target: Pick<TargetProfile, 'memory'>, env = process.env): string | undefined {
  const path = env.MEMORY || target.memory;
  if (!path) return undefined;
  return isAbsolute(path) ? path : join(projectRoot, path);
}

/** The memory omissions are judged against: the target's last run when it has one, else production's captures. */
export function loadMemory(target: Pick<TargetProfile, 'memory'>): PresenceMemory {
  const path = memoryPath(target);
  if (path && existsSync(path)) {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as { date?: string; presence: Presence };
    return { source: `the last run of this target (${saved.date ?? 'undated'})`, presence: saved.presence };
  }
  return {
    source: "production's captured answers (fixtures/real-responses)",
    presence: productionPresence(),
  };
}

export function writeMemory(path: string, presence: Presence, date: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify({ date, presence }));
}

/** This worker's tally, written by the `presence` worker fixture when the worker ends. */
export const workerPresence: Presence = {};

export const presenceDir = (reports: string) => join(reports, 'presence');

export function writeWorkerPresence(reports: string, worker: string): void {
  if (Object.keys(workerPresence).length === 0) return;
  mkdirSync(presenceDir(reports), { recursive: true });
  writeFileSync(join(presenceDir(reports), `${worker}.json`), JSON.stringify(workerPresence));
}

/** The run's tally from its workers' files. */
export function readRunPresence(reports: string): Presence {
  const dir = presenceDir(reports);
  if (!existsSync(dir)) return {};
  return mergePresence(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Presence),
  );
}
