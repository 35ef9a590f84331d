import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { memoryPath, nextMemory, readRunPresence } from '../../checks/presence.ts';
import {
  type CoverageDrop,
  coverageDrop,
  describeDrop,
  nextDiscovered,
  nextVerified,
  type RunTest,
} from '../../memory/coverage-drop.ts';
import {
  type Recheck,
  type RememberedData,
  readRechecks,
  readRunMemory,
  writeRunMemory,
} from '../../memory/run-memory.ts';
import type { TargetProfile } from '../../profile/types.ts';

type Profile = Pick<TargetProfile, 'name' | 'memory'>;

/** What this run's memory says against the last one: the coverage drop and the remembered data rechecked. */
export interface MemoryComparison {
  /** The memory file, when the target has one. */
  memory?: string;
  /** The date of the run compared with. */
  lastRun?: string;
  coverageDrop: CoverageDrop[];
  /** Remembered data read again by discovery: still qualifying, gone, or unreadable. */
  rechecks: Recheck[];
}

/** This run against the memory of the last (read before the verdict writes the new memory). */
export function compareWithMemory(profile: Profile, reports: string, tests: RunTest[]): MemoryComparison {
  const path = memoryPath(profile);
  const memory = readRunMemory(path);
  const rechecks = path ? readRechecks(reports) : [];
  return {
    ...(path ? { memory: path } : {}),
    ...(memory?.date ? { lastRun: memory.date } : {}),
    coverageDrop: coverageDrop(memory, tests, rechecks),
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

/**
 * Writes the target's memory: the fields this run's answers carried (presence), the data discovery
 * found, the requirements verified. Returns the console lines saying so.
 */
export function rememberRun(profile: Profile, reports: string, tests: RunTest[]): string[] {
  const path = memoryPath(profile);
  if (!path) return [];
  const previous = readRunMemory(path);
  const tonight = readRunPresence(reports);
  const rechecks = readRechecks(reports);
  const verified = nextVerified(previous, tests);
  const discovered = nextDiscovered(previous, foundByDiscovery(profile, reports), rechecks);
  writeRunMemory(path, {
    date: new Date().toISOString(),
    presence: nextMemory(previous?.presence, tonight),
    discovered,
    verified,
  });
  return [
    `memory: the fields of ${Object.keys(tonight).length} operations, ${discovered.length} data needs and ${verified.length} verified requirements written to ${path}`,
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
      `coverage drop: ${ids.size} requirements verified by the last run (${comparison.lastRun ?? 'undated'}) are not verified now`,
    );
    for (const d of drop) lines.push(`  ${describeDrop(d)}`);
  }
  return lines;
}
