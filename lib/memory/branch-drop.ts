import type { RunMemory } from './run-memory.ts';

/** An answer branch an earlier night's answers showed and tonight's do not (issue 47). */
export interface BranchDrop {
  /** `getOrderDiscounts 200 details[].type = cashback`. */
  branch: string;
  /** The last night that showed it. */
  lastSeen: string;
}

/**
 * The branches remembered as seen that tonight's answers did not show. Only a whole run that the judge
 * tallied is compared: a partial run or one without branches.json shows no branch as gone.
 */
export function branchDrop(
  memory: RunMemory | undefined,
  seenNow: readonly string[] | undefined,
  partial: boolean,
): BranchDrop[] {
  if (!seenNow || partial) return [];
  const now = new Set(seenNow);
  return Object.entries(memory?.branchesSeen ?? {})
    .filter(([branch]) => !now.has(branch))
    .map(([branch, lastSeen]) => ({ branch, lastSeen }))
    .sort((a, b) => a.branch.localeCompare(b.branch));
}

/**
 * Branch → the last night that showed it: tonight's date for each seen now, the remembered date for the
 * others, so a branch gone one night stays a drop the nights after; `accepting` (the baseline being
 * updated) forgets those a whole run did not show.
 */
export function nextBranchesSeen(
  memory: RunMemory | undefined,
  seenNow: readonly string[] | undefined,
  date: string,
  accepting: boolean,
  partial: boolean,
): Record<string, string> {
  const before = memory?.branchesSeen ?? {};
  if (!seenNow) return before;
  const now = new Set(seenNow);
  const forget = accepting && !partial;
  const kept = Object.entries(before).filter(([branch]) => !forget || now.has(branch));
  const tonight = seenNow.map((branch) => [branch, date] as const);
  return Object.fromEntries([...kept, ...tonight].sort(([a], [b]) => a.localeCompare(b)));
}

export const describeBranchDrop = (drop: BranchDrop): string =>
  `${drop.branch} (last seen ${drop.lastSeen}): not shown by tonight's answers`;
