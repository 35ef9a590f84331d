/**
 * The filters of an order search's query that select results one by one (item, the three date ranges,
 * the mediation and feedback filters), read as the rules of order-search-rules.ts. Only values of the
 * reference's shape are read: a hostile or malformed value is not judged (what a server does with it is
 * not shown, ORD-SEARCH-ERRORS).
 */
import {
  DATE_REQUIREMENTS,
  type DateField,
  dateRule,
  feedbackOrMediationRule,
  itemRule,
  type ResultRule,
} from './order-search-rules.ts';

/** "ISO 8601 timestamps with offset": a date, a time, and Z or an offset. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}([.,]\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
/** An item id as the reference shows them (MLB100000001): letters and digits. */
const ITEM_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A comma-separated list of lower-case values, or one boolean. */
const VALUES = /^[a-z][a-z0-9_]*(,[a-z][a-z0-9_]*)*$/;

/** The widest instants a one-sided range stands for. */
const EARLIEST = '0001-01-01T00:00:00+00:00';
const LATEST = '9999-12-31T23:59:59+00:00';

/** ORD-SEARCH-DATE-*: a range order.<field>.from / .to of timestamps with offset (one side may be absent). */
function dateRuleOf(query: URLSearchParams, field: DateField): ResultRule | undefined {
  const [from, to] = ['from', 'to'].map((side) => query.get(`order.${field}.${side}`) ?? undefined);
  if (from === undefined && to === undefined) return undefined;
  if ([from, to].some((bound) => bound !== undefined && !TIMESTAMP.test(bound))) return undefined;
  return dateRule(field, from ?? EARLIEST, to ?? LATEST);
}

/** The mediation and feedback parameters of the query, each one rule (repeated parameters: not judged). */
function narrowingRules(query: URLSearchParams): ResultRule[] {
  return [...new Set(query.keys())].flatMap((parameter) => {
    const given = query.getAll(parameter);
    if (given.length !== 1 || !VALUES.test(given[0] ?? '')) return [];
    const rule = feedbackOrMediationRule(parameter, given[0] as string);
    return rule ? [rule] : [];
  });
}

/** Every per-result rule the query's item, date, mediation and feedback filters state. */
export function queryResultRules(query: URLSearchParams): ResultRule[] {
  const items = query.getAll('item');
  const item = items.length === 1 && ITEM_ID.test(items[0] ?? '') ? [itemRule(items[0] as string)] : [];
  const dates = (Object.keys(DATE_REQUIREMENTS) as DateField[]).flatMap((field) => {
    const rule = dateRuleOf(query, field);
    return rule ? [rule] : [];
  });
  return [...item, ...dates, ...narrowingRules(query)];
}

/** The requirements queryResultRules may judge. */
export const QUERY_RESULT_REQUIREMENTS = [
  'ORD-SEARCH-ITEM',
  'ORD-SEARCH-DATE-CREATED',
  'ORD-SEARCH-DATE-CLOSED',
  'ORD-SEARCH-DATE-UPDATED',
  'ORD-SEARCH-MEDIATIONS',
  'ORD-SEARCH-FEEDBACK-STATUS',
  'ORD-SEARCH-FEEDBACK-RATING',
  'ORD-SEARCH-FEEDBACK-FULFILLED',
];
