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
    ? factsOfAnswer(exchange.operation, status, body, { path: exchange.request.url.pathname, bytes })
    : [];
  const found = facts.map((fact) => ({ ...fact, at: exchange.startedMs }));
  readsOf.set(exchange, found);
  return found;
}

const keyOf = (read: Read) => `${read.kind} ${read.id} ${read.field}`;

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
    const keys = new Set(mine.map(keyOf));
    const earlier = history.flatMap((e) => reads(e).filter((r) => keys.has(keyOf(r))));
    if (earlier.length === 0) return [];
    return judgeFacts([...earlier, ...mine]);
  },
};
