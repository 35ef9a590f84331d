import { type Fault, onJson, type RouteKey } from './kit.ts';

/**
 * Regressions where two reads of one fact disagree: each answer alone has the right shape and types,
 * only comparing the two reads shows it (issue 36, one fact, one value).
 */

type Json = Record<string, unknown>;

const mapList = (body: Json, key: string, change: (item: Json) => Json): Json =>
  Array.isArray(body[key]) ? { ...body, [key]: (body[key] as Json[]).map(change) } : body;

const SEARCH: RouteKey = 'GET /orders/search';

export const DISAGREEING_FAULTS: readonly Fault[] = [
  {
    name: 'search-total-amount-off-by-one',
    requirement: 'FACT-ORDER-READS',
    description:
      'order search results show total_amount rounded down to units, the order read shows it exact',
    install: (app) =>
      onJson(app, SEARCH, (page) =>
        mapList(page, 'results', (order) =>
          typeof order.total_amount === 'number' ? { ...order, total_amount: order.total_amount + 1 } : order,
        ),
      ),
  },
  {
    name: 'children-item-count-stale',
    requirement: 'FACT-CATEGORY-READS',
    description: "a category's children_categories show an item count one higher than the child's own read",
    install: (app) =>
      onJson(app, 'GET /categories/:category_id', (category) =>
        mapList(category, 'children_categories', (child) =>
          typeof child.total_items_in_this_category === 'number'
            ? { ...child, total_items_in_this_category: child.total_items_in_this_category + 1 }
            : child,
        ),
      ),
  },
  {
    name: 'country-lists-state-names-upper-case',
    requirement: 'FACT-LOCATION-READS',
    description: "a country read lists its states' names in upper case; each state's own read does not",
    install: (app) =>
      onJson(app, 'GET /classified_locations/countries/:country_id', (country) =>
        mapList(country, 'states', (state) =>
          typeof state.name === 'string' ? { ...state, name: state.name.toUpperCase() } : state,
        ),
      ),
  },
  {
    name: 'listing-shows-other-sender',
    requirement: 'FACT-MESSAGE-READS',
    description:
      'the pack listing names the recipient as the sender of each message; the by-id read names the sender',
    install: (app) =>
      onJson(app, 'GET /messages/packs/:pack_id/sellers/:user_id', (listing) =>
        mapList(listing, 'messages', (message) =>
          message.to && typeof message.to === 'object' ? { ...message, from: message.to } : message,
        ),
      ),
  },
];
