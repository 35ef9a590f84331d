/** Blind batch 01: shipping options, shipment lead time. */
import { isoWithOffset } from '../../../store/orders-time.ts';
import { onJson, query } from '../../kit.ts';
import type { BlindFault } from '../kit.ts';
import { first, type Json, param, routeOf } from './shared.ts';

const OPTIONS = 'GET /items/:item_id/shipping_options' as const;
const HOUR_MS = 3_600_000;

function optionsOf(body: Json): Json[] {
  return (Array.isArray(body.options) ? body.options : []) as Json[];
}

export const SHIPPING_FAULTS: BlindFault[] = [
  {
    name: 'b01-shipping-known-frame-handling-null',
    description:
      'The delivery-promise serializer keeps the handling time only when type is exactly known, so known_frame promises answer handling null while still carrying their dates.',
    bugClass: 'equality test too strict (one value of a family)',
    quote: 'known_frame (date range with start and end, handling known)',
    basis: 'stated',
    visibleTo: 'the seller and the buyer, on shipping options whose promise is known_frame',
    witnesses: [
      { as: 'buyer', method: 'GET', url: '/items/MLB100000001/shipping_options?zip_code=01310100' },
      { as: 'seller', method: 'GET', url: '/items/MLB100000005/shipping_options?city_to=TUxCQ1NBTzQ1N2E4' },
    ],
    install(app) {
      onJson(
        app,
        OPTIONS,
        (body) => {
          for (const option of optionsOf(body)) {
            const promise = option.estimated_delivery_time as Json | undefined;
            if (promise && promise.type !== 'known') promise.handling = null;
          }
          return body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-shipping-short-estimate-utc-slip',
    description:
      'The short form estimated_delivery.date is written with the local wall-clock time but a Z suffix (the offset is dropped instead of converted), so it names an instant three hours later than estimated_delivery_time.date.',
    bugClass: 'timezone slip',
    quote:
      'estimated_delivery (short form: date, pay_before, time_from, time_to) … date (estimated delivery date; start of range when a range)',
    basis: 'implied',
    visibleTo: 'the seller and the buyer, on shipping options whose promise has a date (handling known)',
    witnesses: [
      { as: 'buyer', method: 'GET', url: '/items/MLB100000001/shipping_options?zip_code=01310100' },
      { as: 'seller', method: 'GET', url: '/items/MLB100000002/shipping_options?zip_code=22070000' },
    ],
    install(app) {
      onJson(
        app,
        OPTIONS,
        (body) => {
          for (const option of optionsOf(body)) {
            const short = option.estimated_delivery as Json | undefined;
            if (short && typeof short.date === 'string')
              short.date = short.date.replace(/[+-]\d{2}:\d{2}$/, 'Z');
          }
          return body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-lead-time-drops-handling',
    description:
      "GET /shipments/{id}/lead_time computes the promised date from the carrier time alone, without the seller's handling time, so it promises another date than the lead_time of GET /shipments/{id}.",
    bugClass: 'two code paths computing one value differently',
    quote:
      'Changes to delivery promises are reflected in GET /shipments/{id}, GET /orders/{id}/shipments and GET /orders/{id}. … Delivery promise (estimated_delivery_time) of the shipment',
    basis: 'implied',
    visibleTo: 'the seller and the buyer, on the lead time of every shipment with a known handling time',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/shipments/4000000012/lead_time' },
      { as: 'buyer', method: 'GET', url: '/shipments/4000000005/lead_time' },
    ],
    install(app) {
      onJson(
        app,
        'GET /shipments/:shipment_id/lead_time',
        (body) => {
          const promise = body.estimated_delivery_time as Json | undefined;
          if (!promise || typeof promise.date !== 'string' || typeof promise.handling !== 'number')
            return body;
          const at = Date.parse(promise.date);
          if (!Number.isNaN(at)) promise.date = isoWithOffset(at - promise.handling * HOUR_MS);
          return body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-shipping-options-without-token',
    description:
      'Shipping options were moved behind the public catalog gateway: a call without a token is answered 200 with buyer.id null instead of 403 access_token_not_granted.',
    bugClass: 'authentication dropped when a route was moved',
    quote:
      'Calls that read or change orders, fiscal documents, messages, attachments, shipping options send header Authorization: Bearer <ACCESS_TOKEN>. … A call without a token is answered with 403, error access_token_not_granted',
    basis: 'stated',
    visibleTo: 'anyone without a token, on shipping options of a known item and destination',
    witnesses: [
      { as: 'anonymous', method: 'GET', url: '/items/MLB100000001/shipping_options?zip_code=01310100' },
      {
        as: 'anonymous',
        method: 'GET',
        url: '/items/MLB100000003/shipping_options?city_to=TUxCQ1NBTzQ1N2E4',
      },
    ],
    install(app) {
      app.addHook('preHandler', async (request, reply) => {
        if (routeOf(request) !== OPTIONS || request.headers.authorization) return;
        const { items, shipping } = app.world.catalog;
        const item = items.get(param(request, 'item_id'));
        const zip = first(query(request).zip_code);
        const city = first(query(request).city_to);
        if (!item || (zip === undefined) === (city === undefined)) return;
        const destination = zip !== undefined ? shipping.byZip(zip) : shipping.byCity(city!);
        if (!destination) return;
        const answer = shipping.options(item, destination, 0);
        reply.code(200).send({ ...answer, buyer: { ...(answer.buyer as Json), id: null } });
        return reply;
      });
    },
  },
];
