/**
 * The rules the suite's properties check (tests/properties/*), as predicates on one answer, each
 * named by its requirement: the drift run compares whether they hold on each side.
 */

import { hasStatus } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import {
  leafListingFailures,
  pathExtendsFailures,
  searchCategoryFailures,
  type WalkedCategory,
} from '../../lib/rules/category-tree.ts';
import { LOCATION_RANGE_RULE } from '../../lib/rules/location-range-rule.ts';
import { type IdNamed, pointsAtFailures } from '../../lib/rules/location-tree.ts';
import { rejectedVisibilityFailures } from '../../lib/rules/message-visibility.ts';
import type { OrderSearchFilters } from '../../lib/rules/order-search.ts';
import {
  MOCK_SORT_DATES,
  orderSearchFailures,
  orderSearchRequirements,
  ordersOf,
} from '../../lib/rules/order-search-rules.ts';
import { textsOf } from '../../lib/rules/rule-failure.ts';
import { answerOf, fieldOf } from './answer.ts';
import type { RuleOutcome } from './types.ts';

/** A category read (200) as the spec documents it; undefined for another answer. */
export function categoryOf(exchange: Exchange): Schemas['Category'] | undefined {
  const answer = answerOf(exchange, 'getCategory');
  return answer && hasStatus(answer, 200) ? answer.body : undefined;
}

export function rule(requirement: string, failures: string[]): RuleOutcome {
  return { requirement, holds: failures.length === 0, detail: failures.slice(0, 3).join('; ') };
}

/** The results of a site search that answered 200, as the spec documents them; [] for another answer. */
function siteResultsOf(exchange: Exchange): Schemas['ItemSearchResultItem'][] {
  const answer = answerOf(exchange, 'searchSiteItems');
  return answer && hasStatus(answer, 200) ? (answer.body.results ?? []) : [];
}

/**
 * ORD-SEARCH-ROLE, -STATUS, -TAGS, -TAGS-NOT, -SORT, -SELLER-MANUAL on one search answer, by the
 * order-search oracle (lib/rules/order-search-rules.ts); the sort judged by date_created on either
 * side, the mock's choice (which date a sort follows is not shown: ORD-SEARCH-SORT-ORDER).
 */
export function orderSearchRules(body: unknown, f: OrderSearchFilters, callerId: number): RuleOutcome[] {
  const failures = orderSearchFailures(ordersOf(body), f, callerId, MOCK_SORT_DATES);
  return orderSearchRequirements(f).map((id) => rule(id, textsOf(failures, id)));
}

/**
 * A child read on a walk points back at the parent it was reached from (LOC-STATE-PARENT,
 * LOC-CITY-PARENT, LOC-NEIGHBORHOOD-PARENT), by the location-tree oracle.
 */
export function parentRule(requirement: string, body: unknown, field: string, parent: IdNamed): RuleOutcome {
  const shown = fieldOf(body, field);
  const pointer: IdNamed | undefined =
    typeof shown === 'object' && shown !== null
      ? { id: fieldOf(shown, 'id'), name: fieldOf(shown, 'name') }
      : undefined;
  // The name is judged where the parent's read showed it.
  const node = parent.name === undefined ? { id: parent.id, name: pointer?.name } : parent;
  return rule(
    requirement,
    pointsAtFailures(pointer ?? {}, node).map((failure) => `${field} ${failure}`),
  );
}

/** CAT-PATH-EXTENDS, by the category-tree oracle. */
export function categoryPathRule(
  parent: WalkedCategory | undefined,
  child: WalkedCategory | undefined,
): RuleOutcome {
  return rule('CAT-PATH-EXTENDS', pathExtendsFailures(parent ?? {}, child ?? {}));
}

/** SEARCH-LOCATION-RANGE (the registry's rule, the box read back from the query) and SEARCH-LIMIT on one site search answer. */
export function siteSearchRules(exchange: Exchange, limit: number): RuleOutcome[] {
  const items = siteResultsOf(exchange);
  const range = LOCATION_RANGE_RULE.appliesTo(exchange)
    ? LOCATION_RANGE_RULE.judge(exchange, { history: [] })
    : [];
  const outside = range.filter((j) => j.outcome === 'broken').map((j) => `${j.instance}: ${j.reason}`);
  return [
    rule('SEARCH-LOCATION-RANGE', outside),
    rule('SEARCH-LIMIT', items.length <= limit ? [] : [`${items.length} results for limit ${limit}`]),
  ];
}

/** MSG-MODERATED-HIDDEN on the seller's listing (the counterpart of the buyer who sent it), by the oracle. */
export function hiddenMessageRule(exchange: Exchange, rejectedMessage: string): RuleOutcome {
  const answer = answerOf(exchange, 'listPackMessages');
  const body = answer && hasStatus(answer, 200) ? answer.body : undefined;
  return rule('MSG-MODERATED-HIDDEN', rejectedVisibilityFailures(body, rejectedMessage, 'counterpart'));
}

/** CAT-LEAF-LISTING, by the category-tree oracle. */
export function leafListingRule(category: WalkedCategory | undefined): RuleOutcome {
  return rule('CAT-LEAF-LISTING', leafListingFailures(category ?? {}));
}

/** SEARCH-CATEGORY, by the category-tree oracle. */
export function searchCategoryRule(
  exchange: Exchange,
  searched: string,
  paths: Map<string, string[]>,
): RuleOutcome {
  return rule('SEARCH-CATEGORY', searchCategoryFailures(siteResultsOf(exchange), searched, paths));
}
