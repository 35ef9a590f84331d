import type { Exchange } from '../exchange/exchange.ts';
import type { Rule } from '../rules/rule.ts';
import { factsOfAnswer } from './extract.ts';
import { FACT_REQUIREMENTS, judgeFacts, WITHIN_REQUIREMENTS } from './judge.ts';
import type { Read } from './reads.ts';

const readsOf = new WeakMap<Exchange, Read[]>();

/** The facts one answer shows, as reads at the time it was asked (computed once per exchange). */
function reads(exchange: Exchange): Read[] {
  const known = readsOf.get(exchange);
  if (known) return known;
  const { status, body, bytes } = exchange.response;
  const facts = exchange.operation
    ? factsOfAnswer(exchange.operation, status, body, {
        path: exchange.request.url.pathname,
        bytes,
        caller: exchange.caller,
      })
    : [];
  const found = facts.map((fact) => ({ ...fact, at: exchange.startedMs }));
  readsOf.set(exchange, found);
  return found;
}

const keyOf = (read: Read) => `${read.kind} ${read.id} ${read.field}`;

/** Reads kept per fact and place. */
const KEPT_PER_PLACE = 3;

interface HistoryIndex {
  /** How many exchanges of the history are indexed (a run's history only grows). */
  seen: number;
  byKey: Map<string, Read[]>;
}

const indexes = new WeakMap<readonly Exchange[], HistoryIndex>();

/** The reads of the history by fact, brought up to date with the exchanges added since the last call. */
function indexOf(history: readonly Exchange[]): HistoryIndex {
  const index = indexes.get(history) ?? { seen: 0, byKey: new Map<string, Read[]>() };
  indexes.set(history, index);
  for (; index.seen < history.length; index.seen += 1)
    for (const read of reads(history[index.seen] as Exchange)) {
      const key = keyOf(read);
      // The latest reads of each place are enough: a fact is judged against reads close to it in time.
      const kept = [...(index.byKey.get(key) ?? []), read];
      const ofPlace = kept.filter((r) => r.place === read.place);
      index.byKey.set(key, ofPlace.length > KEPT_PER_PLACE ? kept.filter((r) => r !== ofPlace[0]) : kept);
    }
  return index;
}

/**
 * One fact, one value (lib/facts) as a rule of the run's judge: each fact an answer shows against the
 * same instance's reads in the run's earlier answers, in other places (its parent's list, its own read…).
 */
export const ONE_FACT_RULE: Rule = {
  name: 'oneFactOneValue',
  requirements: [...Object.values(FACT_REQUIREMENTS), ...Object.values(WITHIN_REQUIREMENTS)],
  appliesTo: (exchange) => reads(exchange).length > 0,
  judge(exchange, { history }) {
    const mine = reads(exchange);
    const index = indexOf(history);
    const earlier = [...new Set(mine.map(keyOf))].flatMap((key) => index.byKey.get(key) ?? []);
    if (earlier.length === 0) return [];
    return judgeFacts([...earlier, ...mine]);
  },
};
