import type { Spec } from '../checks/spec.ts';
import type { BranchTally } from './branches.ts';
import type { RunExchange } from './exchanges.ts';

/** What a branch not seen is put down to: the run's shape, its reach, or the target's data. */
export interface UnseenContext {
  /** The run sent no write (a read-only target). */
  readOnly: boolean;
  /** Discovery stopped before it was done (its request budget or time limit). */
  discoveryStoppedBy?: 'budget' | 'time';
}

/** 2xx answers of the run per `operation status`: how far the run reached each answer. */
function answersPerPlace(exchanges: readonly RunExchange[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const e of exchanges) {
    if (!e.operation || e.response.status < 200 || e.response.status > 299) continue;
    const place = `${e.operation} ${e.response.status}`;
    count.set(place, (count.get(place) ?? 0) + 1);
  }
  return count;
}

const STOPPED = { budget: 'its request budget', time: 'its time limit' } as const;

function reasonOf(tally: BranchTally, answers: number, isWrite: boolean, context: UnseenContext): string {
  const answer = `${tally.status} answer of ${tally.operation}`;
  const read = `${answers} ${tally.status} answer${answers === 1 ? '' : 's'} of ${tally.operation}`;
  if (isWrite && context.readOnly) return 'not asked: a write, and the run is read-only';
  const stopped = context.discoveryStoppedBy
    ? `; discovery stopped at ${STOPPED[context.discoveryStoppedBy]}, so the target may hold it`
    : '';
  if (answers === 0) return `not reached: no ${answer} in the run${stopped}`;
  if (stopped) return `not shown by the ${read} read${stopped}`;
  return `the target seemed not to hold it: not shown by the ${read} the run read`;
}

interface WithoutRule {
  branches: string[];
  why: string;
}

/** The spec's words for a branch no rule of the reference could break (`x-branches-without-rule` of its operation). */
export function withoutRuleWhy(spec: Spec, tally: Pick<BranchTally, 'operation' | 'location' | 'branch'>) {
  const op = spec.operations.find((o) => o.operationId === tally.operation)?.operation as
    | { 'x-branches-without-rule'?: WithoutRule[] }
    | undefined;
  const branch = `${tally.location} ${tally.branch}`;
  return op?.['x-branches-without-rule']?.find((w) => w.branches.includes(branch))?.why;
}

/** A branch shown but judged by no rule: what its answers lacked, or the spec's words for why no rule applies. */
function unjudgedReason(spec: Spec, t: BranchTally): string {
  const seen = `seen in ${t.seen} answer${t.seen === 1 ? '' : 's'}, none judged by a rule beyond the schema check`;
  const why = withoutRuleWhy(spec, t);
  if (why) return `${seen}: no rule of the reference applies. ${why}`;
  const empty = t.branch === 'empty' ? ` (an empty ${t.location} gives a rule nothing to hold on)` : '';
  return `${seen}: no rule of the registry held or broke on those answers${empty}`;
}

/**
 * Each branch no answer showed, with why (issue 47: the target seemed not to hold it, or the run did not
 * reach it); and each branch shown but judged by no rule, with what its answers lacked.
 */
export function explainUnseen(
  spec: Spec,
  tallies: readonly BranchTally[],
  exchanges: readonly RunExchange[],
  context: UnseenContext,
): BranchTally[] {
  const answers = answersPerPlace(exchanges);
  const writes = new Set(spec.operations.filter((o) => o.method !== 'get').map((o) => o.operationId));
  return tallies.map((t) =>
    t.seen > 0
      ? t.judged > 0
        ? t
        : { ...t, why: unjudgedReason(spec, t) }
      : {
          ...t,
          why: reasonOf(t, answers.get(`${t.operation} ${t.status}`) ?? 0, writes.has(t.operation), context),
        },
  );
}
