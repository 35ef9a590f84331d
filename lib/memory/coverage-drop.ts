import { type JudgedTest, judgedStatus, tallyJudgements } from '../judge/status.ts';
import { needOf } from '../profile/needs.ts';
import type { Recheck, RememberedData, RunMemory } from './run-memory.ts';

/** What the coverage drop needs of a test of the run (lib/report/verdict/results.ts TestRecord fits). */
export type RunTest = JudgedTest;

/** A requirement verified by the last run and not by this one, with the data whose absence made it so. */
export interface CoverageDrop {
  requirement: string;
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
  const ids = new Set([...tests.flatMap((t) => t.requirements), ...tallies.keys()]);
  const outcomes = new Map<string, Outcome>();
  for (const id of ids) {
    const status = judgedStatus(
      tests.filter((t) => t.requirements.includes(id)),
      tallies.get(id),
    );
    outcomes.set(id, status === 'verified' || status === 'failed' ? status : 'not verified');
  }
  return outcomes;
}

/** The requirements to remember as verified: this run's, and those of the last run no test of this run cited (a slice). */
export function nextVerified(memory: RunMemory | undefined, tests: RunTest[]): string[] {
  const outcomes = requirementOutcomes(tests);
  const kept = (memory?.verified ?? []).filter((id) => !outcomes.has(id));
  const now = [...outcomes].filter(([, outcome]) => outcome === 'verified').map(([id]) => id);
  return [...new Set([...now, ...kept])].sort();
}

/** The data to remember: what discovery found now, and remembered data not found again but not shown to have gone. */
export function nextDiscovered(
  memory: RunMemory | undefined,
  found: RememberedData[],
  rechecks: Recheck[],
): RememberedData[] {
  const gone = new Set(rechecks.filter((r) => r.state === 'no longer qualifies').map((r) => r.need));
  const carried = (memory?.discovered ?? []).filter(
    (old) => !gone.has(old.path) && !found.some((f) => f.path === old.path),
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
 * Requirements the last run verified that this run cited but did not verify (every test citing them
 * skipped), each with the data whose absence skipped it, the read that showed it, and whether a live
 * server may change that data legitimately. A requirement no test of this run cites is not judged.
 */
export function coverageDrop(
  memory: RunMemory | undefined,
  tests: RunTest[],
  rechecks: Recheck[],
): CoverageDrop[] {
  const before = new Set(memory?.verified ?? []);
  const drops: CoverageDrop[] = [];
  for (const [id, outcome] of requirementOutcomes(tests)) {
    if (!before.has(id) || outcome !== 'not verified') continue;
    const reasons = [
      ...new Set(tests.filter((t) => t.requirements.includes(id)).map((t) => t.skipReason ?? 'skipped')),
    ];
    const needs = [...new Set(reasons.flatMap(needsNamed))];
    const skipped = reasons.join('; ');
    if (needs.length === 0) drops.push({ requirement: id, data: '(no data named)', read: skipped, skipped });
    for (const need of needs) drops.push({ requirement: id, ...vanished(need, memory, rechecks), skipped });
  }
  return drops.sort((a, b) => a.requirement.localeCompare(b.requirement));
}

/** One line per drop, for the console and the index page. */
export function describeDrop(drop: CoverageDrop): string {
  const legitimate = drop.legitimate ? ` (may be legitimate: ${drop.legitimate})` : '';
  return `${drop.requirement}: ${drop.data} vanished; ${drop.read}${legitimate}`;
}
