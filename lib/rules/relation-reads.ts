import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { isObject, type Json, notJudged, successBody, verdict } from './meaning-kit.ts';
import {
  joinPath,
  type ListedRelation,
  type PlacedRelation,
  type SameAsReadRelation,
} from './relation-data.ts';
import { idKey, reach, sameValue, valueAt } from './relation-paths.ts';

/**
 * The relations across the answers of a run: an id with its attributes against the resource's own read
 * (same-as-read), a resource read by id in its parent's list (listed). The judge cannot read again, so
 * where a live server may have moved on between two reads (further apart than CLOSE_MS, or a field the
 * reference lets change) the pair is not judged, with the reason, rather than broken.
 */

/** Two reads this close in time show one state of a live server; further apart, it may have moved on. */
const CLOSE_MS = 30_000;

interface Read {
  body: Json;
  at: number;
  exchange: Exchange;
}

interface Mention {
  relation: SameAsReadRelation;
  values: Json;
  where: string;
  at: number;
}

interface Index {
  seen: number;
  reads: Map<string, Read[]>;
  /** The same reads by operation alone. */
  readsOf: Map<string, Read[]>;
  mentions: Map<string, Mention[]>;
}

const readKey = (operation: string, id: unknown) => `${operation} ${idKey(id) ?? ''}`;
const timeOf = (exchange: Exchange) => exchange.endedMs || exchange.startedMs;
function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const mentionsKept = new WeakMap<Exchange, [string, Mention][]>();

/** The ids an answer mentions with their attributes, per same-as-read relation placed in it (once per answer). */
function mentionsOf(exchange: Exchange, placed: readonly PlacedRelation[]): [string, Mention][] {
  const kept = mentionsKept.get(exchange);
  if (kept) return kept;
  const found = findMentions(exchange, placed);
  mentionsKept.set(exchange, found);
  return found;
}

function findMentions(exchange: Exchange, placed: readonly PlacedRelation[]): [string, Mention][] {
  const body =
    successBody(exchange) ?? (Array.isArray(exchange.response.body) ? exchange.response.body : undefined);
  if (body === undefined || exchange.response.status === 206) return [];
  return placed.flatMap(({ relation, path }) => {
    if (relation.judge !== 'same-as-read') return [];
    return reach(body, joinPath(path, relation.at ?? '')).flatMap(({ value, where }): [string, Mention][] => {
      const id = valueAt(value, relation.id);
      if (!isObject(value) || idKey(id) === undefined) return [];
      return [[readKey(relation.read, id), { relation, values: value, where, at: timeOf(exchange) }]];
    });
  });
}

const indexes = new WeakMap<readonly Exchange[], Index>();

/** The run's reads by operation and id, and the ids its answers mention, kept up with the history. */
function indexOf(
  history: readonly Exchange[],
  placedOf: (operation: string) => readonly PlacedRelation[],
): Index {
  const index = indexes.get(history) ?? {
    seen: 0,
    reads: new Map(),
    readsOf: new Map(),
    mentions: new Map(),
  };
  indexes.set(history, index);
  for (; index.seen < history.length; index.seen++) {
    const exchange = history[index.seen] as Exchange;
    const body = successBody(exchange);
    if (!exchange.operation) continue;
    if (body) {
      const read = { body, at: timeOf(exchange), exchange };
      push(index.reads, readKey(exchange.operation, body.id), read);
      push(index.readsOf, exchange.operation, read);
    }
    for (const [key, mention] of mentionsOf(exchange, placedOf(exchange.operation)))
      push(index.mentions, key, mention);
  }
  return index;
}

const shownAt = (at: number) => (at ? new Date(at).toISOString() : 'an unknown time');

/** One mention against one read of its resource. */
function mentionAgainstRead(mention: Mention, read: Read): Judgement[] {
  const r = mention.relation;
  const instance = `${mention.where} ${String(valueAt(mention.values, r.id))} against ${r.read}`;
  const pairs = Object.entries(r.fields)
    .map(([mine, theirs]) => ({
      mine,
      theirs,
      a: valueAt(mention.values, mine),
      b: valueAt(read.body, theirs),
    }))
    .filter(({ a, b }) => a !== undefined && b !== undefined);
  if (pairs.length === 0) return [];
  const differ = pairs.filter(({ a, b }) => !sameValue(a, b));
  if (differ.length === 0) return [verdict(r.requirement, instance, undefined)];
  const shown = differ
    .map(
      ({ mine, theirs, a, b }) => `${mine} ${JSON.stringify(a)}, the read's ${theirs} ${JSON.stringify(b)}`,
    )
    .join('; ');
  if (differ.every(({ mine }) => r.live?.includes(mine)))
    return [
      notJudged(r.requirement, instance, `${shown}: a live value the reference lets change between reads`),
    ];
  if (Math.abs(mention.at - read.at) > CLOSE_MS)
    return [
      notJudged(
        r.requirement,
        instance,
        `${shown}: read at ${shownAt(mention.at)} and ${shownAt(read.at)}, more than 30 s apart (a live server may have moved on; the judge cannot read again)`,
      ),
    ];
  return [
    verdict(r.requirement, instance, `${shown} (read at ${shownAt(mention.at)} and ${shownAt(read.at)})`),
  ];
}

/** A child read in its parent's read: listed under `list`, with the same fields. */
function childListed(r: ListedRelation, child: Json, parent: Json): Judgement {
  const instance = `${String(child.id)} in ${String(parent.id)}.${r.list}`;
  const entries = valueAt(parent, r.list);
  if (!Array.isArray(entries))
    return notJudged(r.requirement, instance, `the parent's read leaves ${r.list} out`);
  const entry = entries.filter(isObject).find((e) => sameValue(e.id, child.id));
  if (!entry)
    return verdict(
      r.requirement,
      instance,
      `${String(parent.id)} lists ${entries.length} ${r.list}, not ${String(child.id)}`,
    );
  const differ = r.fields.filter(
    (f) => entry[f] !== undefined && child[f] !== undefined && !sameValue(entry[f], child[f]),
  );
  return verdict(
    r.requirement,
    instance,
    differ.length
      ? differ
          .map((f) => `listed ${f} ${JSON.stringify(entry[f])}, read ${JSON.stringify(child[f])}`)
          .join('; ')
      : undefined,
  );
}

function judgeListed(placed: PlacedRelation, exchange: Exchange, index: Index): Judgement[] {
  const r = placed.relation as ListedRelation;
  const body = successBody(exchange);
  if (!body) return [];
  if (exchange.operation === placed.operation) {
    const parentId = valueAt(body, `${r.parent}.id`);
    const parent = (index.reads.get(readKey(r.read, parentId)) ?? []).at(-1);
    return parent ? [childListed(r, body, parent.body)] : [];
  }
  return (index.readsOf.get(placed.operation) ?? [])
    .filter((child) => sameValue(valueAt(child.body, `${r.parent}.id`), body.id))
    .map((child) => childListed(r, child.body, body));
}

/** Judges an exchange against the run's earlier answers, by every cross-answer relation it takes part in. */
export function judgeAcrossAnswers(
  exchange: Exchange,
  history: readonly Exchange[],
  placedOf: (operation: string) => readonly PlacedRelation[],
  readBy: (operation: string) => readonly PlacedRelation[],
): Judgement[] {
  const operation = exchange.operation ?? '';
  const index = indexOf(history, placedOf);
  const asMention = mentionsOf(exchange, placedOf(operation)).flatMap(([key, mention]) => {
    const read = (index.reads.get(key) ?? []).at(-1);
    return read ? mentionAgainstRead(mention, read) : [];
  });
  const body = successBody(exchange);
  const asRead = body
    ? (index.mentions.get(readKey(operation, body.id)) ?? []).flatMap((mention) =>
        mentionAgainstRead(mention, { body, at: timeOf(exchange), exchange }),
      )
    : [];
  const listed = [
    ...placedOf(operation).filter((p) => p.relation.judge === 'listed'),
    ...readBy(operation).filter((p) => p.relation.judge === 'listed'),
  ].flatMap((p) => judgeListed(p, exchange, index));
  return [...asMention, ...asRead, ...listed];
}
