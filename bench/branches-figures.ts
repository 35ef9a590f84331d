import type { BranchesFile } from '../lib/run-judge/branches-file.ts';

/** One target's held branches against what its run saw and judged (issue 47). */
export interface TargetFigures {
  name: string;
  /** The alternate mock must judge 95% of what it holds; the embedded mock's shortfall is listed only. */
  alternate: boolean;
  status: number | null;
  /** Where the run's branches came from: this run, or a run bench/relations.ts left. */
  source: string;
  reads: number;
  held: number;
  seen: number;
  judged: number;
  /** The held branches no answer of the run showed, by operation. */
  unseen: Map<string, string[]>;
  /** The held branches seen but judged by no rule, each with the run's reason (branches.json). */
  unjudged: { key: string; why: string }[];
}

export const JUDGED_SHARE_REQUIRED = 0.95;

const operationOf = (key: string) => key.split(' ')[0] ?? '';

function byOperation(keys: readonly string[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of keys) {
    const op = operationOf(key);
    groups.set(op, [...(groups.get(op) ?? []), key.slice(op.length + 1)]);
  }
  return new Map([...groups].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])));
}

/**
 * `getOrder 200 status = paid` → `getOrder 2xx status = paid`: whether a read is answered 200 or a transient
 * 206 (Orders rule 1) is the server's moment, not its data; the twin and the run may differ there.
 */
const anySuccess = (key: string) => key.replace(/^(\S+) 2\d\d /, '$1 2xx ');

/** Per branch whatever the success status: seen and judged over every 2xx answer that showed it. */
interface AnySuccess {
  seen: number;
  judged: number;
  why?: string;
}

function tallyAnySuccess(run: BranchesFile | undefined): Map<string, AnySuccess> {
  const tallies = new Map<string, AnySuccess>();
  for (const b of run?.branches ?? []) {
    const t = tallies.get(anySuccess(b.key)) ?? { seen: 0, judged: 0 };
    const why = t.why ?? b.why;
    tallies.set(anySuccess(b.key), {
      seen: t.seen + b.seen,
      judged: t.judged + b.judged,
      ...(why ? { why } : {}),
    });
  }
  return tallies;
}

export function figuresOf(
  target: Pick<TargetFigures, 'name' | 'alternate' | 'status' | 'source' | 'reads'>,
  held: readonly string[],
  run: BranchesFile | undefined,
): TargetFigures {
  const tallies = tallyAnySuccess(run);
  const seen = held.filter((key) => (tallies.get(anySuccess(key))?.seen ?? 0) > 0);
  const judged = held.filter((key) => (tallies.get(anySuccess(key))?.judged ?? 0) > 0);
  const seenSet = new Set(seen);
  return {
    ...target,
    held: held.length,
    seen: seen.length,
    judged: judged.length,
    unseen: byOperation(held.filter((key) => !seenSet.has(key))),
    unjudged: seen
      .filter((key) => !judged.includes(key))
      .map((key) => ({ key, why: tallies.get(anySuccess(key))?.why ?? 'no reason given' })),
  };
}

export const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
export const percent = (part: number, whole: number) => `${(share(part, whole) * 100).toFixed(1)}%`;

/** An alternate target judging less than 95% of what it holds fails the bench. */
export const fails = (f: TargetFigures) => f.alternate && share(f.judged, f.held) < JUDGED_SHARE_REQUIRED;
