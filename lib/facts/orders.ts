import { type Asked, type Fact, factsOf, idOf, isObject, type Json, list, segmentAfter } from './fact.ts';

/** The order fields that a search result (full form) and the order's read both carry. */
const ORDER_FIELDS = [
  'status',
  'pack_id',
  'total_amount',
  'paid_amount',
  'currency_id',
  'date_created',
  'buyer.id',
  'seller.id',
];

const ITEM_IDS = 'order_items[].item.id';

/** The ids of the items of an order (sorted, so two reads compare as sets). */
function itemIds(order: Json, place: string): Fact[] {
  const ids = list(order.order_items).flatMap((line) => {
    const id = isObject(line.item) ? idOf(line.item.id) : undefined;
    return id === undefined ? [] : [id];
  });
  return Array.isArray(order.order_items)
    ? factsOf('order', { id: order.id, ids: [...new Set(ids)].sort() }, ['ids'], place).map((f) => ({
        ...f,
        field: ITEM_IDS,
      }))
    : [];
}

/** The buyer of the pack's conversation with this order's seller: the pack is pack_id, or the order id when null. */
function packBuyer(order: Json, place: string): Fact[] {
  const pack = idOf(order.pack_id) ?? (order.pack_id === null ? idOf(order.id) : undefined);
  const seller = isObject(order.seller) ? idOf(order.seller.id) : undefined;
  const buyer = isObject(order.buyer) ? order.buyer.id : undefined;
  if (pack === undefined || seller === undefined) return [];
  return factsOf('pack', { buyer }, ['buyer'], place, `${pack} seller ${seller}`);
}

/** What the buyer bought, line by line: one title, quantity and price however the order is read. */
const LINE_FIELDS = ['item.title', 'quantity', 'unit_price', 'currency_id'];

function lines(order: Json, place: string): Fact[] {
  const orderId = idOf(order.id);
  if (orderId === undefined) return [];
  return list(order.order_items).flatMap((line) => {
    const itemId = isObject(line.item) ? idOf(line.item.id) : undefined;
    return itemId === undefined
      ? []
      : factsOf('order', line, LINE_FIELDS, place, `${orderId} item ${itemId}`);
  });
}

function order(object: Json, place: string): Fact[] {
  return [
    ...factsOf('order', object, ORDER_FIELDS, place),
    ...itemIds(object, place),
    ...lines(object, place),
    ...packBuyer(object, place),
  ];
}

/** The fields a shipment read's lead_time and the lead time read both carry (one delivery promise). */
const PROMISE_FIELDS = [
  'cost',
  'list_cost',
  'currency_id',
  'estimated_delivery_time.type',
  'estimated_delivery_time.date',
  'estimated_delivery_time.unit',
  'estimated_delivery_time.shipping',
  'estimated_delivery_time.handling',
  'estimated_delivery_time.offset.date',
  'estimated_delivery_time.offset.shipping',
];

/** The items a discount names: part of the order's items, never another item. */
function discountItems(body: Json, asked: Asked): Fact[] {
  const id = segmentAfter(asked, 'orders');
  const ids = list(body.details).flatMap((d) =>
    list(d.items).flatMap((item) => (idOf(item.id) === undefined ? [] : [idOf(item.id) as string])),
  );
  if (id === undefined || ids.length === 0) return [];
  const place = 'GET /orders/{order_id}/discounts details[].items[]';
  return [{ kind: 'order', id, field: ITEM_IDS, value: [...new Set(ids)].sort(), place, within: true }];
}

/**
 * What one party reads of an order's own resources (FACT-ORDER-PARTY-VIEWS): the buyer and the seller
 * read one order, so one product and one set of discounts; each caller's read is a place of its own.
 */
function partyView(asked: Asked, field: string, value: string[] | undefined): Fact[] {
  const id = segmentAfter(asked, 'orders');
  if (id === undefined || value === undefined || asked.caller === undefined) return [];
  const place = `GET /orders/{order_id}/${field.split('.')[0]} as the ${asked.caller}`;
  // Sorted as one spelling (NFC), so reads that list one set in another order or composition agree.
  const sorted = value.map((v) => v.normalize('NFC')).sort();
  return [{ kind: 'view', id, field, value: sorted, place }];
}

/** A product's attributes, each as `id name=value` (their order is not the reference's). */
const attributesOf = (body: Json): string[] | undefined =>
  Array.isArray(body.attributes)
    ? list(body.attributes).map((a) => `${idOf(a.id)} ${String(a.name)}=${String(a.value)}`)
    : undefined;

/** A discounts read's details by type (coupon, discount, cashback), one entry each. */
const discountTypesOf = (body: Json): string[] | undefined =>
  Array.isArray(body.details) ? list(body.details).map((d) => String(d.type)) : undefined;

/** The buyer each message of a pack listing shows: the party that is not the listing's seller. */
function listingBuyers(body: Json, asked: Asked): Fact[] {
  const pack = segmentAfter(asked, 'packs');
  const seller = segmentAfter(asked, 'sellers');
  if (pack === undefined || seller === undefined) return [];
  return list(body.messages).flatMap((message) => {
    const parties = [message.from, message.to].map((p) => (isObject(p) ? idOf(p.user_id) : undefined));
    if (parties.some((p) => p === undefined)) return [];
    const others = parties.filter((p) => Number(p) !== Number(seller));
    const buyer = others.length === 1 ? others[0] : parties.join(' and ');
    const place = 'GET /messages/packs/{pack_id}/sellers/{user_id} messages[] from/to';
    return factsOf('pack', { buyer }, ['buyer'], place, `${pack} seller ${seller}`);
  });
}

export const ORDER_EXTRACTORS: Record<string, (body: Json | Json[], asked: Asked) => Fact[]> = {
  getOrder: (body) => (Array.isArray(body) ? [] : order(body, 'GET /orders/{order_id}')),
  searchOrders: (body) =>
    Array.isArray(body) ? [] : list(body.results).flatMap((o) => order(o, 'GET /orders/search results[]')),
  getOrderDiscounts: (body, asked) =>
    Array.isArray(body)
      ? []
      : [
          ...discountItems(body, asked),
          ...partyView(asked, 'discounts.details[].type', discountTypesOf(body)),
        ],
  getOrderProduct: (body, asked) =>
    Array.isArray(body) ? [] : partyView(asked, 'product.attributes', attributesOf(body)),
  getShipment: (body, asked) =>
    Array.isArray(body)
      ? []
      : factsOf(
          'shipment',
          body.lead_time,
          PROMISE_FIELDS,
          'GET /shipments/{shipping_id} lead_time',
          body.id ?? segmentAfter(asked, 'shipments'),
        ),
  getShipmentLeadTime: (body, asked) =>
    Array.isArray(body)
      ? []
      : factsOf(
          'shipment',
          body,
          PROMISE_FIELDS,
          'GET /shipments/{shipment_id}/lead_time',
          segmentAfter(asked, 'shipments'),
        ),
  listPackMessages: (body, asked) => (Array.isArray(body) ? [] : listingBuyers(body, asked)),
};
