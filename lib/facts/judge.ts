import type { Judgement } from '../judge/judgement.ts';
import type { Fact } from './extract.ts';
import type { Read } from './reads.ts';

/** The requirement of each kind of fact: the reference ties its reads together (spec/requirements/facts.yaml). */
export const FACT_REQUIREMENTS = {
  order: 'FACT-ORDER-READS',
  category: 'FACT-CATEGORY-READS',
  location: 'FACT-LOCATION-READS',
  message: 'FACT-MESSAGE-READS',
} as const satisfies Record<Fact['kind'], string>;

/** Two reads this close in time show one state of a live server; further apart, it may have moved on. */
const CLOSE_MS = 30_000;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

/** One value however it is spelled: a numeric string as its number, a timestamp as its instant. */
function normal(value: unknown): string {
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return JSON.stringify(Number(value));
  if (typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value)))
    return `instant ${Date.parse(value)}`;
  return JSON.stringify(value);
}

const shown = (read: Read) =>
  `${read.place} at ${new Date(read.at).toISOString()} says ${JSON.stringify(read.value)}`;

/** A pair of reads from two places, close in time, that disagree; none when a place itself saw the value move. */
function disagreement(reads: Read[]): [Read, Read] | 'moved' | undefined {
  const byPlace = new Map<string, Set<string>>();
  for (const read of reads)
    byPlace.set(read.place, (byPlace.get(read.place) ?? new Set()).add(normal(read.value)));
  if ([...byPlace.values()].some((values) => values.size > 1)) return 'moved';
  for (const a of reads)
    for (const b of reads)
      if (a.place < b.place && normal(a.value) !== normal(b.value) && Math.abs(a.at - b.at) <= CLOSE_MS)
        return [a, b];
  return undefined;
}

/**
 * One fact, one value: every instance read in two places the reference ties together (an order in the
 * search and in its read…) has one value for each field both carry. A difference between reads close in
 * time breaks the rule, naming both; a value that moved between reads of one place is a live server.
 */
export function judgeFacts(reads: Read[]): Judgement[] {
  const groups = new Map<string, Read[]>();
  for (const read of reads) {
    const key = `${read.kind} ${read.id} ${read.field}`;
    groups.set(key, [...(groups.get(key) ?? []), read]);
  }
  const judgements: Judgement[] = [];
  for (const [key, group] of groups) {
    const places = [...new Set(group.map((r) => r.place))].sort();
    if (places.length < 2) continue;
    const requirement = FACT_REQUIREMENTS[group[0]?.kind ?? 'order'];
    const instance = `${key}: ${places.join(' / ')}`;
    const found = disagreement(group);
    if (found === undefined) {
      const values = new Set(group.map((r) => normal(r.value)));
      if (values.size === 1) judgements.push({ requirement, outcome: 'held', instance });
      else
        judgements.push({
          requirement,
          outcome: 'not judged',
          instance,
          reason: 'the reads that differ were taken more than 30 s apart',
        });
    } else if (found === 'moved')
      judgements.push({
        requirement,
        outcome: 'not judged',
        instance,
        reason: 'the value changed between reads of one place (a live server)',
      });
    else
      judgements.push({
        requirement,
        outcome: 'broken',
        instance,
        reason: `${shown(found[0])}; ${shown(found[1])}`,
      });
  }
  return judgements;
}
