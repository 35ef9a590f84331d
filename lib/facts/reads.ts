import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CountedJudgement, type Judgement, JudgementLog } from '../judge/judgement.ts';
import type { Fact } from './extract.ts';

/** A fact as one answer showed it, and when. */
export interface Read extends Fact {
  at: number;
}

/** Most reads a worker keeps: enough for every instance a run reads twice, bounded for a long run. */
const KEPT = 50_000;

const reads: Read[] = [];
let meanings = new JudgementLog();

/** Keeps the meaning rules' judgements of one answer of this worker (counted per instance). */
export function keepMeanings(judgements: Judgement[]): void {
  for (const judgement of judgements) meanings.add(judgement);
}

/** Keeps the facts of one answer of this worker. */
export function keepFacts(facts: Fact[], at = Date.now()): void {
  for (const fact of facts) if (reads.length < KEPT) reads.push({ ...fact, at });
}

export const factsDir = (reports: string) => join(reports, 'facts');

/** Writes this worker's reads for the run's judgement of facts (called when the worker ends). */
export function writeWorkerFacts(reports: string, worker: string): void {
  const judged = meanings.list();
  if (judged.length > 0) {
    mkdirSync(factsDir(reports), { recursive: true });
    appendFileSync(
      join(factsDir(reports), `${worker}.meanings.jsonl`),
      `${judged.map((j) => JSON.stringify(j)).join('\n')}\n`,
    );
    meanings = new JudgementLog();
  }
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
    .filter((name) => name.endsWith('.jsonl') && !name.endsWith('.meanings.jsonl'))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Read),
    );
}

/** Every meaning judgement the run's workers wrote, counts summed per requirement, outcome and instance. */
export function readRunMeanings(reports: string): CountedJudgement[] {
  const dir = factsDir(reports);
  if (!existsSync(dir)) return [];
  const merged = new Map<string, CountedJudgement>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.meanings.jsonl')))
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean)) {
      const judgement = JSON.parse(line) as CountedJudgement;
      const key = JSON.stringify([
        judgement.requirement,
        judgement.outcome,
        judgement.instance,
        judgement.reason ?? '',
      ]);
      const kept = merged.get(key);
      if (kept) kept.count += judgement.count;
      else merged.set(key, { ...judgement });
    }
  return [...merged.values()];
}
