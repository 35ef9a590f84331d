import type { CountedJudgement } from '../judge/judgement.ts';
import type { TestRecord } from '../report/verdict/results.ts';
import { judgeFacts } from './judge.ts';
import { readRunFacts, readRunMeanings } from './reads.ts';

/** One record like a test's for judgements made after the run, failed when one broke. */
function record(
  title: string,
  file: string,
  project: string,
  judgements: CountedJudgement[],
): TestRecord | undefined {
  if (judgements.length === 0) return undefined;
  const broken = judgements.filter((j) => j.outcome === 'broken');
  return {
    title,
    file,
    project,
    tags: [],
    requirements: [...new Set(judgements.map((j) => j.requirement))].sort(),
    outcome: broken.length > 0 ? 'failed' : 'passed',
    durationMs: 0,
    findings: [],
    judgements,
    ...(broken[0] ? { error: `${broken[0].requirement}: ${broken[0].instance}: ${broken[0].reason}` } : {}),
  };
}

/**
 * The judgements made after the run over every answer its workers received: one fact, one value
 * (lib/facts), and the meaning of every value (lib/rules/meanings). None when nothing was judged.
 */
export function runRecords(reportsDir: string): TestRecord[] {
  const facts = judgeFacts(readRunFacts(reportsDir)).map((j) => ({ ...j, count: 1 }));
  return [
    record(
      'one fact, one value: every instance read in two places has one value',
      'lib/facts/judge.ts',
      'facts',
      facts,
    ),
    record(
      'every value in its stated meaning: timestamps, time zones, units, echoes, precedence',
      'lib/rules/meanings/index.ts',
      'meanings',
      readRunMeanings(reportsDir),
    ),
  ].filter((r): r is TestRecord => r !== undefined);
}
