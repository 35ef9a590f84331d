import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnswerTally } from './answers.ts';

/** What the run's judge wrote (tests/judge/run.spec.ts): the answers per operation, and their totals. */
export interface AnswersFile {
  exchanges: number;
  unknown: number;
  answers: AnswerTally[];
}

export interface AnswerTotals {
  received: number;
  succeeded: number;
  /** 2xx answers at least one registry rule judged (the schema check aside). */
  succeededJudged: number;
  percentJudged: number;
}

export const answersPath = (reportsDir: string) => join(reportsDir, 'answers.json');

/** The answers of the run as its judge tallied them; undefined when the judge did not run. */
export function readAnswers(reportsDir: string): (AnswersFile & { totals: AnswerTotals }) | undefined {
  const path = answersPath(reportsDir);
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, 'utf8')) as AnswersFile;
  const sum = (pick: (a: AnswerTally) => number) => file.answers.reduce((total, a) => total + pick(a), 0);
  const succeeded = sum((a) => a.succeeded);
  const succeededJudged = sum((a) => a.succeededJudged);
  return {
    ...file,
    totals: {
      received: sum((a) => a.received),
      succeeded,
      succeededJudged,
      percentJudged: succeeded ? Math.round((succeededJudged / succeeded) * 1000) / 10 : 0,
    },
  };
}
