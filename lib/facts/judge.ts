import type { Judgement } from '../judge/judgement.ts';
import { instantOf } from '../rules/instant.ts';
import type { Fact } from './extract.ts';
import type { Read } from './reads.ts';

/** The requirement of each kind of fact: the reference ties its reads together (spec/requirements/facts.yaml). */
export const FACT_REQUIREMENTS = {
  order: 'FACT-ORDER-READS',
  category: 'FACT-CATEGORY-READS',
  location: 'FACT-LOCATION-READS',
  message: 'FACT-MESSAGE-READS',
  shipment: 'FACT-SHIPMENT-READS',
  pack: 'FACT-PACK-READS',
  fiscal: 'FACT-FISCAL-READS',
  view: 'FACT-ORDER-PARTY-VIEWS',
} as const satisfies Record<Fact['kind'], string>;

/** The requirement of a place that shows part of a list another place shows whole (a discount's items). */
export const WITHIN_REQUIREMENTS = {
  order: 'FACT-DISCOUNT-ITEMS',
} as const satisfies Partial<Record<Fact['kind'], string>>;

export type FactRequirement =
  | (typeof FACT_REQUIREMENTS)[keyof typeof FACT_REQUIREMENTS]
  | (typeof WITHIN_REQUIREMENTS)[keyof typeof WITHIN_REQUIREMENTS];

/** Two reads this close in time show one state of a live server; further apart, it may have moved on. */
const CLOSE_MS = 30_000;

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T/;

const normalOfRead = new WeakMap<Read, string>();

/** A read's value as normal() spells it, computed once per read (a read is compared with many). */
function normalRead(read: Read): string {
  let found = normalOfRead.get(read);
  if (found === undefined) {
    found = normal(read.value);
    normalOfRead.set(read, found);
  }
  return found;
}

/** One value however it is spelled: a numeric string as its number, a timestamp as its instant. */
function normal(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map(normal));
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return JSON.stringify(Number(value));
  // One name however its accents are composed (NFC or NFD).
  if (typeof value === 'string' && !TIMESTAMP.test(value)) return JSON.stringify(value.normalize('NFC'));
  if (typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(instantOf(value)))
    return `instant ${instantOf(value)}`;
  return JSON.stringify(value);
}

const shown = (read: Read) =>
  `${read.place} at ${new Date(read.at).toISOString()} says ${JSON.stringify(read.value)}`;

/** A pair of reads from two places, close in time, that disagree; none when a place itself saw the value move. */
function disagreement(reads: Read[]): [Read, Read] | 'moved' | undefined {
  const byPlace = new Map<string, Set<string>>();
  for (const read of reads)
    byPlace.set(read.place, (byPlace.get(read.place) ?? new Set()).add(normalRead(read)));
  if ([...byPlace.values()].some((values) => values.size > 1)) return 'moved';
  for (const a of reads)
    for (const b of reads)
      if (a.place < b.place && normalRead(a) !== normalRead(b) && Math.abs(a.at - b.at) <= CLOSE_MS)
        return [a, b];
  return undefined;
}

/** Each part-read (`within`) judged against the whole reads close to it in time. */
function judgeWithin(key: string, parts: Read[], wholes: Read[]): Judgement[] {
  const requirement = WITHIN_REQUIREMENTS[parts[0]?.kind as keyof typeof WITHIN_REQUIREMENTS];
  if (!requirement || wholes.length === 0) return [];
  return parts.map((part): Judgement => {
    const instance = `${key}: ${part.place} within ${[...new Set(wholes.map((w) => w.place))].join(' / ')}`;
    const close = wholes.filter((w) => Math.abs(w.at - part.at) <= CLOSE_MS);
    if (close.length === 0)
      return {
        requirement,
        outcome: 'not judged',
        instance,
        reason: 'the reads were taken more than 30 s apart',
      };
    const whole = close[0] as Read;
    const members = new Set((Array.isArray(whole.value) ? whole.value : []).map(normal));
    const strays = (Array.isArray(part.value) ? part.value : []).filter((v) => !members.has(normal(v)));
    return strays.length === 0
      ? { requirement, outcome: 'held', instance }
      : { requirement, outcome: 'broken', instance, reason: `${shown(part)}; ${shown(whole)}` };
  });
}

/** The reads of one field of one instance in every place, the whole ones compared with each other. */
function judgeGroup(key: string, group: Read[]): Judgement[] {
  const wholes = group.filter((r) => !r.within);
  const parts = group.filter((r) => r.within);
  const judged = judgeWithin(key, parts, wholes);
  const places = [...new Set(wholes.map((r) => r.place))].sort();
  if (places.length < 2) return judged;
  const requirement = FACT_REQUIREMENTS[wholes[0]?.kind ?? 'order'];
  const instance = `${key}: ${places.join(' / ')}`;
  const found = disagreement(wholes);
  if (found === 'moved')
    return [
      ...judged,
      {
        requirement,
        outcome: 'not judged',
        instance,
        reason: 'the value changed between reads of one place (a live server)',
      },
    ];
  if (found !== undefined)
    return [
      ...judged,
      { requirement, outcome: 'broken', instance, reason: `${shown(found[0])}; ${shown(found[1])}` },
    ];
  const values = new Set(wholes.map(normalRead));
  if (values.size === 1) return [...judged, { requirement, outcome: 'held', instance }];
  return [
    ...judged,
    {
      requirement,
      outcome: 'not judged',
      instance,
      reason: 'the reads that differ were taken more than 30 s apart',
    },
  ];
}

/**
 * One fact, one value: every instance read in two places the reference ties together (an order in the
 * search and in its read…) has one value for each field both carry, and a place that shows part of a list
 * (a discount's items) names only elements of the whole. A difference between reads close in time breaks
 * the rule, naming both; a value that moved between reads of one place is a live server.
 */
export function judgeFacts(reads: Read[]): Judgement[] {
  const groups = new Map<string, Read[]>();
  for (const read of reads) {
    const key = `${read.kind} ${read.id} ${read.field}`;
    const group = groups.get(key);
    if (group) group.push(read);
    else groups.set(key, [read]);
  }
  return [...groups].flatMap(([key, group]) => judgeGroup(key, group));
}
