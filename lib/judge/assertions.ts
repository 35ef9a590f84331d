import { type CountedJudgement, JudgementLog, requirementOfMessage } from './judgement.ts';

/** An assertion of a test as the runner reports it: its title (the message given to `expect`) and outcome. */
export interface AssertionStep {
  title: string;
  /** The first line of its error, when it failed. */
  error?: string;
}

/**
 * A test's judgements: those it recorded (`notJudged`, the checks of its answers) and its assertions. An
 * assertion whose message starts with a requirement id judges it on the instance the message names: held
 * when it passed, broken when it failed. A test that cites one requirement only judges it with every
 * assertion it made without naming it; a test citing several judges each only where an assertion names it.
 */
export function judgementsOf(
  recorded: CountedJudgement[],
  assertions: AssertionStep[],
  cited: string[],
): CountedJudgement[] {
  const log = new JudgementLog();
  for (const { count, ...judgement } of recorded) for (let i = 0; i < count; i += 1) log.add(judgement);
  let unnamed = 0;
  for (const step of assertions) {
    const named = requirementOfMessage(step.title);
    if (!named) {
      if (step.error === undefined) unnamed += 1;
      continue;
    }
    log.add({
      requirement: named.id,
      outcome: step.error === undefined ? 'held' : 'broken',
      instance: named.rest || '(the assertion)',
      ...(step.error === undefined ? {} : { reason: step.error }),
    });
  }
  const [only] = cited;
  if (cited.length === 1 && only && unnamed > 0 && !log.list().some((j) => j.requirement === only))
    log.add({ requirement: only, outcome: 'held', instance: `the test's ${unnamed} assertion(s)` });
  return log.list();
}
