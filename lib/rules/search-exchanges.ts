/**
 * The filter and promise rules as rules of the registry, over one exchange: an order search's results
 * against the filters its query states, and every delivery promise a shipping-options answer gives.
 * Traffic judges with them; the tests, properties and drift apply the same functions to the answers
 * they read (order-search-rules.ts, delivery-time.ts).
 */
import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { DELIVERY_TIME_RULES, deliveryTimeJudgements } from './delivery-time.ts';
import { asked, isObject, list, onOperations } from './meaning-kit.ts';
import { QUERY_RESULT_REQUIREMENTS, queryResultRules } from './order-search-query.ts';
import { judgeResults, orderSearchJudgements, ordersOf, type SearchFilters } from './order-search-rules.ts';
import type { Rule } from './rule.ts';

const answered = (exchange: Exchange) => exchange.response.status === 200 && isObject(exchange.response.body);

/** The filters of an order search as its query states them, with the caller whose orders it asks for. */
export function searchFiltersOf(url: URL): { filters: SearchFilters; callerId: number } | undefined {
  const query = url.searchParams;
  // A parameter given twice: which value a server reads (the first, the last, both) is not shown.
  if ([...new Set(query.keys())].some((name) => query.getAll(name).length > 1)) return undefined;
  const role = query.has('seller') ? 'seller' : query.has('buyer') ? 'buyer' : undefined;
  const callerText = role ? (query.get(role) ?? '') : '';
  const callerId = /^\d{1,15}$/.test(callerText) ? Number(callerText) : Number.NaN;
  if (!role || !Number.isSafeInteger(callerId)) return undefined;
  // Only values of the reference's shape are judged: what a server does with a hostile one ("\t\r\n", "%00")
  // is not shown (ORD-SEARCH-ERRORS, a gap): read as absent, refused or matched against nothing alike.
  // An empty value ("order.status=") names no status: read as absent or refused alike.
  const values = (name: string) => {
    const listed = query.get(name)?.split(',').filter(Boolean);
    return listed?.length && listed.every((value) => /^[a-z][a-z0-9_.-]*$/.test(value)) ? listed : undefined;
  };
  const sort = query.get('sort');
  return {
    callerId,
    filters: {
      role,
      statuses: values('order.status'),
      // Several tags: whether an order must carry all or any is not said (ORD-SEARCH-TAGS-SEVERAL, a gap).
      tag: values('tags')?.length === 1 ? values('tags')?.[0] : undefined,
      tagsNot: values('tags.not'),
      sort: sort === 'date_asc' || sort === 'date_desc' ? sort : undefined,
    },
  };
}

/**
 * ORD-SEARCH-ROLE, -STATUS, -TAGS, -TAGS-NOT, -SELLER-MANUAL, -SORT, and the item, date, mediation and
 * feedback filters on one answered search: each result against the filters the query states (a result
 * without the filtered field is not judged).
 */
export const ORDER_SEARCH_RULE: Rule = {
  name: 'orderSearchFilters',
  requirements: [
    'ORD-SEARCH-ROLE',
    'ORD-SEARCH-STATUS',
    'ORD-SEARCH-TAGS',
    'ORD-SEARCH-TAGS-NOT',
    'ORD-SEARCH-SELLER-MANUAL',
    'ORD-SEARCH-SORT',
    ...QUERY_RESULT_REQUIREMENTS,
  ],
  appliesTo: (exchange) => onOperations('searchOrders')(exchange) && answered(exchange),
  judge(exchange): Judgement[] {
    const stated = searchFiltersOf(exchange.request.url);
    if (!stated) return [];
    // The instance names the query, never a token sent in it.
    const query = new URLSearchParams(exchange.request.url.searchParams);
    query.delete('access_token');
    const search = `${asked(exchange)}?${query}`;
    const orders = ordersOf(exchange.response.body);
    return [
      ...orderSearchJudgements(orders, stated.filters, stated.callerId, search),
      ...queryResultRules(exchange.request.url.searchParams).flatMap((rule) =>
        judgeResults(rule, search, orders),
      ),
    ];
  },
};

/** SHIP-EDT-*: the delivery-time rules on every option of an answered shipping-options read. */
export const DELIVERY_TIME_RULE: Rule = {
  name: 'deliveryTime',
  requirements: DELIVERY_TIME_RULES,
  appliesTo: (exchange) => onOperations('getShippingOptions')(exchange) && answered(exchange),
  judge: (exchange) =>
    list((exchange.response.body as Record<string, unknown>).options).flatMap((option) =>
      deliveryTimeJudgements(option, `of ${asked(exchange)}`),
    ),
};

/**
 * SHP-EDT-RULES: the promise of a shipment's lead time obeys the rules of shipping options' promises
 * (the type values, the date only with a known handling time, the business-days range), one oracle.
 */
export const LEAD_TIME_PROMISE_RULE: Rule = {
  name: 'leadTimePromise',
  requirements: ['SHP-EDT-RULES'],
  appliesTo: (exchange) => onOperations('getShipmentLeadTime')(exchange) && answered(exchange),
  judge(exchange) {
    const promise = (exchange.response.body as Record<string, unknown>).estimated_delivery_time;
    if (!isObject(promise)) return [];
    const option = { id: asked(exchange), estimated_delivery_time: promise };
    return deliveryTimeJudgements(option, `of ${asked(exchange)}`).map((j) => ({
      ...j,
      requirement: 'SHP-EDT-RULES',
    }));
  },
};

export const SEARCH_EXCHANGE_RULES: readonly Rule[] = [
  ORDER_SEARCH_RULE,
  DELIVERY_TIME_RULE,
  LEAD_TIME_PROMISE_RULE,
];
