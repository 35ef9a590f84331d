import { type JudgedTest, judgedStatus, tallyJudgements } from '../judge/status.ts';
import { needOf } from '../profile/needs.ts';
import { lastVerifiedOf, type Recheck, type RememberedData, type RunMemory } from './run-memory.ts';

/** What the coverage drop needs of a test of the run (lib/report/verdict/results.ts TestRecord fits). */
export type RunTest = JudgedTest;

/** A requirement an earlier run verified and this one did not, with the data whose absence made it so. */
export interface CoverageDrop {
  requirement: string;
  /** The date of the last run that verified it. */
  lastVerified?: string;
  /** The data that vanished: the need and the value remembered for it (`orders.fraud = 2000000010`). */
  data: string;
  /** The read that showed it (the recheck of the remembered value, or what discovery could not find). */
  read: string;
  /** Set when a live server may change this data legitimately (a status moving on, a transient 206). */
  legitimate?: string;
  /** Why the test did not run this time (its skip reason). */
  skipped: string;
}

type Outcome = 'verified' | 'failed' | 'not verified';

/**
 * Each requirement some test of this run cites or judges: verified (an instance judged and held, none
 * broke), failed, or not verified (skipped, or no instance judged).
 */
export function requirementOutcomes(tests: RunTest[]): Map<string, Outcome> {
  const tallies = tallyJudgements(tests);
  // The run's judge cites every requirement of its rules; a night whose answers hold no instance of one is
  // no coverage drop of it: the judge counts through its judgements only, the tests through what they ask.
  const asking = tests.filter((t) => t.project !== 'judge');
  const ids = new Set([...asking.flatMap((t) => t.requirements), ...tallies.keys()]);
  const outcomes = new Map<string, Outcome>();
  for (const id of ids) {
    const status = judgedStatus(
      asking.filter((t) => t.requirements.includes(id)),
      tallies.get(id),
    );
    outcomes.set(id, status === 'verified' || status === 'failed' ? status : 'not verified');
  }
  return outcomes;
}

/**
 * Requirement id → the last run that verified it: tonight's date for each requirement verified now; the
 * remembered date for the others (failed, not verified, or not cited by this slice), so a requirement
 * that fails one night and goes unverified the next is still a coverage drop. `accepting` (the baseline
 * being updated) forgets the requirements this run cited and did not verify: the team accepts the drop.
 */
export function nextLastVerified(
  memory: RunMemory | undefined,
  tests: RunTest[],
  date: string,
  accepting = false,
): Record<string, string> {
  const outcomes = requirementOutcomes(tests);
  const kept = Object.entries(lastVerifiedOf(memory)).filter(
    ([id]) => !accepting || !outcomes.has(id) || outcomes.get(id) === 'verified',
  );
  const now = [...outcomes].filter(([, outcome]) => outcome === 'verified').map(([id]) => [id, date]);
  return Object.fromEntries([...kept, ...now].sort(([a], [b]) => String(a).localeCompare(String(b))));
}

/**
 * The data to remember: what discovery found now, and every remembered value not found again. A value
 * that no longer qualifies is kept too, so each night reads it again and a coverage drop names the same
 * data night after night (and a value that qualifies again is offered again); only `accepting` (the
 * baseline being updated: the team accepts the drop) forgets it.
 */
export function nextDiscovered(
  memory: RunMemory | undefined,
  found: RememberedData[],
  rechecks: Recheck[],
  accepting = false,
): RememberedData[] {
  const gone = new Set(rechecks.filter((r) => r.state === 'no longer qualifies').map((r) => r.need));
  const carried = (memory?.discovered ?? []).filter(
    (old) => !(accepting && gone.has(old.path)) && !found.some((f) => f.path === old.path),
  );
  return [...found.map(({ path, value, from }) => ({ path, value, from })), ...carried];
}

/** The data needs a skip names: "not verified: needs … (orders.fraud); …". */
function needsNamed(reason: string | undefined): string[] {
  const paths = [...(reason ?? '').matchAll(/\(([A-Za-z]+(?:\.[A-Za-z0-9_]+)+)\)/g)].map((m) => m[1] ?? '');
  return [...new Set(paths.filter((path) => needOf(path)))];
}

const shown = (value: unknown) => JSON.stringify(value);

function vanished(need: string, memory: RunMemory | undefined, rechecks: Recheck[]) {
  const recheck = rechecks.find((r) => r.need === need && r.state !== 'still qualifies');
  if (recheck) {
    const read = recheck.state === 'read failed' ? `read failed: ${recheck.read}` : recheck.read;
    return {
      data: `${need} = ${shown(recheck.value)}`,
      read,
      ...(recheck.legitimate ? { legitimate: recheck.legitimate } : {}),
    };
  }
  const remembered = memory?.discovered?.find((d) => d.path === need);
  if (remembered)
    return {
      data: `${need} = ${shown(remembered.value)}`,
      read: `not found again by this run's discovery (last found by ${remembered.from})`,
    };
  return { data: need, read: 'not given by the profile and not found by this run’s discovery' };
}

/**
 * Requirements an earlier run verified (the last run that verified each, not only the last run) that
 * this run cited but did not verify (every test citing them skipped or judged nothing), each with the
 * data whose absence skipped it, the read that showed it, and whether a live server may change that data
 * legitimately. A requirement no test of this run cites is not judged; one that failed is a failure, not a drop.
 */
export function coverageDrop(
  memory: RunMemory | undefined,
  tests: RunTest[],
  rechecks: Recheck[],
): CoverageDrop[] {
  const before = lastVerifiedOf(memory);
  const drops: CoverageDrop[] = [];
  for (const [id, outcome] of requirementOutcomes(tests)) {
    const lastVerified = before[id];
    if (lastVerified === undefined || outcome !== 'not verified') continue;
    const reasons = [
      ...new Set(tests.filter((t) => t.requirements.includes(id)).map((t) => t.skipReason ?? 'skipped')),
    ];
    const needs = [...new Set(reasons.flatMap(needsNamed))];
    const skipped = reasons.join('; ');
    const drop = { requirement: id, lastVerified, skipped };
    if (needs.length === 0) drops.push({ ...drop, data: '(no data named)', read: skipped });
    for (const need of needs) drops.push({ ...drop, ...vanished(need, memory, rechecks) });
  }
  return drops.sort((a, b) => a.requirement.localeCompare(b.requirement));
}

/** One line per drop, for the console and the index page. */
export function describeDrop(drop: CoverageDrop): string {
  const legitimate = drop.legitimate ? ` (may be legitimate: ${drop.legitimate})` : '';
  const when = drop.lastVerified ? ` (last verified ${drop.lastVerified})` : '';
  return `${drop.requirement}${when}: ${drop.data} vanished; ${drop.read}${legitimate}`;
}
