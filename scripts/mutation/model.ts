import { loadRequirements } from '../../lib/catalog/requirements.ts';
import { requirementOutcomes } from '../../lib/memory/coverage-drop.ts';
import type { TestRecord } from '../../lib/report/verdict/results.ts';
import type { Fault, FaultClass } from '../../mock/faults/kit.ts';
import type { SuiteProfile, SuiteRun } from './run.ts';

/** What one profile's run did to one fault. */
export interface ProfileOutcome {
  /** false when the fault was not run under this profile (it needs a write and the profile forbids writes). */
  ran: boolean;
  killed: boolean;
  /** Tests that failed against the fault and passed on the faithful mock under the same profile. */
  killedBy: string[];
  /** Tests that failed against the fault but also fail on the faithful mock: never counted as kills. */
  ignoredFailures: string[];
  seconds: number;
  /**
   * Requirements the faithful mock's run verified under this profile and the fault's run did not (its
   * tests skipped for lack of data): what the target's memory reports as a coverage drop. Kept for
   * the profile that discovers its data (seller and buyer only).
   */
  coverageDrop?: string[];
}

export interface FaultOutcome {
  fault: string;
  /** disagreeing, meaning, hidden-deep or other (absent in reports made before the classes). */
  faultClass?: FaultClass;
  requirement: string;
  description: string;
  needsWrite?: string;
  breaksGap?: string;
  full: ProfileOutcome;
  readonly: ProfileOutcome;
  /** Seller and buyer only, discovery, read-only; absent in reports made before this profile. */
  two?: ProfileOutcome;
}

export interface Score {
  profile: SuiteProfile['id'];
  title: string;
  killed: number;
  /** Faults this profile can observe (all for full; those without needsWrite for read-only). */
  observable: number;
  /** Faults only a write reveals, counted apart. */
  writeOnly: number;
  /** Faults that break only a choice the reference leaves open, counted apart. */
  gapOnly: number;
  percent: number;
  /** Seller and buyer only: faults killed by a test or shown by a coverage drop against the last run's memory. */
  killedWithMemory?: number;
  percentWithMemory?: number;
}

export interface FaithfulRun {
  profile: SuiteProfile['id'];
  passed: number;
  failed: string[];
  skipped: number;
  seconds: number;
}

interface MockOnlyTest {
  title: string;
  requirements: { id: string; basis: string; text: string }[];
  /** What the test depends on that the reference leaves open, or that it asserts the mock's own data. */
  gap: string;
}

export interface MutationReport {
  date: string;
  faithful: FaithfulRun[];
  scores: Score[];
  outcomes: FaultOutcome[];
  mockOnly: MockOnlyTest[];
  /** What a reader must know about how the figures were gathered (e.g. a merge of partial runs). */
  note?: string;
}

export const NOT_RUN: ProfileOutcome = {
  ran: false,
  killed: false,
  killedBy: [],
  ignoredFailures: [],
  seconds: 0,
};

/** Requirements verified by the faithful run that the fault's run cited without verifying (all its tests skipped). */
function coverageDropOf(faithful: TestRecord[], run: TestRecord[]): string[] {
  const before = requirementOutcomes(faithful);
  return [...requirementOutcomes(run)]
    .filter(([id, outcome]) => outcome === 'not verified' && before.get(id) === 'verified')
    .map(([id]) => id)
    .sort();
}

/**
 * A kill counts only through a test that passes on the faithful mock under the same profile. With
 * the faithful run's tests, the requirements the fault left unverified are kept too (coverageDrop).
 */
export function judge(
  run: SuiteRun,
  faithfulPassed: ReadonlySet<string>,
  faithfulTests?: TestRecord[],
): ProfileOutcome {
  const killedBy = run.failed.filter((title) => faithfulPassed.has(title));
  return {
    ...(faithfulTests ? { coverageDrop: coverageDropOf(faithfulTests, run.tests) } : {}),
    ran: true,
    killed: killedBy.length > 0,
    killedBy: killedBy.slice(0, 3),
    ignoredFailures: run.failed.filter((title) => !faithfulPassed.has(title)).slice(0, 3),
    seconds: run.seconds,
  };
}

export function faithfulSummary(profile: SuiteProfile, run: SuiteRun): FaithfulRun {
  return {
    profile: profile.id,
    passed: run.passed.length,
    failed: run.failed,
    skipped: run.tests.filter((t) => t.outcome === 'skipped').length,
    seconds: run.seconds,
  };
}

const outcomeOf = (o: FaultOutcome, profile: SuiteProfile['id']): ProfileOutcome => o[profile] ?? NOT_RUN;

/** Killed by a test, or (seller and buyer only) shown by a coverage drop. */
export const seenWithMemory = (o: ProfileOutcome): boolean => o.killed || (o.coverageDrop?.length ?? 0) > 0;

export function score(profile: SuiteProfile, outcomes: FaultOutcome[]): Score {
  const observable = outcomes.filter((o) => profile.id === 'full' || (!o.needsWrite && !o.breaksGap));
  const killed = observable.filter((o) => outcomeOf(o, profile.id).killed).length;
  const percentOf = (n: number) => (observable.length ? Math.round((n / observable.length) * 1000) / 10 : 0);
  const withMemory = observable.filter((o) => seenWithMemory(outcomeOf(o, profile.id))).length;
  return {
    ...(profile.id === 'two'
      ? { killedWithMemory: withMemory, percentWithMemory: percentOf(withMemory) }
      : {}),
    profile: profile.id,
    title: profile.title,
    killed,
    observable: observable.length,
    writeOnly: profile.id === 'full' ? 0 : outcomes.filter((o) => o.needsWrite).length,
    gapOnly: profile.id === 'full' ? 0 : outcomes.filter((o) => !o.needsWrite && o.breaksGap).length,
    percent: observable.length ? Math.round((killed / observable.length) * 1000) / 10 : 0,
  };
}

/** The @mock-only tests of the full faithful run, each with the reference gap it depends on. */
export function mockOnlyTests(tests: TestRecord[]): MockOnlyTest[] {
  const catalog = new Map(loadRequirements().map((r) => [r.id, r]));
  return tests
    .filter((t) => t.tags.includes('@mock-only'))
    .map((t) => {
      const requirements = t.requirements.map((id) => ({
        id,
        basis: catalog.get(id)?.basis ?? 'unknown',
        text: catalog.get(id)?.text ?? '',
      }));
      const gaps = requirements.filter((r) => r.basis === 'gap').map((r) => `${r.id}: ${r.text}`);
      // A test of documented rules only stays mock-only when it asserts the mock's own data (values, counts).
      const gap = gaps.length ? gaps.join(' ') : 'no gap requirement: asserts the mock’s own seed data';
      return { title: t.title, requirements, gap };
    })
    .sort((a, b) => a.title.localeCompare(b.title));
}

export function toOutcome(
  fault: Fault,
  full: ProfileOutcome,
  readonly: ProfileOutcome,
  two?: ProfileOutcome,
): FaultOutcome {
  return {
    fault: fault.name,
    faultClass: fault.faultClass ?? 'other',
    requirement: fault.requirement,
    description: fault.description,
    ...(fault.needsWrite ? { needsWrite: fault.needsWrite } : {}),
    ...(fault.breaksGap ? { breaksGap: fault.breaksGap } : {}),
    full,
    readonly,
    ...(two ? { two } : {}),
  };
}

/** One class of faults under each profile: killed of those the profile can observe. */
export interface ClassTally {
  faultClass: FaultClass;
  faults: number;
  byProfile: { profile: SuiteProfile['id']; killed: number; observable: number }[];
}

const CLASSES: FaultClass[] = ['disagreeing', 'meaning', 'hidden-deep', 'other'];

/** The faults of each class and how many each profile killed (issue 36: the report by class). */
export function classTallies(outcomes: FaultOutcome[]): ClassTally[] {
  const profiles = (['full', 'readonly', 'two'] as const).filter((p) => outcomes.some((o) => o[p]?.ran));
  return CLASSES.map((faultClass) => {
    const mine = outcomes.filter((o) => (o.faultClass ?? 'other') === faultClass);
    return {
      faultClass,
      faults: mine.length,
      byProfile: profiles.map((profile) => {
        const observable = mine.filter((o) => profile === 'full' || (!o.needsWrite && !o.breaksGap));
        return {
          profile,
          killed: observable.filter((o) => o[profile]?.killed).length,
          observable: observable.length,
        };
      }),
    };
  }).filter((tally) => tally.faults > 0);
}
