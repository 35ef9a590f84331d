import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { TargetProfile } from '../profile/types.ts';
import { conditioned, objectCondition } from './presence-conditions.ts';
import { loadRealResponses } from './real-responses.ts';
import { projectRoot } from './spec.ts';

/**
 * Which fields the 2xx answers of one operation carried, counted per object: a field once per object
 * that has it, its parent path once per object found there, so `results[].pack_id` is "always present"
 * only when every result of every answer carried it (a list whose elements carry a field only sometimes
 * never protects it). `parentAnswers` counts the answers in which the parent appeared at all. Paths are
 * written as the findings write them: `expiration_date`, `payments[].id`, `[].tags.fixed`.
 */
interface PresenceTally {
  answers: number;
  present: Record<string, number>;
  parents: Record<string, number>;
  parentAnswers: Record<string, number>;
}

/**
 * The tallies of a run, or of the memory a target keeps between runs, by operation (`GET /orders/{order_id}`).
 * The memory is the sum of the tallies of every run it remembered (lib/report/verdict/memory.ts): no run
 * replaces another, so a partial run (a slice, a shard) adds what it saw and never makes a fuller tally poorer.
 * The price: a field a target began to send after its first remembered night is never protected by that
 * memory (its earlier answers lacked it); a new memory file starts the count again.
 */
export type Presence = Record<string, PresenceTally>;

/** Where a memory came from: the runs of this target, or production's captures (fixtures/real-responses). */
export interface PresenceMemory {
  source: string;
  presence: Presence;
}

/**
 * A field is "always present" only when its parent appeared in at least this many answers: one answer
 * proves nothing. An operation read once a run is protected after two runs that carried the field.
 */
const MIN_ANSWERS = 2;

type Counts = Map<string, number>;

const bump = (counts: Counts, path: string) => counts.set(path, (counts.get(path) ?? 0) + 1);

function walk(node: unknown, path: string, present: Counts, parents: Counts): void {
  if (Array.isArray(node)) {
    for (const element of node) walk(element, `${path}[]`, present, parents);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  bump(parents, path);
  for (const [key, value] of Object.entries(node)) {
    const child = path ? `${path}.${key}` : key;
    bump(present, child);
    walk(value, child, present, parents);
  }
  walkConditions(node as Record<string, unknown>, path, present, parents);
}

/** The object counted again under each condition it holds (presence-conditions.ts): its fields only. */
function walkConditions(node: Record<string, unknown>, path: string, present: Counts, parents: Counts): void {
  const condition = objectCondition(node, projectRoot);
  if (!condition) return;
  const parent = conditioned(path, condition);
  bump(parents, parent);
  for (const key of Object.keys(node)) bump(present, `${parent}.${key}`);
}

/** `payments[].id` → `payments[]`; `expiration_date` → `` (the body). */
function parentOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(0, dot);
}

function tallyOf(presence: Presence, operation: string): PresenceTally {
  presence[operation] ??= { answers: 0, present: {}, parents: {}, parentAnswers: {} };
  return presence[operation];
}

function addCounts(into: Record<string, number>, counts: Iterable<[string, number]>): void {
  for (const [path, n] of counts) into[path] = (into[path] ?? 0) + n;
}

/** Adds the objects of one answer (or of one element standing for a list's element) to a tally. */
function addAnswer(tally: PresenceTally, body: unknown, root = ''): void {
  const present: Counts = new Map();
  const parents: Counts = new Map();
  walk(body, root, present, parents);
  addCounts(tally.present, present);
  addCounts(tally.parents, parents);
  addCounts(
    tally.parentAnswers,
    [...parents.keys()].map((path) => [path, 1]),
  );
}

/** Adds one answer's body to the tally of its operation. */
export function tallyAnswer(presence: Presence, operation: string, body: unknown): void {
  const tally = tallyOf(presence, operation);
  tally.answers += 1;
  addAnswer(tally, body);
}

/** Sums tallies: the workers' files of one run, or the remembered runs and tonight's. */
export function mergePresence(parts: Presence[]): Presence {
  const merged: Presence = {};
  for (const part of parts) {
    for (const [operation, tally] of Object.entries(part)) {
      const into = tallyOf(merged, operation);
      into.answers += tally.answers;
      addCounts(into.present, Object.entries(tally.present));
      addCounts(into.parents, Object.entries(tally.parents));
      addCounts(into.parentAnswers, Object.entries(tally.parentAnswers));
    }
  }
  return merged;
}

/**
 * The tallies of a saved memory counted per object. Memories written before (counted once per answer,
 * without `parentAnswers`) are left out: they would protect a field some list elements never carry.
 */
export function perObjectTallies(presence: Presence | undefined): Presence {
  return Object.fromEntries(
    Object.entries(presence ?? {}).filter(([, tally]) => tally.parentAnswers !== undefined),
  );
}

/** Whether every object at the field's parent, over at least two answers that had the parent, had the field. */
export function alwaysPresent(tally: PresenceTally | undefined, field: string): boolean {
  if (!tally) return false;
  const parent = parentOf(field);
  const objects = tally.parents[parent] ?? 0;
  return (tally.parentAnswers[parent] ?? 0) >= MIN_ANSWERS && tally.present[field] === objects;
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
    if (operation === ORDER_READ) addAnswer(tallyOf(presence, ORDER_SEARCH), capture.body, 'results[]');
  }
  return presence;
}

/** The memory file of a target: MEMORY, else the profile's `memory` (relative to the project root); undefined when neither is set. */
export function memoryPath(target: Pick<TargetProfile, 'memory'>, env = process.env): string | undefined {
  const path = env.MEMORY || target.memory;
  if (!path) return undefined;
  return isAbsolute(path) ? path : join(projectRoot, path);
}

/** What a memory file says of the runs whose answers it sums (lib/memory/run-memory.ts writes more beside it). */
interface SavedPresence {
  date?: string;
  presence?: Presence;
  /** The last run whose answers were remembered, and how many were (a failing run is never remembered). */
  presenceDate?: string;
  presenceRuns?: number;
}

function sourceOf(saved: SavedPresence): string {
  const before = (saved.presenceRuns ?? 1) - 1;
  const earlier = before > 0 ? ` and ${before} remembered before it` : '';
  return `the last run of this target (${saved.presenceDate ?? saved.date ?? 'undated'})${earlier}`;
}

/**
 * The memory omissions are judged against: the runs of this target it remembers, else (no memory yet,
 * or none of its runs remembered) production's captures.
 */
export function loadMemory(target: Pick<TargetProfile, 'memory'>): PresenceMemory {
  const path = memoryPath(target);
  if (path && existsSync(path)) {
    const saved = JSON.parse(readFileSync(path, 'utf8')) as SavedPresence;
    const presence = perObjectTallies(saved.presence);
    if (Object.keys(presence).length > 0) return { source: sourceOf(saved), presence };
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
