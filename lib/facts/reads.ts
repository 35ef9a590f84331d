import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Fact } from './extract.ts';

/** A fact as one answer showed it, and when. */
export interface Read extends Fact {
  at: number;
}

/** Most reads a worker keeps: enough for every instance a run reads twice, bounded for a long run. */
const KEPT = 50_000;

const reads: Read[] = [];

/** Keeps the facts of one answer of this worker. */
export function keepFacts(facts: Fact[], at = Date.now()): void {
  for (const fact of facts) if (reads.length < KEPT) reads.push({ ...fact, at });
}

export const factsDir = (reports: string) => join(reports, 'facts');

/** Writes this worker's reads for the run's judgement of facts (called when the worker ends). */
export function writeWorkerFacts(reports: string, worker: string): void {
  if (reads.length === 0) return;
  mkdirSync(factsDir(reports), { recursive: true });
  appendFileSync(
    join(factsDir(reports), `${worker}.jsonl`),
    `${reads.map((r) => JSON.stringify(r)).join('\n')}\n`,
  );
  reads.length = 0;
}

/** Every read the run's workers wrote. */
export function readRunFacts(reports: string): Read[] {
  const dir = factsDir(reports);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Read),
    );
}
