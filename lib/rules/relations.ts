/**
 * Relations between values the reference ties together (issue 46's first kinds), as registry rules: a
 * total against its parts, one promise in its two forms, a value tied to a type, a child in its
 * parent's list. Each reads only what the answer shows: a value left out holds no instance.
 */
import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { instantOf } from './instant.ts';
import { isObject, type Json, list, notJudged, onOperations, successBody, verdict } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** ORD-TOTAL-ITEMS on one order: total_amount against unit_price × quantity of its lines. */
function orderTotal(order: Json, where: string): Judgement[] {
  const lines = order.order_items;
  const instance = `order ${String(order.id)} ${where}`;
  if (!isNumber(order.total_amount) || !Array.isArray(lines) || lines.length === 0) return [];
  const parts = list(lines).map((line) => [line.unit_price, line.quantity]);
  if (
    parts.length !== lines.length ||
    parts.some(([price, quantity]) => !isNumber(price) || !isNumber(quantity))
  )
    return [notJudged('ORD-TOTAL-ITEMS', instance, 'a line leaves unit_price or quantity out')];
  const sum = parts.reduce((total, [price, quantity]) => total + (price as number) * (quantity as number), 0);
  const off = Math.abs(sum - order.total_amount) > 0.01 + 1e-9 * Math.abs(sum);
  return [
    verdict(
      'ORD-TOTAL-ITEMS',
      instance,
      off
        ? `total_amount ${order.total_amount}; its lines' unit_price × quantity add up to ${Math.round(sum * 100) / 100}`
        : undefined,
    ),
  ];
}

export const ORDER_TOTAL_RULE: Rule = {
  name: 'orderTotalOfItems',
  requirements: ['ORD-TOTAL-ITEMS'],
  appliesTo: (exchange) =>
    onOperations('getOrder', 'searchOrders')(exchange) && successBody(exchange) !== undefined,
  judge(exchange) {
    const body = successBody(exchange) ?? {};
    if (exchange.operation === 'getOrder') return orderTotal(body, 'read by id');
    return list(body.results).flatMap((order, i) => orderTotal(order, `results[${i}]`));
  },
};

/** SHIP-EDT-SHORT-FORM: each option's estimated_delivery.date the instant of its estimated_delivery_time.date. */
export const SHORT_FORM_RULE: Rule = {
  name: 'promiseShortForm',
  requirements: ['SHIP-EDT-SHORT-FORM'],
  appliesTo: (exchange) =>
    onOperations('getShippingOptions')(exchange) && successBody(exchange) !== undefined,
  judge(exchange) {
    return list(successBody(exchange)?.options).flatMap((option, i): Judgement[] => {
      const short = isObject(option.estimated_delivery) ? option.estimated_delivery.date : undefined;
      const full = isObject(option.estimated_delivery_time) ? option.estimated_delivery_time.date : undefined;
      if (typeof short !== 'string' || typeof full !== 'string') return [];
      const [a, b] = [instantOf(short), instantOf(full)];
      if (Number.isNaN(a) || Number.isNaN(b)) return [];
      const instance = `options[${i}] ${String(option.id ?? '')}`;
      return [
        verdict(
          'SHIP-EDT-SHORT-FORM',
          instance,
          a === b ? undefined : `estimated_delivery.date ${short}; estimated_delivery_time.date ${full}`,
        ),
      ];
    });
  },
};

/** CAT-ATTR-VALUES and CAT-ATTR-MAX-LENGTH: "values (…; for list and boolean)", "value_max_length (integer, for number and string)". */
export const CATEGORY_ATTRIBUTE_RULE: Rule = {
  name: 'attributeOfItsType',
  requirements: ['CAT-ATTR-VALUES', 'CAT-ATTR-MAX-LENGTH'],
  appliesTo: (exchange) =>
    onOperations('getCategoryAttributes')(exchange) &&
    exchange.response.status === 200 &&
    Array.isArray(exchange.response.body),
  judge(exchange) {
    return list(exchange.response.body).flatMap((attribute): Judgement[] => {
      const type = attribute.value_type;
      const instance = `attribute ${String(attribute.id)} (${String(type)})`;
      if (type === 'list' || type === 'boolean')
        return [
          verdict(
            'CAT-ATTR-VALUES',
            instance,
            Array.isArray(attribute.values)
              ? undefined
              : `values is ${JSON.stringify(attribute.values)}, no list`,
          ),
        ];
      if (type === 'number' || type === 'string')
        return [
          verdict(
            'CAT-ATTR-MAX-LENGTH',
            instance,
            Number.isInteger(attribute.value_max_length)
              ? undefined
              : `value_max_length is ${JSON.stringify(attribute.value_max_length)}`,
          ),
        ];
      return [];
    });
  },
};

/** Each location read by id, its parent's field and the parent's list of its children. */
const LEVELS: Record<string, { parent: string; children: string; parentOp: string }> = {
  getState: { parent: 'country', children: 'states', parentOp: 'getCountry' },
  getCity: { parent: 'state', children: 'cities', parentOp: 'getState' },
  getNeighborhood: { parent: 'city', children: 'neighborhoods', parentOp: 'getCity' },
};

function childListed(child: Json, parent: Json, children: string): Judgement {
  const instance = `${String(child.id)} in ${String(parent.id)}.${children}`;
  const entries = parent[children];
  if (!Array.isArray(entries))
    return notJudged('LOC-CHILD-LISTED', instance, `the parent's read leaves ${children} out`);
  const entry = list(entries).find((e) => e.id === child.id);
  if (!entry)
    return verdict(
      'LOC-CHILD-LISTED',
      instance,
      `${String(parent.id)} lists ${entries.length} ${children}, not ${String(child.id)}`,
    );
  const same =
    typeof entry.name !== 'string' ||
    typeof child.name !== 'string' ||
    entry.name.normalize('NFC') === child.name.normalize('NFC');
  return verdict(
    'LOC-CHILD-LISTED',
    instance,
    same ? undefined : `listed as ${JSON.stringify(entry.name)}, read as ${JSON.stringify(child.name)}`,
  );
}

/** The reads of an operation in the run's history, latest first. */
function readsOf(history: readonly Exchange[], operation: string): Json[] {
  return history
    .filter((e) => e.operation === operation)
    .map(successBody)
    .filter((body): body is Json => body !== undefined)
    .reverse();
}

/** LOC-CHILD-LISTED over the run: a child read with its parent's read, whichever came first. */
export const LOCATION_LISTED_RULE: Rule = {
  name: 'locationChildListed',
  requirements: ['LOC-CHILD-LISTED'],
  appliesTo: (exchange) =>
    onOperations('getCountry', 'getState', 'getCity', 'getNeighborhood')(exchange) &&
    successBody(exchange) !== undefined,
  judge(exchange, { history }) {
    const body = successBody(exchange) ?? {};
    const level = LEVELS[exchange.operation ?? ''];
    const asChild = level
      ? readsOf(history, level.parentOp)
          .filter((parent) => isObject(body[level.parent]) && parent.id === (body[level.parent] as Json).id)
          .slice(0, 1)
          .map((parent) => childListed(body, parent, level.children))
      : [];
    const asParent = Object.entries(LEVELS)
      .filter(([, l]) => l.parentOp === exchange.operation)
      .flatMap(([op, l]) =>
        readsOf(history, op)
          .filter((child) => isObject(child[l.parent]) && (child[l.parent] as Json).id === body.id)
          .map((child) => childListed(child, body, l.children)),
      );
    return [...asChild, ...asParent];
  },
};

/** CUR-CONVERT-RATIO: "Convert between currencies by ratio": a ratio is a positive number. */
export const CURRENCY_RATIO_RULE: Rule = {
  name: 'ratioPositive',
  requirements: ['CUR-CONVERT-RATIO'],
  appliesTo: (exchange) => onOperations('convertCurrency')(exchange) && successBody(exchange) !== undefined,
  judge(exchange) {
    const { ratio } = successBody(exchange) ?? {};
    const instance = `${exchange.request.url.searchParams.get('from')}→${exchange.request.url.searchParams.get('to')}`;
    if (ratio === undefined) return [notJudged('CUR-CONVERT-RATIO', instance, 'the answer leaves ratio out')];
    return [
      verdict(
        'CUR-CONVERT-RATIO',
        instance,
        isNumber(ratio) && ratio > 0 ? undefined : `ratio ${JSON.stringify(ratio)}`,
      ),
    ];
  },
};

/** ORD-DISCOUNT-SELLER-PORTION: an item's amounts.seller, "portion funded by the seller", is within amounts.total. */
export const DISCOUNT_PORTION_RULE: Rule = {
  name: 'discountSellerPortion',
  requirements: ['ORD-DISCOUNT-SELLER-PORTION'],
  appliesTo: (exchange) => onOperations('getOrderDiscounts')(exchange) && successBody(exchange) !== undefined,
  judge(exchange) {
    return list(successBody(exchange)?.details).flatMap((detail, d) =>
      list(detail.items).flatMap((item, i): Judgement[] => {
        const amounts = isObject(item.amounts) ? item.amounts : {};
        const { total, seller } = amounts;
        if (!isNumber(total) || !isNumber(seller)) return [];
        const instance = `details[${d}].items[${i}] ${String(item.id)}`;
        const within = seller >= 0 && total >= 0 && seller <= total + 1e-9;
        return [
          verdict(
            'ORD-DISCOUNT-SELLER-PORTION',
            instance,
            within ? undefined : `amounts.seller ${seller}, amounts.total ${total}`,
          ),
        ];
      }),
    );
  },
};

/** A page of a search against its paging: at most limit results, and none past the total. */
function pageCount(exchange: Exchange, requirement: string): Judgement[] {
  const body = successBody(exchange);
  const paging = isObject(body?.paging) ? body.paging : undefined;
  const results = body?.results;
  if (!paging || !Array.isArray(results)) return [];
  const { total, offset, limit } = paging;
  const instance = `${exchange.request.url.pathname}${exchange.request.url.search.replace(/access_token=[^&]*/, 'access_token=redacted')}`;
  const over =
    isNumber(limit) && results.length > limit
      ? `${results.length} results, paging.limit ${limit}`
      : isNumber(total) && isNumber(offset) && results.length > 0 && offset + results.length > total
        ? `offset ${offset} + ${results.length} results > paging.total ${total}`
        : undefined;
  return isNumber(limit) || (isNumber(total) && isNumber(offset))
    ? [verdict(requirement, instance, over)]
    : [];
}

export const PAGE_COUNT_RULE: Rule = {
  name: 'pageWithinPaging',
  requirements: ['ORD-SEARCH-PAGE-COUNT', 'SEARCH-PAGE-COUNT'],
  appliesTo: (exchange) =>
    onOperations('searchOrders', 'searchSiteItems')(exchange) && successBody(exchange) !== undefined,
  judge: (exchange) =>
    pageCount(
      exchange,
      exchange.operation === 'searchOrders' ? 'ORD-SEARCH-PAGE-COUNT' : 'SEARCH-PAGE-COUNT',
    ),
};

export const RELATION_RULES: readonly Rule[] = [
  ORDER_TOTAL_RULE,
  SHORT_FORM_RULE,
  CATEGORY_ATTRIBUTE_RULE,
  LOCATION_LISTED_RULE,
  CURRENCY_RATIO_RULE,
  DISCOUNT_PORTION_RULE,
  PAGE_COUNT_RULE,
];
