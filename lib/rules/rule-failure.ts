import type { Judgement } from '../judge/judgement.ts';

/** One broken rule: the requirement id it breaks and what was seen. */
export interface RuleFailure {
  requirement: string;
  failure: string;
}

/** The failures of one requirement, as RuleFailures. */
export const failuresOf = (requirement: string, failures: string[]): RuleFailure[] =>
  failures.map((failure) => ({ requirement, failure }));

/** The failures that break `requirement`, as their text. */
export const textsOf = (failures: readonly RuleFailure[], requirement: string): string[] =>
  failures.filter((f) => f.requirement === requirement).map((f) => f.failure);

/** One rule applied to one instance: held when `failure` is undefined, else broken by it. */
export const judgementOf = (requirement: string, instance: string, failure?: string): Judgement =>
  failure === undefined
    ? { requirement, outcome: 'held', instance }
    : { requirement, outcome: 'broken', instance, reason: failure };

/** A rule that could not be applied to an instance: the field it reads is left out, or its condition does not hold. */
export const notJudgedOn = (requirement: string, instance: string, reason: string): Judgement => ({
  requirement,
  outcome: 'not judged',
  instance,
  reason,
});

/** The broken judgements as RuleFailures (the drift run compares failures). */
export const failuresOfJudgements = (judgements: readonly Judgement[]): RuleFailure[] =>
  judgements
    .filter((j) => j.outcome === 'broken')
    .map((j) => ({ requirement: j.requirement, failure: `${j.instance}: ${j.reason ?? 'broken'}` }));
