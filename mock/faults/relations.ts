import type { FastifyInstance } from 'fastify';
import { eachOf, type Fault, onJson, type RouteKey } from './kit.ts';

/**
 * One planted regression per kind of relation the spec declares (issue 46: one fact in two places, part
 * and whole, order and implication, units and magnitudes), each breaking a relation no field type shows.
 */

type Json = Record<string, unknown>;

const ORDER: RouteKey = 'GET /orders/:order_id';
const ORDER_SEARCH: RouteKey = 'GET /orders/search';

/** Changes every order of an order read and of an order search's results. */
function onOrders(app: FastifyInstance, change: (order: Json) => void): void {
  onJson(
    app,
    ORDER,
    (order) => {
      change(order);
      return order;
    },
    200,
  );
  onJson(app, ORDER_SEARCH, (page) => eachOf(page, 'results', change), 200);
}

const isObject = (value: unknown): value is Json => !!value && typeof value === 'object';

export const RELATION_FAULTS: Fault[] = [
  {
    name: 'destination-state-named-as-city',
    requirement: 'REL-SHIP-DESTINATION-PLACES',
    description:
      "the shipping options' destination names its state with its city's name (one fact in two places)",
    install: (app) =>
      onJson(
        app,
        'GET /items/:item_id/shipping_options',
        (body) => {
          const { destination } = body;
          if (isObject(destination) && isObject(destination.state) && isObject(destination.city))
            destination.state.name = destination.city.name;
          return body;
        },
        200,
      ),
  },
  {
    name: 'paid-order-paid-amount-short',
    requirement: 'ORD-PAID-AMOUNT-SHIPPING',
    description: 'a paid order states a paid_amount below its total_amount (part and whole)',
    install: (app) =>
      onOrders(app, (order) => {
        if (order.status === 'paid' && typeof order.total_amount === 'number' && order.total_amount > 1)
          order.paid_amount = order.total_amount - 1;
      }),
  },
  {
    name: 'payment-modified-before-created',
    requirement: 'REL-PAYMENT-DATES',
    description: "an order's payments are last modified a day before they were created (order)",
    install: (app) =>
      onOrders(app, (order) => {
        for (const payment of Array.isArray(order.payments) ? order.payments : []) {
          if (!isObject(payment) || typeof payment.date_created !== 'string') continue;
          const created = Date.parse(payment.date_created);
          if (!Number.isNaN(created))
            payment.date_last_modified = new Date(created - 86_400_000).toISOString();
        }
      }),
  },
  {
    name: 'list-attribute-values-dropped',
    requirement: 'CAT-ATTR-VALUES',
    description:
      'list attributes of a category come without their values (implication, and a field left out)',
    install: (app) =>
      onJson(
        app,
        'GET /categories/:category_id/attributes',
        (body) => {
          for (const attribute of Array.isArray(body) ? (body as unknown[]) : [])
            if (isObject(attribute) && attribute.value_type === 'list') delete attribute.values;
          return body;
        },
        200,
      ),
  },
  {
    name: 'shipping-speed-negative',
    requirement: 'REL-SHIP-SPEED-HOURS',
    description: "the shipping options' average handling hours come below zero (a magnitude)",
    install: (app) =>
      onJson(
        app,
        'GET /items/:item_id/shipping_options',
        (body) =>
          eachOf(body, 'options', (option) => {
            const speed = option.speed;
            if (isObject(speed) && typeof speed.handling === 'number') speed.handling = -1 - speed.handling;
          }),
        200,
      ),
  },
];
