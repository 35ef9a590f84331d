import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerId, orderParties } from './access.ts';
import { buyerShifted, type Fault, mapList, onJson, type RouteKey } from './kit.ts';

/**
 * Regressions where two reads of one fact disagree: each answer alone has the right shape and types,
 * only comparing the two reads shows it (issue 36, one fact, one value).
 */

type Json = Record<string, unknown>;

const SEARCH: RouteKey = 'GET /orders/search';

const askedByBuyer = (app: FastifyInstance, request: FastifyRequest) =>
  callerId(app, request) === orderParties(app, request)?.buyer;

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
  {
    name: 'lead-time-shipping-hours-stale',
    requirement: 'FACT-SHIPMENT-READS',
    description: "the lead time read promises a day more of carrier hours than the shipment read's lead_time",
    install: (app) =>
      onJson(app, 'GET /shipments/:shipment_id/lead_time', (lead) => {
        const promise = lead.estimated_delivery_time as Json | undefined;
        return typeof promise?.shipping === 'number'
          ? { ...lead, estimated_delivery_time: { ...promise, shipping: promise.shipping + 24 } }
          : lead;
      }),
  },
  {
    name: 'discount-names-item-not-ordered',
    requirement: 'FACT-DISCOUNT-ITEMS',
    description: "an order's discounts name an item id the order does not hold (a stale listing id)",
    install: (app) =>
      onJson(app, 'GET /orders/:order_id/discounts', (discounts) =>
        mapList(discounts, 'details', (detail) =>
          mapList(detail, 'items', (item) =>
            typeof item.id === 'string' ? { ...item, id: `${item.id}9` } : item,
          ),
        ),
      ),
  },
  {
    name: 'product-attributes-trimmed-for-buyer',
    requirement: 'FACT-ORDER-PARTY-VIEWS',
    description:
      "the product read leaves out the last attribute when the order's buyer asks (a buyer-facing serializer); its seller reads them all",
    install: (app) =>
      onJson(app, 'GET /orders/:order_id/product', (product, request) =>
        Array.isArray(product.attributes) && askedByBuyer(app, request)
          ? { ...product, attributes: product.attributes.slice(0, -1) }
          : product,
      ),
  },
  {
    name: 'listing-names-other-buyer',
    requirement: 'FACT-PACK-READS',
    description: "the pack listing names as the buyer of each message a user one id past the pack's buyer",
    install: (app) => onJson(app, 'GET /messages/packs/:pack_id/sellers/:user_id', buyerShifted),
  },
  {
    name: 'fiscal-list-file-type-swapped',
    requirement: 'FACT-FISCAL-READS',
    description: 'the fiscal documents list names a PDF as application/xml and an XML as application/pdf',
    install: (app) =>
      onJson(app, 'GET /packs/:pack_id/fiscal_documents', (listing) =>
        mapList(listing, 'fiscal_documents', (doc) => ({
          ...doc,
          file_type: doc.file_type === 'application/pdf' ? 'application/xml' : 'application/pdf',
        })),
      ),
  },
  {
    name: 'city-lists-neighborhood-names-lower-case',
    requirement: 'FACT-LOCATION-READS',
    description:
      "a city read lists its neighborhoods' names in lower case; each neighborhood's own read does not",
    install: (app) =>
      onJson(app, 'GET /classified_locations/cities/:city_id', (city) =>
        mapList(city, 'neighborhoods', (n) =>
          typeof n.name === 'string' ? { ...n, name: n.name.toLowerCase() } : n,
        ),
      ),
  },
];
