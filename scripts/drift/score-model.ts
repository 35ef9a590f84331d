/** The drift score's figures: which faults a read-only drift run catches, and why it misses the others. */
import { FAULTS } from '../../mock/faults/catalog.ts';

export interface FaultCatch {
  fault: string;
  requirement: string;
  description: string;
  /** A difference decided by the reference names the fault's requirement, the target breaking it. */
  caught: boolean;
  /** The requirements of every decided difference the run showed. */
  decided: string[];
  /** Groups of differences where the reference is silent. */
  silent: number;
  /** Why the drift run cannot show the fault (a miss only). */
  why?: string;
  /** Set when the fault breaks only a choice the reference leaves open: counted apart. */
  breaksGap?: string;
}

export interface DriftScore {
  date: string;
  sampling: { seed: number; runs: number };
  /** Faults counted: observable by a read-only run and breaking something the reference states. */
  observable: number;
  caught: number;
  percent: number;
  /** Faults only a write reveals: not run (a read-only drift run sends no write). */
  writeOnly: number;
  /** Faults that break only a gap of the reference: run, but no difference can be decided. */
  gapOnly: number;
  outcomes: FaultCatch[];
}

/** Why a read-only drift run cannot show a fault it misses, as the runs showed (read by the report). */
export const MISS_REASONS: Record<string, string> = {
  'category-path-truncated':
    "every path loses its last element alike, so each child's path still starts with its parent's and holds the parent " +
    '(CAT-PATH-EXTENDS holds on both sides); only "the path ends with the category itself" sees it, which the reference ' +
    'does not state (CAT-PATH-SELF is a gap): drift shows the difference as reference silent',
  'delivery-promise-dropped':
    'the reference says delivery promises are reflected in GET /shipments/{id} without saying where in the body; ' +
    'a shipment read without lead_time.estimated_delivery_time breaks no statement, so drift shows the missing ' +
    'field as reference silent (the suite likewise skips its read-only check as not verified)',
};

export function summarizeScore(
  outcomes: FaultCatch[],
  sampling: DriftScore['sampling'],
  writeOnly: number,
): DriftScore {
  const gaps = new Map(FAULTS.map((f) => [f.name, f.breaksGap]));
  const marked = outcomes.map((o) => {
    const breaksGap = gaps.get(o.fault);
    return breaksGap ? { ...o, breaksGap, why: o.caught ? undefined : breaksGap } : o;
  });
  const counted = marked.filter((o) => !o.breaksGap);
  const caught = counted.filter((o) => o.caught).length;
  return {
    date: new Date().toISOString(),
    sampling,
    observable: counted.length,
    caught,
    percent: counted.length ? Math.round((caught / counted.length) * 1000) / 10 : 0,
    writeOnly,
    gapOnly: marked.length - counted.length,
    outcomes: marked,
  };
}
