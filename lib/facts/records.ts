import type { CountedJudgement } from '../judge/judgement.ts';
import { judgeFacts } from './judge.ts';
import { readRunFacts, readRunMeanings } from './reads.ts';

/** Judgements made after the run, under the name the verdict shows them with (like a test's). */
export interface RunJudgements {
  title: string;
  file: string;
  project: string;
  judgements: CountedJudgement[];
}

/**
 * The judgements made after the run over every answer its workers (and discovery) received: one fact,
 * one value (lib/facts), and the meaning of every value (lib/rules/meaning-*.ts). Only groups that judged.
 */
export function runJudgements(reportsDir: string): RunJudgements[] {
  return [
    {
      title: 'one fact, one value: every instance read in two places has one value',
      file: 'lib/facts/judge.ts',
      project: 'facts',
      judgements: judgeFacts(readRunFacts(reportsDir)).map((j) => ({ ...j, count: 1 })),
    },
    {
      title: 'every value in its stated meaning: timestamps, time zones, units, echoes, precedence',
      file: 'lib/rules/meanings.ts',
      project: 'meanings',
      judgements: readRunMeanings(reportsDir),
    },
  ].filter((group) => group.judgements.length > 0);
}
