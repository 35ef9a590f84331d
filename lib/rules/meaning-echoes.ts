import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import {
  asked,
  isObject,
  leftOut,
  list,
  notJudged,
  onOperations,
  singleQuery,
  successBody,
  verdict,
} from './meaning-kit.ts';
import type { Rule } from './rule.ts';

const queryOf = singleQuery;
const where = (exchange: Exchange) => `${asked(exchange)}${exchange.request.url.search}`;

/** What a listing's paging says against the limit and offset asked, or undefined when it holds. */
function pagingFailure(paging: Record<string, unknown>, shown: number, limit?: number, offset?: number) {
  if (offset !== undefined && paging.offset !== undefined && Number(paging.offset) !== offset)
    return `paging.offset ${JSON.stringify(paging.offset)} for offset=${offset} asked`;
  if (limit !== undefined && paging.limit !== undefined && Number(paging.limit) > limit)
    return `paging.limit ${JSON.stringify(paging.limit)} above limit=${limit} asked`;
  if (limit !== undefined && shown > limit) return `${shown} messages for limit=${limit} asked`;
  return undefined;
}

/**
 * The pack listing's paging {limit, offset, total} reports the page asked: the offset asked, a limit no
 * greater than the one asked (a server may cap it), no more messages than the limit.
 */
export const LISTING_PAGING_RULE: Rule = {
  requirements: ['VAL-LISTING-PAGING-ECHO'],
  appliesTo: onOperations('listPackMessages'),
  judge(exchange): Judgement[] {
    const body = successBody(exchange);
    const [limit, offset] = ['limit', 'offset'].map((name) => {
      const value = queryOf(exchange, name);
      return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
    });
    if (!body || (limit === undefined && offset === undefined)) return [];
    const id = 'VAL-LISTING-PAGING-ECHO';
    if (!isObject(body.paging)) return [notJudged(id, where(exchange), 'the listing gives no paging')];
    return [
      verdict(id, where(exchange), pagingFailure(body.paging, list(body.messages).length, limit, offset)),
    ];
  },
};

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text.replace(/\+/g, ' '));
    return true;
  } catch {
    return false;
  }
}

/** The search answers query, the q value sent. */
export const QUERY_ECHO_RULE: Rule = {
  requirements: ['MEAN-SEARCH-QUERY-ECHO'],
  appliesTo: (exchange) => onOperations('searchOrders')(exchange) && queryOf(exchange, 'q') !== undefined,
  judge(exchange) {
    const body = successBody(exchange);
    if (!body) return [];
    const q = queryOf(exchange, 'q');
    // A q sent as bytes that are no UTF-8 (%FF%FE) has no one text to echo: decoded or as sent are both readings.
    const raw = /[?&]q=([^&]*)/.exec(exchange.request.url.search)?.[1] ?? '';
    if (!decodes(raw))
      return [notJudged('MEAN-SEARCH-QUERY-ECHO', where(exchange), 'q is not percent-encoded UTF-8')];
    if (body.query === undefined) return [leftOut('MEAN-SEARCH-QUERY-ECHO', where(exchange), '', 'query')];
    if (body.query === null)
      return [notJudged('MEAN-SEARCH-QUERY-ECHO', where(exchange), 'the answer sends query null')];
    return [
      verdict(
        'MEAN-SEARCH-QUERY-ECHO',
        where(exchange),
        String(body.query) === q ? undefined : `query ${JSON.stringify(body.query)} for q=${q}`,
      ),
    ];
  },
};

/** The sorts a search may apply when asked: those it lists as available, else the two the reference names. */
function knownSorts(body: Record<string, unknown>): Set<string> {
  const listed = list(body.available_sorts).flatMap((s) => (typeof s.id === 'string' ? [s.id] : []));
  const applied = isObject(body.sort) && typeof body.sort.id === 'string' ? [body.sort.id] : [];
  return new Set(listed.length > 0 ? [...listed, ...applied] : ['date_asc', 'date_desc']);
}

/** The search answers as sort the one applied: the one asked, when it is a sort the search offers. */
export const SORT_APPLIED_RULE: Rule = {
  requirements: ['MEAN-SEARCH-SORT-APPLIED'],
  appliesTo: (exchange) => onOperations('searchOrders')(exchange) && queryOf(exchange, 'sort') !== undefined,
  judge(exchange) {
    const body = successBody(exchange);
    const sort = queryOf(exchange, 'sort') as string;
    if (!body || !knownSorts(body).has(sort)) return [];
    if (body.sort === undefined) return [leftOut('MEAN-SEARCH-SORT-APPLIED', where(exchange), '', 'sort')];
    if (!isObject(body.sort))
      return [notJudged('MEAN-SEARCH-SORT-APPLIED', where(exchange), 'the answer sends sort as no object')];
    return [
      verdict(
        'MEAN-SEARCH-SORT-APPLIED',
        where(exchange),
        body.sort.id === sort ? undefined : `sort ${JSON.stringify(body.sort.id)} for sort=${sort} asked`,
      ),
    ];
  },
};
