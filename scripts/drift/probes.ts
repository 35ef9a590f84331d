/** Fixed read calls, one per role and caller the reference has something to say about. */

import type { Exchange } from '../../lib/exchange/exchange.ts';
import type { KnownState } from '../../lib/rules/error-row-condition.ts';
import { expectationOf } from './error-rows.ts';
import { deliveryTimeRules } from './observable.ts';
import type { CallerRole, RoleName, Roles, SideData } from './roles.ts';
import { categoryOf, hiddenMessageRule, leafListingRule } from './rules.ts';
import type { Call, Expectation, RuleOutcome, Scenario } from './types.ts';

type Users = SideData['users'];

function userId(users: Users, role: Exclude<CallerRole, 'anonymous'>): number {
  return users[role]?.id ?? 0;
}

/**
 * A scenario of one call; the call is built from the side's roles and users. The error row the call
 * meets (the spec's `x-error-rows`, `security`) is expected beside `expect`; `state` names what the
 * roles set up that a row needs (an order id no order has).
 */
function probe(
  name: string,
  needs: RoleName[],
  build: (roles: Roles, users: Users) => Call,
  expect?: Expectation,
  rules?: (exchange: Exchange, roles: Roles) => RuleOutcome[],
  state?: KnownState,
): Scenario {
  // The caller does not depend on the ids: building with none tells which user the call needs.
  const caller = build({} as Roles, {}).as;
  return {
    name,
    needs,
    callers: [caller],
    run: async (side) => {
      const call = build(side.roles, side.users);
      const exchange = await side.send(call, expectationOf(call, expect, state));
      if (rules && exchange.response.status < 300) exchange.rules = rules(exchange, side.roles);
      return [exchange];
    },
  };
}

const order = (as: CallerRole, id: (r: Roles) => number) => (roles: Roles) => ({
  operationId: 'getOrder',
  as,
  path: { order_id: id(roles) },
});

const ORDER_PROBES: Scenario[] = [
  probe(
    'the seller reads the paid order',
    ['paidOrder'],
    order('seller', (r) => r.paidOrder),
  ),
  probe(
    'the buyer reads the paid order',
    ['paidOrder'],
    order('buyer', (r) => r.paidOrder),
  ),
  probe(
    'the seller reads the confirmed order',
    ['confirmedOrder'],
    order('seller', (r) => r.confirmedOrder),
  ),
  probe(
    'the seller reads the cancelled order',
    ['cancelledOrder'],
    order('seller', (r) => r.cancelledOrder),
  ),
  probe(
    'the seller reads the partially paid order',
    ['partiallyPaidOrder'],
    order('seller', (r) => r.partiallyPaidOrder),
  ),
  probe(
    'the seller reads the order the target answers in part',
    ['partialOrder'],
    order('seller', (r) => r.partialOrder),
  ),
  probe(
    'a stranger reads the paid order',
    ['paidOrder'],
    order('stranger', (r) => r.paidOrder),
    { refused: 'ORD-READ-OWNER' },
  ),
  probe(
    'the paid order is read without a token',
    ['paidOrder'],
    order('anonymous', (r) => r.paidOrder),
  ),
  probe(
    'the seller reads an order id no order has',
    ['unknownOrder'],
    order('seller', (r) => r.unknownOrder),
    undefined,
    undefined,
    { unknownOrder: true },
  ),
  probe('the seller reads the discounts of the discounted order', ['discountedOrder'], (r) => ({
    operationId: 'getOrderDiscounts',
    as: 'seller',
    path: { order_id: r.discountedOrder },
  })),
  probe('a stranger reads the discounts of the discounted order', ['discountedOrder'], (r) => ({
    operationId: 'getOrderDiscounts',
    as: 'stranger',
    path: { order_id: r.discountedOrder },
  })),
  probe('the seller reads the product of the paid order', ['paidOrder'], (r) => ({
    operationId: 'getOrderProduct',
    as: 'seller',
    path: { order_id: r.paidOrder },
  })),
  probe('the seller reads the shipment of the packed order', ['shipment'], (r) => ({
    operationId: 'getShipment',
    as: 'seller',
    path: { shipping_id: r.shipment },
  })),
  probe('the seller converts the order currency', ['currencyFrom', 'currencyTo'], (r) => ({
    operationId: 'convertCurrency',
    as: 'seller',
    query: { from: r.currencyFrom, to: r.currencyTo },
  })),
  probe('the seller reads its own status', [], (_r, users) => ({
    operationId: 'getUserStatus',
    as: 'seller',
    path: { user_id: userId(users, 'seller') },
    query: { attributes: 'status' },
  })),
];

const fiscal = (as: CallerRole) => (r: Roles) => ({
  operationId: 'listFiscalDocuments',
  as,
  path: { pack_id: r.fiscalPack },
});

const listing =
  (as: CallerRole, paging: Call['query'] = {}) =>
  (r: Roles, users: Users) => ({
    operationId: 'listPackMessages',
    as,
    path: { pack_id: r.conversation, user_id: userId(users, 'seller') },
    // A read must not mark the seller's messages as read on someone else's server.
    query: { tag: 'post_sale', mark_as_read: false, ...paging },
    headers: { 'x-format-new': 'true' },
  });

const PACK_PROBES: Scenario[] = [
  probe('the seller lists the fiscal documents of its pack', ['fiscalPack'], fiscal('seller')),
  probe('the buyer lists the fiscal documents of its pack', ['fiscalPack'], fiscal('buyer')),
  probe('the fiscal documents are listed without a token', ['fiscalPack'], fiscal('anonymous')),
  probe('a stranger lists the fiscal documents of the pack', ['fiscalPack'], fiscal('stranger')),
  probe(
    'the seller lists the conversation',
    ['conversation', 'rejectedMessage'],
    listing('seller'),
    undefined,
    (exchange, roles) => [hiddenMessageRule(exchange, roles.rejectedMessage)],
  ),
  probe('the seller lists the conversation with limit 0', ['conversation'], listing('seller', { limit: 0 })),
  probe('a stranger lists the conversation', ['conversation'], listing('stranger')),
  probe('the seller reads a message of the conversation', ['messageId'], (r) => ({
    operationId: 'getMessage',
    as: 'seller',
    path: { message_id: r.messageId },
    query: { tag: 'post_sale' },
  })),
];

const anonymous =
  (operationId: string, path: (r: Roles) => Call['path'], query?: (r: Roles) => Call['query']) =>
  (r: Roles): Call => ({ operationId, as: 'anonymous', path: path(r), query: query?.(r) });

const shippingOptions = (as: CallerRole) => (r: Roles) => ({
  operationId: 'getShippingOptions',
  as,
  path: { item_id: r.shippingItem },
  query: { zip_code: r.zipCode },
});

const CATALOG_PROBES: Scenario[] = [
  probe(
    'the countries are listed',
    [],
    anonymous('listCountries', () => ({})),
  ),
  probe(
    'the country is read',
    ['country'],
    anonymous('getCountry', (r) => ({ country_id: r.country })),
  ),
  probe(
    'the state is read',
    ['state'],
    anonymous('getState', (r) => ({ state_id: r.state })),
  ),
  probe(
    'a city with neighborhoods is read',
    ['city'],
    anonymous('getCity', (r) => ({ city_id: r.city })),
  ),
  probe(
    'a city without neighborhoods is read',
    ['cityWithoutNeighborhoods'],
    anonymous('getCity', (r) => ({ city_id: r.cityWithoutNeighborhoods })),
  ),
  probe(
    'the neighborhood is read',
    ['neighborhood'],
    anonymous('getNeighborhood', (r) => ({ neighborhood_id: r.neighborhood })),
  ),
  probe(
    'the site categories are listed',
    ['site'],
    anonymous('listSiteCategories', (r) => ({ site_id: r.site })),
  ),
  probe(
    'a root category is read',
    ['rootCategory'],
    anonymous('getCategory', (r) => ({ category_id: r.rootCategory })),
    undefined,
    (exchange) => [leafListingRule(categoryOf(exchange))],
  ),
  probe(
    'a leaf category is read',
    ['leafCategory'],
    anonymous('getCategory', (r) => ({ category_id: r.leafCategory })),
  ),
  probe(
    'the attributes of a leaf category are read',
    ['leafCategory'],
    anonymous('getCategoryAttributes', (r) => ({ category_id: r.leafCategory })),
  ),
  probe(
    'the shipping options of an item are read',
    ['shippingItem', 'zipCode'],
    shippingOptions('seller'),
    undefined,
    deliveryTimeRules,
  ),
  probe(
    'the shipping options are read without a token',
    ['shippingItem', 'zipCode'],
    shippingOptions('anonymous'),
  ),
  probe(
    'a user of a site where the API is not available reads shipping options',
    ['shippingItem', 'zipCode'],
    shippingOptions('unavailableSite'),
  ),
];

export const FIXED_PROBES: Scenario[] = [...ORDER_PROBES, ...PACK_PROBES, ...CATALOG_PROBES];
