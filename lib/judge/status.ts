import type { CountedJudgement } from './judgement.ts';

/** What the requirement status needs of a test of the run (lib/report/verdict/results.ts TestRecord fits). */
export interface JudgedTest {
  title: string;
  project: string;
  requirements: string[];
  outcome: 'passed' | 'failed' | 'skipped';
  skipReason?: string;
  judgements: CountedJudgement[];
}

/** The judgements of one requirement over a run, counted. */
export interface JudgementTally {
  held: number;
  broken: number;
  notJudged: number;
  /** Held instances and their counts, most frequent first (at most 10). */
  heldOn: { instance: string; count: number }[];
  /** Why instances were not judged, with counts, most frequent first. */
  notJudgedWhy: { reason: string; count: number }[];
  /** The first broken instance's words, when one broke in a failed test. */
  brokenBy?: string;
  /** Tests that judged it. */
  tests: number;
}

export type JudgedStatus = 'verified' | 'failed' | 'not judged';

const top = (counts: Map<string, number>, keep: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, keep)
    .map(([key, count]) => ({ key, count }));

/**
 * Every requirement's judgements over the run. A broken judgement counts only in a test that failed: a
 * test that retried an assertion until it held (a live server moving on) passed on the instance it kept.
 */
export function tallyJudgements(tests: JudgedTest[]): Map<string, JudgementTally> {
  const raw = new Map<
    string,
    {
      held: Map<string, number>;
      why: Map<string, number>;
      broken: number;
      brokenBy?: string;
      tests: Set<string>;
    }
  >();
  for (const test of tests) {
    for (const j of test.judgements) {
      let entry = raw.get(j.requirement);
      if (!entry) {
        entry = { held: new Map(), why: new Map(), broken: 0, tests: new Set() };
        raw.set(j.requirement, entry);
      }
      entry.tests.add(`${test.project} ${test.title}`);
      if (j.outcome === 'held') entry.held.set(j.instance, (entry.held.get(j.instance) ?? 0) + j.count);
      else if (j.outcome === 'not judged') {
        const reason = j.reason ?? 'not judged';
        entry.why.set(reason, (entry.why.get(reason) ?? 0) + j.count);
      } else if (test.outcome === 'failed') {
        entry.broken += j.count;
        entry.brokenBy ??= `${j.instance}: ${j.reason ?? 'broken'}`;
      }
    }
  }
  const tallies = new Map<string, JudgementTally>();
  for (const [id, entry] of raw) {
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    tallies.set(id, {
      held: sum(entry.held),
      broken: entry.broken,
      notJudged: sum(entry.why),
      heldOn: top(entry.held, 10).map(({ key, count }) => ({ instance: key, count })),
      notJudgedWhy: top(entry.why, 10).map(({ key, count }) => ({ reason: key, count })),
      ...(entry.brokenBy ? { brokenBy: entry.brokenBy } : {}),
      tests: entry.tests.size,
    });
  }
  return tallies;
}

/**
 * A requirement's status from its judgements and the tests that cite it: failed when a citing test
 * failed or an instance broke in a failed test; verified only when at least one instance was judged and
 * held; not judged when a citing test passed without judging any instance of it. Undefined when no
 * test citing it ran and nothing judged it (the caller reads the skips).
 */
export function judgedStatus(
  citing: JudgedTest[],
  tally: JudgementTally | undefined,
): JudgedStatus | undefined {
  if (citing.some((t) => t.outcome === 'failed') || (tally?.broken ?? 0) > 0) return 'failed';
  if ((tally?.held ?? 0) > 0) return 'verified';
  if (citing.some((t) => t.outcome === 'passed') || (tally?.notJudged ?? 0) > 0) return 'not judged';
  return undefined;
}

/** The words of a tally for a reader: "held on 14 instances in 3 tests (getOrder 200 ×12, …)". */
export function describeTally(tally: JudgementTally | undefined): string {
  if (!tally) return 'no instance judged';
  const parts: string[] = [];
  if (tally.held > 0) {
    const on = tally.heldOn
      .slice(0, 3)
      .map((h) => (h.count > 1 ? `${h.instance} ×${h.count}` : h.instance))
      .join('; ');
    parts.push(
      `held on ${tally.held} instance${tally.held === 1 ? '' : 's'} in ${tally.tests} test${tally.tests === 1 ? '' : 's'} (${on})`,
    );
  }
  if (tally.broken > 0) parts.push(`broken on ${tally.broken} (${tally.brokenBy})`);
  if (tally.notJudged > 0)
    parts.push(
      `not judged on ${tally.notJudged}: ${tally.notJudgedWhy
        .slice(0, 3)
        .map((w) => `${w.reason}${w.count > 1 ? ` ×${w.count}` : ''}`)
        .join('; ')}`,
    );
  return parts.join('; ') || 'no instance judged';
}
