import { DAY_MS, isoWithOffset } from './orders-time.ts';
import type { Json, OrderEntry } from './orders-types.ts';

/** A shipment with the parties allowed to read it (the buyer and seller of its order). */
export interface ShipmentEntry {
  shipment: Json & { id: number; lead_time: Json & { cost: number } };
  buyerId: number;
  sellerId: number;
  /** What GET /shipments/{id}/lead_time answers. */
  leadTime: Json;
}

export interface ShipmentsStore {
  get(id: number): ShipmentEntry | undefined;
  /** The shipment of an order made while the mock runs (MOCK_LIVE, the alternate mock's live orders). */
  add(entry: OrderEntry): void;
}

const HANDLING_HOURS = 24;
const SHIPPING_HOURS = 72;

/** The delivery promise of a shipment: a known date, handling and carrier time in hours. */
function promiseOf(entry: OrderEntry): Json {
  const delivery = entry.createdAt + ((HANDLING_HOURS + SHIPPING_HOURS) / 24) * DAY_MS;
  return {
    type: 'known',
    date: isoWithOffset(delivery),
    unit: 'hour',
    shipping: SHIPPING_HOURS,
    handling: HANDLING_HOURS,
    offset: { date: null, shipping: null },
    time_frame: { from: null, to: null },
    pay_before: null,
    schedule: null,
  };
}

function statusOf(entry: OrderEntry): string {
  if (entry.order.status.endsWith('cancelled') || entry.order.status === 'invalid') return 'cancelled';
  if (entry.order.tags.includes('delivered')) return 'delivered';
  return entry.order.status === 'paid' ? 'ready_to_ship' : 'pending';
}

function shipmentOf(entry: OrderEntry): ShipmentEntry {
  const { order } = entry;
  const estimated = promiseOf(entry);
  const leadTime = {
    cost: entry.shippingCost,
    list_cost: entry.shippingCost,
    currency_id: order.currency_id,
    estimated_delivery_time: estimated,
  };
  return {
    shipment: {
      id: order.shipping.id,
      order_id: order.id,
      status: statusOf(entry),
      sender_id: order.seller.id,
      receiver_id: order.buyer.id,
      date_created: order.date_created,
      last_updated: order.last_updated,
      lead_time: leadTime,
    },
    buyerId: order.buyer.id,
    sellerId: order.seller.id,
    leadTime: { ...leadTime },
  };
}

/** One shipment per kept order, under the order's shipping.id. */
export function createShipmentsStore(orders: readonly OrderEntry[]): ShipmentsStore {
  const byId = new Map<number, ShipmentEntry>();
  const add = (entry: OrderEntry) => {
    byId.set(entry.order.shipping.id, shipmentOf(entry));
  };
  for (const entry of orders) add(entry);
  return { get: (id) => byId.get(id), add };
}
