import { hasStatus } from '../client/typed.ts';
import type { Schemas } from '../client/types.ts';
import { type Answer, answerOf } from './reader.ts';

/** An order discovery saw in a search, as the spec documents it, with the id it is kept by. */
export type SeenOrder = Schemas['Order'] & { id: number };

/** Orders seen by discovery, by id: later steps take packs and shipments from them. */
export type OrderPool = Map<number, SeenOrder>;

const keptById = (order: Schemas['Order']): order is SeenOrder => typeof order?.id === 'number';

/** The orders of an order search answer (200), each with its id; none for any other answer. */
export function resultsOf(answer: Answer): SeenOrder[] {
  const found = answerOf(answer, 'searchOrders');
  const results = hasStatus(found, 200) ? found.body.results : undefined;
  return Array.isArray(results) ? (results as Schemas['Order'][]).filter(keptById) : [];
}

/** paging.total of an order search answer (200), when it gives one as a number. */
export function totalOf(answer: Answer): number | undefined {
  const found = answerOf(answer, 'searchOrders');
  const total = hasStatus(found, 200) ? found.body.paging?.total : undefined;
  return typeof total === 'number' ? total : undefined;
}
