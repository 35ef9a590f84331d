import { type Fault, onJson, type RouteKey } from './kit.ts';

/**
 * Regressions of meaning: every value keeps its type, only its form, unit, echo or precedence is wrong
 * (issue 36, values judged for their meaning); lib/rules/meaning-*.ts judge them on every answer of a run.
 */

type Json = Record<string, unknown>;

const LISTING: RouteKey = 'GET /messages/packs/:pack_id/sellers/:user_id';
const withoutOffset = (value: unknown) =>
  typeof value === 'string' ? value.replace(/(Z|[+-]\d{2}(:?\d{2})?)$/, '') : value;
const mapEach = (items: unknown, change: (item: Json) => Json) =>
  Array.isArray(items)
    ? items.map((item) => (item && typeof item === 'object' ? change(item as Json) : item))
    : items;

export const MEANING_FAULTS: readonly Fault[] = [
  {
    name: 'country-time-zone-named',
    requirement: 'VAL-COUNTRY-TIME-ZONE',
    description: 'a country read writes its time_zone as a zone name (America/Sao_Paulo), not like GMT-03:00',
    install: (app) =>
      onJson(app, 'GET /classified_locations/countries/:country_id', (country) => ({
        ...country,
        time_zone: 'America/Sao_Paulo',
      })),
  },
  {
    name: 'message-dates-without-offset',
    requirement: 'GEN-TIMESTAMPS',
    description:
      "the pack listing writes each message's message_date timestamps in local time, without an offset",
    install: (app) =>
      onJson(app, LISTING, (listing) => ({
        ...listing,
        messages: mapEach(listing.messages, (m) => {
          const dates = (m.message_date ?? {}) as Json;
          return {
            ...m,
            message_date: Object.fromEntries(Object.entries(dates).map(([k, v]) => [k, withoutOffset(v)])),
          };
        }),
      })),
  },
  {
    name: 'lead-time-unit-days',
    requirement: 'VAL-EDT-UNIT-HOUR',
    description: 'the lead time read gives its delivery promise in days (unit day, hours divided by 24)',
    install: (app) =>
      onJson(app, 'GET /shipments/:shipment_id/lead_time', (lead) => {
        const promise = (lead.estimated_delivery_time ?? {}) as Json;
        const days = (v: unknown) => (typeof v === 'number' ? v / 24 : v);
        return {
          ...lead,
          estimated_delivery_time: {
            ...promise,
            unit: 'day',
            shipping: days(promise.shipping),
            handling: days(promise.handling),
          },
        };
      }),
  },
  {
    name: 'unknown-promise-with-date',
    requirement: 'VAL-EDT-HANDLING-KNOWN',
    description:
      'shipping options of unknown handling still give a delivery date (the carrier estimate alone)',
    install: (app) =>
      onJson(app, 'GET /items/:item_id/shipping_options', (body) => ({
        ...body,
        options: mapEach(body.options, (option) => {
          const promise = (option.estimated_delivery_time ?? {}) as Json;
          return promise.handling === null && typeof promise.shipping === 'number'
            ? {
                ...option,
                estimated_delivery_time: {
                  ...promise,
                  date: new Date(Date.now() + promise.shipping * 3_600_000).toISOString(),
                },
              }
            : option;
        }),
      })),
  },
  {
    name: 'listing-paging-offset-zero',
    requirement: 'VAL-LISTING-PAGING-ECHO',
    description:
      'the pack listing answers the page asked but reports paging.offset 0 whatever offset was asked',
    install: (app) =>
      onJson(app, LISTING, (listing) =>
        listing.paging && typeof listing.paging === 'object'
          ? { ...listing, paging: { ...(listing.paging as Json), offset: 0 } }
          : listing,
      ),
  },
  {
    name: 'order-id-checked-before-token',
    requirement: 'VAL-NO-TOKEN-FIRST',
    description:
      'an order read without a token and with a non-numeric id answers 400 invalid_order_id, not the no-token refusal',
    install: (app) =>
      onJson(app, 'GET /orders/:order_id', (body, request, reply) => {
        const id = (request.params as Record<string, string>).order_id ?? '';
        if (request.headers.authorization || /^\d+$/.test(id) || reply.statusCode < 400) return body;
        reply.code(400);
        return { message: 'Invalid order ID.', error: 'invalid_order_id', status: 400, cause: [] };
      }),
  },
  {
    name: 'search-query-echoes-filter',
    requirement: 'MEAN-SEARCH-QUERY-ECHO',
    description: 'order search answers as query the seller or buyer filter instead of the q value sent',
    install: (app) =>
      onJson(app, 'GET /orders/search', (page, request) => {
        const asked = request.query as Record<string, unknown>;
        return asked.q === undefined ? page : { ...page, query: String(asked.seller ?? asked.buyer ?? '') };
      }),
  },
];
