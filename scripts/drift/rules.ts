/**
 * The rules the suite's properties check (tests/properties/*), as predicates on one answer, each
 * named by its requirement: the drift run compares whether they hold on each side.
 */

import { type GeoBox, type Placed, rangeVerdict } from '../../lib/oracles/geo-range.ts';
import type { OrderSearchFilters } from '../../lib/oracles/order-search.ts';
import {
  MOCK_SORT_DATES,
  orderSearchFailures,
  orderSearchRequirements,
  ordersOf,
} from '../../lib/oracles/order-search-rules.ts';
import { textsOf } from '../../lib/oracles/rule-failure.ts';
import type { RuleOutcome } from './types.ts';

export function rule(requirement: string, failures: string[]): RuleOutcome {
  return { requirement, holds: failures.length === 0, detail: failures.slice(0, 3).join('; ') };
}

function resultsOf<T>(body: unknown): T[] {
  const results = (body as { results?: unknown } | undefined)?.results;
  return Array.isArray(results) ? (results as T[]) : [];
}

/**
 * ORD-SEARCH-ROLE, -STATUS, -TAGS, -TAGS-NOT, -SORT, -SELLER-MANUAL on one search answer, by the
 * order-search oracle (lib/oracles/order-search-rules.ts); the sort judged by date_created on either
 * side, the mock's choice (which date a sort follows is not shown: ORD-SEARCH-SORT-ORDER).
 */
export function orderSearchRules(body: unknown, f: OrderSearchFilters, callerId: number): RuleOutcome[] {
  const failures = orderSearchFailures(ordersOf(body), f, callerId, MOCK_SORT_DATES);
  return orderSearchRequirements(f).map((id) => rule(id, textsOf(failures, id)));
}

type Named = { id?: string; name?: string };

/** A child names the parent the walk came from (LOC-STATE-PARENT, LOC-CITY-PARENT, LOC-NEIGHBORHOOD-PARENT). */
export function parentRule(requirement: string, body: unknown, field: string, parentId: string): RuleOutcome {
  const named = (body as Record<string, Named | undefined> | undefined)?.[field]?.id;
  return rule(requirement, named === parentId ? [] : [`${field}.id is ${named}, walked from ${parentId}`]);
}

type Category = { id?: string; path_from_root?: Named[]; children_categories?: unknown[] };

/** CAT-PATH-EXTENDS: a child's path_from_root starts with its parent's path and contains the parent. */
export function categoryPathRule(parent: unknown, child: unknown): RuleOutcome {
  const above = ((parent as Category).path_from_root ?? []).map((node) => node.id);
  const path = ((child as Category).path_from_root ?? []).map((node) => node.id);
  const extends_ = above.every((id, i) => path[i] === id) && path.includes((parent as Category).id);
  return rule(
    'CAT-PATH-EXTENDS',
    extends_ ? [] : [`path ${path.join(' > ')} does not extend ${above.join(' > ')}`],
  );
}

type Item = Placed & { id?: string };

/** SEARCH-LOCATION-RANGE and SEARCH-LIMIT on one site search answer. */
export function siteSearchRules(body: unknown, box: GeoBox, limit: number): RuleOutcome[] {
  const items = resultsOf<Item>(body);
  // As the suite judges it: outside only when the result shows coordinates and none lies in the box
  // (which of location and seller_address item_location filters on is not given).
  const outside = items
    .filter((item) => rangeVerdict(box, item) === 'outside')
    .map((item) => `item ${item.id} lies outside the box`);
  return [
    rule('SEARCH-LOCATION-RANGE', outside),
    rule('SEARCH-LIMIT', items.length <= limit ? [] : [`${items.length} results for limit ${limit}`]),
  ];
}

type Listed = { id?: string };

type Listing = { messages?: Listed[]; paging?: { total?: unknown; offset?: unknown; limit?: unknown } };

/**
 * MSG-MODERATED-HIDDEN: the seller's listing does not show the buyer's message that moderation
 * rejected, nor counts it: a first page that is not full counts exactly the messages it shows.
 */
export function hiddenMessageRule(body: unknown, rejectedMessage: string): RuleOutcome {
  const { messages = [], paging = {} } = (body ?? {}) as Listing;
  const shown = messages.some((message) => message.id === rejectedMessage);
  const whole =
    (paging.offset ?? 0) === 0 && typeof paging.limit === 'number' && messages.length < paging.limit;
  const counted =
    whole && typeof paging.total === 'number' && paging.total !== messages.length
      ? [`paging.total ${paging.total} counts more than the ${messages.length} messages shown`]
      : [];
  return rule('MSG-MODERATED-HIDDEN', [
    ...(shown ? [`the rejected message ${rejectedMessage} is listed`] : []),
    ...counted,
  ]);
}

type Settled = { children_categories?: unknown[]; settings?: { listing_allowed?: unknown } };

/** CAT-LEAF-LISTING: a category with children does not allow listing. */
export function leafListingRule(body: unknown): RuleOutcome {
  const category = (body ?? {}) as Settled;
  const inner = (category.children_categories ?? []).length > 0;
  return rule(
    'CAT-LEAF-LISTING',
    inner && category.settings?.listing_allowed === true
      ? ['listing_allowed is true on a category with children']
      : [],
  );
}

/** SEARCH-CATEGORY: every result whose category is shown lies under the searched one (its path holds it). */
export function searchCategoryRule(
  body: unknown,
  searched: string,
  paths: Map<string, string[]>,
): RuleOutcome {
  const items = resultsOf<Item & { category_id?: string }>(body);
  const outside = items
    .filter((item) => item.category_id !== undefined && paths.has(item.category_id))
    .filter((item) => !paths.get(item.category_id!)!.includes(searched) && item.category_id !== searched)
    .map((item) => `item ${item.id} of ${item.category_id} lies outside ${searched}`);
  return rule('SEARCH-CATEGORY', outside);
}
