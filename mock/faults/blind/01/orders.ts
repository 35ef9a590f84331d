/** Blind batch 01: order reads, 206 answers, payments, discounts and product attributes. */
import { onJson } from '../../kit.ts';
import type { BlindFault } from '../kit.ts';
import { callerOf, first, type Json, onOrders, param } from './shared.ts';

const round2 = (value: number) => Math.round(value * 100) / 100;

export const ORDER_FAULTS: BlindFault[] = [
  {
    name: 'b01-order-paid-amount-drops-shipping',
    description:
      'The order serializer fills paid_amount of a paid order from total_amount, so the shipping the buyer paid through the platform is left out of the amount paid.',
    bugClass: 'serializer copies the wrong field',
    quote: 'Amount paid (includes shipping when paid through the platform)',
    basis: 'stated',
    visibleTo:
      'the seller and the buyer, on every paid order (by id and in search results), next to payments whose shipping_cost is not 0',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/2000000005' },
      { as: 'buyer', method: 'GET', url: '/orders/2000000013' },
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001&order.status=paid' },
    ],
    install(app) {
      onOrders(app, (order) => {
        if (order.status === 'paid' && typeof order.total_amount === 'number')
          order.paid_amount = order.total_amount;
      });
    },
  },
  {
    name: 'b01-order-partial-missing-as-null',
    description:
      'On a 206 answer the fields named in X-Content-Missing are serialized as null instead of empty objects (a null-object default changed in the renderer).',
    bugClass: 'default changed (null instead of empty object)',
    quote: 'Those fields are returned empty objects; the rest of the order is present.',
    basis: 'stated',
    visibleTo: 'the seller and the buyer, only on orders whose data could not all be obtained (206 answers)',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/2000000009' },
      { as: 'buyer', method: 'GET', url: '/orders/2000000009' },
    ],
    install(app) {
      onJson(
        app,
        'GET /orders/:order_id',
        (body, _request, reply) => {
          const missing = String(reply.getHeader('x-content-missing') ?? '');
          for (const field of missing.split(',').map((f) => f.trim()))
            if (field !== '' && field in body) body[field] = null;
          return body;
        },
        206,
      );
    },
  },
  {
    name: 'b01-order-total-ignores-quantity',
    description:
      'total_amount is summed over the unit prices of the order items without multiplying by their quantity, so an order of several units is totalled as one.',
    bugClass: 'aggregate over the wrong set (quantity dropped)',
    quote: 'Total invoice amount … Quantity purchased … Price per item',
    basis: 'implied',
    visibleTo:
      'the seller and the buyer, only on orders with an item bought in a quantity above 1 (by id and in search results)',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/2000000003' },
      { as: 'buyer', method: 'GET', url: '/orders/2000000003' },
      { as: 'seller', method: 'GET', url: '/orders/search?seller=2001&order.status=payment_in_process' },
    ],
    install(app) {
      onOrders(app, (order) => {
        const lines = Array.isArray(order.order_items) ? (order.order_items as Json[]) : [];
        if (!lines.some((line) => Number(line.quantity) > 1)) return;
        order.total_amount = round2(lines.reduce((sum, line) => sum + Number(line.unit_price ?? 0), 0));
      });
    },
  },
  {
    name: 'b01-payment-order-id-from-pack',
    description:
      'The payment serializer writes the pack id into payments[].order_id when the order belongs to a pack (a join on pack_id instead of the order id).',
    bugClass: 'join on the wrong column',
    quote: 'Payments of the order … Fields: id, order_id, payer_id',
    basis: 'implied',
    visibleTo: 'the seller and the buyer, only on orders that belong to a pack and have a payment',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/2000000012' },
      { as: 'buyer', method: 'GET', url: '/orders/2000000100' },
      { as: 'seller', method: 'GET', url: '/orders/2000000013' },
    ],
    install(app) {
      onOrders(app, (order) => {
        if (typeof order.pack_id !== 'number' || !Array.isArray(order.payments)) return;
        for (const payment of order.payments as Json[]) payment.order_id = order.pack_id;
      });
    },
  },
  {
    name: 'b01-discount-cashback-element-id-string',
    description:
      'The discounts serializer writes the element_id of cashback items as a string (it is passed through from a text column).',
    bugClass: 'serializer type change',
    quote: 'element_id (integer, cashback)',
    basis: 'stated',
    visibleTo: 'the seller and the buyer, only on orders with a cashback discount',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/2000000005/discounts' },
      { as: 'buyer', method: 'GET', url: '/orders/2000000005/discounts' },
    ],
    install(app) {
      onJson(
        app,
        'GET /orders/:order_id/discounts',
        (body) => {
          for (const detail of (Array.isArray(body.details) ? body.details : []) as Json[]) {
            if (detail.type !== 'cashback' || !Array.isArray(detail.items)) continue;
            for (const item of detail.items as Json[])
              if (typeof item.element_id === 'number') item.element_id = String(item.element_id);
          }
          return body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-product-attributes-of-pack-first-order',
    description:
      'The product attributes of an order in a pack are looked up by pack, and the first order of the pack wins: the other orders of a multi-order pack answer the attributes of another product.',
    bugClass: 'lookup keyed by the parent (pack) instead of the order',
    quote: 'read the product attributes of an order',
    basis: 'implied',
    visibleTo:
      'only the buyer (the seller of the first order reads its own), on orders that are not the first of a pack of several orders',
    witnesses: [
      { as: 'buyer', method: 'GET', url: '/orders/2000001100/product' },
      { as: 'buyer', method: 'GET', url: '/orders/2000001118/product' },
      { as: 'seller', method: 'GET', url: '/orders/2000000100/product' },
    ],
    install(app) {
      onJson(
        app,
        'GET /orders/:order_id/product',
        (body, request) => {
          const orders = app.world.orders.orders;
          const entry = orders.get(Number(param(request, 'order_id')));
          const packId = entry?.order.pack_id;
          if (!entry || packId == null) return body;
          const head = app.world.packs.get(packId)?.orderIds[0];
          const headEntry = head === undefined ? undefined : orders.get(head);
          return headEntry ? { ...body, attributes: structuredClone(headEntry.attributes) } : body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-order-access-trusts-caller-id',
    description:
      "An order read that carries the query parameter caller.id is served as that user (a support shortcut that takes the caller from the query instead of the token), so any token reads any party's order.",
    bugClass: 'access check trusts a query parameter',
    quote: 'The order can be read only with a token of its buyer or seller.',
    basis: 'stated',
    visibleTo: 'any user with a valid token who adds caller.id=<a party of the order> to an order read',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/orders/2000000020?caller.id=2002' },
      { as: 'buyer', method: 'GET', url: '/orders/2000000020/discounts?caller.id=3002' },
      { as: 'seller', method: 'GET', url: '/orders/2000001119/product?caller.id=3001' },
    ],
    install(app) {
      const routes = new Set([
        'GET /orders/:order_id',
        'GET /orders/:order_id/product',
        'GET /orders/:order_id/discounts',
      ]);
      app.addHook('preHandler', async (request) => {
        if (!routes.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
        const claimed = first((request.query as Json)['caller.id']);
        if (claimed === undefined || !/^\d{1,15}$/.test(claimed) || !callerOf(request)) return;
        const user = app.world.users.byId(Number(claimed));
        if (user) request.headers.authorization = `Bearer ${user.token}`;
      });
    },
  },
];
