/**
 * SEARCH-LOCATION-RANGE as a rule of the registry: an item search that states item_location answers
 * results inside the box it states. Which of location and seller_address it filters on is not given:
 * a result is inside when either is (lib/rules/geo-range.ts).
 */

import type { Exchange } from '../exchange/exchange.ts';
import { locationRangeJudgement, parseItemLocation } from './geo-range.ts';
import { asked, leftOut, list, onOperations, singleQuery, successBody } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

const boxOf = (exchange: Exchange) => parseItemLocation(singleQuery(exchange, 'item_location') ?? '');

export const LOCATION_RANGE_RULE: Rule = {
  name: 'searchLocationRange',
  requirements: ['SEARCH-LOCATION-RANGE'],
  appliesTo: (exchange) =>
    onOperations('searchSiteItems')(exchange) &&
    exchange.response.status === 200 &&
    successBody(exchange) !== undefined &&
    boxOf(exchange) !== undefined,
  judge(exchange) {
    const box = boxOf(exchange);
    const results = successBody(exchange)?.results;
    if (!box) return [];
    if (!Array.isArray(results)) return [leftOut('SEARCH-LOCATION-RANGE', asked(exchange), '', 'results')];
    return list(results).map((item) => locationRangeJudgement(box, item));
  },
};
