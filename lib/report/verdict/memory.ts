import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryPath, mergePresence, type Presence, readRunPresence } from '../../checks/presence.ts';
import {
  type BranchDrop,
  branchDrop,
  describeBranchDrop,
  nextBranchesSeen,
} from '../../memory/branch-drop.ts';
import {
  type CoverageDrop,
  coverageDrop,
  describeDrop,
  nextDiscovered,
  nextLastVerified,
  type RunTest,
} from '../../memory/coverage-drop.ts';
import { type RunScope, runScope, testsThatRan } from '../../memory/partial.ts';
import {
  type Recheck,
  type RememberedData,
  type RunMemory,
  readRechecks,
  readRunMemory,
  writeRunMemory,
} from '../../memory/run-memory.ts';
import type { TargetProfile } from '../../profile/types.ts';
import { readBranches, seenKeys } from '../../run-judge/branches-file.ts';

type Profile = Pick<TargetProfile, 'name' | 'memory'>;

/** What this run's memory says against the last one: the coverage drop and the remembered data rechecked. */
export interface MemoryComparison {
  /** The memory file, when the target has one. */
  memory?: string;
  /** The date of the run compared with. */
  lastRun?: string;
  coverageDrop: CoverageDrop[];
  /** Answer branches an earlier night showed and this run's answers did not (issue 47). */
  branchDrop?: BranchDrop[];
  /** Remembered data read again by discovery: still qualifying, gone, or unreadable. */
  rechecks: Recheck[];
}

const scopeOf = (reports: string): RunScope => runScope(join(reports, 'results.json'));

/** The branches this run's answers showed; undefined when its judge wrote none. */
const branchesSeenNow = (reports: string) => {
  const file = readBranches(reports);
  return file ? seenKeys(file) : undefined;
};

/** This run against the memory of the last (read before the verdict writes the new memory). */
export function compareWithMemory(profile: Profile, reports: string, tests: RunTest[]): MemoryComparison {
  const path = memoryPath(profile);
  const memory = readRunMemory(path);
  const rechecks = path ? readRechecks(reports) : [];
  const scope = scopeOf(reports);
  return {
    ...(path ? { memory: path } : {}),
    ...(memory?.date ? { lastRun: memory.date } : {}),
    coverageDrop: coverageDrop(memory, testsThatRan(tests, scope), rechecks),
    branchDrop: branchDrop(memory, branchesSeenNow(reports), Boolean(scope.partial)),
    rechecks,
  };
}

/** The data this run's discovery found, if discovery.json is of this target. */
function foundByDiscovery(profile: Profile, reports: string): RememberedData[] {
  const file = join(reports, 'discovery.json');
  if (!existsSync(file)) return [];
  const result = JSON.parse(readFileSync(file, 'utf8')) as { target?: string; found?: RememberedData[] };
  return result.target === profile.name ? (result.found ?? []) : [];
}

/** How the run that is remembered ended: its verdict, and whether the baseline is being updated from it. */
export interface RunEnd {
  passed: boolean;
  /** --update-baseline: tonight's answers and coverage are accepted as they are. */
  accepting: boolean;
}

/**
 * The fields to remember: the remembered runs' tallies plus tonight's, only when tonight's verdict
 * passed or the baseline accepts it. A failing night is never remembered, so a field that disappeared
 * keeps failing every night until `--update-baseline` accepts its absence.
 */
function nextPresence(previous: RunMemory | undefined, tonight: Presence, end: RunEnd, date: string) {
  const remember = end.passed || end.accepting;
  if (!remember || Object.keys(tonight).length === 0) {
    const { presenceDate, presenceRuns } = previous ?? {};
    return { presence: previous?.presence ?? {}, presenceDate, presenceRuns, remembered: false };
  }
  return {
    presence: mergePresence([previous?.presence ?? {}, tonight]),
    presenceDate: date,
    presenceRuns: (previous?.presenceRuns ?? 0) + 1,
    remembered: true,
  };
}

function fieldsNotRemembered(end: RunEnd): string {
  if (end.passed || end.accepting) return 'no field answered';
  return 'the fields of this failing run not remembered (a field that disappeared fails again until --update-baseline accepts it)';
}

/**
 * Writes the target's memory: the fields answered (summed over the runs remembered; see nextPresence),
 * the data discovery found, the last run that verified each requirement. Returns the console lines saying so.
 */
export function rememberRun(profile: Profile, reports: string, tests: RunTest[], end: RunEnd): string[] {
  const path = memoryPath(profile);
  if (!path) return [];
  const previous = readRunMemory(path);
  const tonight = readRunPresence(reports);
  const rechecks = readRechecks(reports);
  const date = new Date().toISOString();
  const scope = scopeOf(reports);
  const lastVerified = nextLastVerified(previous, testsThatRan(tests, scope), date, end.accepting);
  const discovered = nextDiscovered(previous, foundByDiscovery(profile, reports), rechecks, end.accepting);
  const { remembered, ...presence } = nextPresence(previous, tonight, end, date);
  const seen = branchesSeenNow(reports);
  const branchesSeen = nextBranchesSeen(previous, seen, date, end.accepting, Boolean(scope.partial));
  writeRunMemory(path, { date, ...presence, discovered, lastVerified, branchesSeen });
  const fields = remembered
    ? `the fields of ${Object.keys(tonight).length} operations remembered (${presence.presenceRuns} runs summed)`
    : fieldsNotRemembered(end);
  const partial = scope.partial
    ? ` (a partial run: ${scope.partial}; it adds to the memory, never replaces it)`
    : '';
  return [
    `memory: ${fields}; ${discovered.length} data needs, ${Object.keys(lastVerified).length} verified requirements and ${Object.keys(branchesSeen).length} answer branches seen written to ${path}${partial}`,
  ];
}

/** The console lines of the comparison: remembered data gone, then the coverage drop. */
export function describeComparison(comparison: MemoryComparison): string[] {
  const gone = comparison.rechecks.filter((r) => r.state !== 'still qualifies');
  const lines: string[] = [];
  if (gone.length > 0) {
    lines.push(`remembered data that no longer qualifies: ${gone.length}`);
    for (const r of gone)
      lines.push(
        `  ${r.need} = ${JSON.stringify(r.value)}: ${r.state}; ${r.read}${r.legitimate ? ` (may be legitimate: ${r.legitimate})` : ''}`,
      );
  }
  const drop = comparison.coverageDrop;
  if (drop.length > 0) {
    const ids = new Set(drop.map((d) => d.requirement));
    lines.push(
      `coverage drop: ${ids.size} requirements verified by the last run that verified each are not verified now`,
    );
    for (const d of drop) lines.push(`  ${describeDrop(d)}`);
  }
  const branches = comparison.branchDrop ?? [];
  if (branches.length > 0) {
    lines.push(`branch drop: ${branches.length} answer branches an earlier night showed are not shown now`);
    for (const b of branches.slice(0, 20)) lines.push(`  ${describeBranchDrop(b)}`);
    if (branches.length > 20) lines.push(`  … and ${branches.length - 20} more (verdict.json branchDrop)`);
  }
  return lines;
}
