import type { Judgement } from '../judge/judgement.ts';
import { numberIn } from './numbers.ts';

const RULE = 'SEARCH-PAGING';

/** The item search's paging: `{total, offset, limit}`, listed by the reference without types. */
export interface SearchPaging {
  total?: unknown;
  offset?: unknown;
  limit?: unknown;
}

/**
 * SEARCH-PAGING on one page of the item search: the results fit paging.limit, and paging.total covers
 * paging.offset plus the results of the page. A field left out (or not a number in any spelling) leaves
 * its half not judged; `everyField` (the mock, which sends every listed field) makes that a break.
 */
export function searchPagingJudgements(
  paging: SearchPaging | null | undefined,
  results: number,
  where: string,
  everyField: boolean,
): Judgement[] {
  const limit = numberIn(paging?.limit);
  const total = numberIn(paging?.total);
  const offset = paging?.offset === undefined ? 0 : numberIn(paging.offset);
  const missing = (what: string): Judgement => ({
    requirement: RULE,
    outcome: everyField ? 'broken' : 'not judged',
    instance: where,
    reason: `paging leaves ${what} out or sends no number`,
  });
  const judged = (held: boolean, what: string): Judgement => ({
    requirement: RULE,
    outcome: held ? 'held' : 'broken',
    instance: `${where}: ${what}`,
    reason: held ? undefined : `${results} results, paging ${JSON.stringify(paging)}`,
  });
  return [
    limit === undefined ? missing('limit') : judged(results <= limit, 'results within paging.limit'),
    total === undefined || offset === undefined
      ? missing('total or offset')
      : judged(total >= offset + results, 'total covers offset and the page'),
  ];
}
