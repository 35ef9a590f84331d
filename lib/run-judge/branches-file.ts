import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BranchTally, type BranchTotals, branchTotals } from './branches.ts';

/** What the run's judge wrote of the answer branches (tests/judge/run.spec.ts): every branch and its tally. */
export interface BranchesFile {
  totals: BranchTotals;
  /** Per operation: its branches in the spec, seen and judged. */
  operations: ({ operation: string } & BranchTotals)[];
  branches: BranchTally[];
}

export const branchesPath = (reportsDir: string) => join(reportsDir, 'branches.json');

function perOperation(tallies: readonly BranchTally[]): BranchesFile['operations'] {
  const names = [...new Set(tallies.map((t) => t.operation))];
  return names.map((operation) => ({
    operation,
    ...branchTotals(tallies.filter((t) => t.operation === operation)),
  }));
}

export function branchesFileOf(tallies: readonly BranchTally[]): BranchesFile {
  return { totals: branchTotals(tallies), operations: perOperation(tallies), branches: [...tallies] };
}

export function writeBranches(reportsDir: string, tallies: readonly BranchTally[]): void {
  writeFileSync(branchesPath(reportsDir), `${JSON.stringify(branchesFileOf(tallies), null, 1)}\n`);
}

/** The branches of the run as its judge tallied them; undefined when the judge did not run. */
export function readBranches(reportsDir: string): BranchesFile | undefined {
  const path = branchesPath(reportsDir);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as BranchesFile) : undefined;
}

/** The keys of the branches the run's answers showed. */
export const seenKeys = (file: BranchesFile | undefined): string[] =>
  (file?.branches ?? []).filter((b) => b.seen > 0).map((b) => b.key);
