import { buildPayments } from './orders-payments.ts';
import { DAY_MS, daysBefore, isoWithOffset, MINUTE_MS } from './orders-time.ts';
import type { ItemSeed, Json, Order, OrderEntry, OrderSeed } from './orders-types.ts';
import type { UsersStore } from './users.ts';

const DEFAULT_SHIPPING_COST = 19.9;
const CURRENCY = 'BRL';
const APPLICATION_ID = '1234567890123456';
/** Feedback becomes visible and payments are released this long after creation (mock choice). */
const EXPIRATION_DAYS = 28;

interface BuildContext {
  now: Date;
  users: UsersStore;
  items: Record<string, ItemSeed>;
  shippingIdOffset: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

function paidAmount(seed: OrderSeed, total: number, shippingCost: number): number {
  if (seed.status === 'paid') return round2(total + shippingCost);
  if (seed.status === 'partially_paid') return round2(total / 2);
  return 0;
}

function cancelDetail(seed: OrderSeed, at: string): Json {
  if (!seed.cancel) return {};
  return {
    group: seed.cancel.group,
    code: seed.cancel.code,
    description: seed.cancel.description,
    requested_by: seed.cancel.requestedBy,
    date: at,
    application_id: APPLICATION_ID,
  };
}

function orderItem(seed: OrderSeed, item: ItemSeed): Order['order_items'][number] & Json {
  const quantity = seed.quantity ?? 1;
  return {
    item: {
      id: seed.itemId,
      title: item.title,
      category_id: item.categoryId,
      variation_id: null,
      variation_attributes: [],
      seller_custom_field: null,
      seller_sku: null,
      condition: 'new',
      warranty: 'Garantia do vendedor: 90 dias',
    },
    quantity,
    unit_price: item.unitPrice,
    full_unit_price: item.unitPrice,
    sale_fee: round2(item.unitPrice * 0.12),
    currency_id: CURRENCY,
    listing_type_id: item.listingTypeId,
  };
}

interface Moments {
  created: number;
  closed: number;
  updated: number;
}

/** Every order starts confirmed, so date_closed (first change to confirmed or paid) follows creation. */
function momentsOf(seed: OrderSeed, now: Date): Moments {
  const created = daysBefore(now, seed.daysAgo);
  const closed = created + 5 * MINUTE_MS;
  const updated = Math.min(created + 60 * MINUTE_MS, now.getTime());
  return { created, closed: Math.min(closed, updated), updated };
}

/** Builds one order (full form) and what its product and discount reads answer. */
export function buildOrder(seed: OrderSeed, ctx: BuildContext): OrderEntry {
  const item = ctx.items[seed.itemId];
  if (!item) throw new Error(`orders.json: order ${seed.id} names unknown item ${seed.itemId}`);
  const at = momentsOf(seed, ctx.now);
  const iso = { created: isoWithOffset(at.created), updated: isoWithOffset(at.updated) };
  const line = orderItem(seed, item);
  const total = round2(line.unit_price * line.quantity);
  const shippingCost = seed.shippingCost ?? DEFAULT_SHIPPING_COST;
  const seller = ctx.users.byId(seed.sellerId);
  const siteId = seller?.site_id ?? 'MLB';
  const order: Order = {
    id: seed.id,
    status: seed.status,
    status_detail: seed.cancel ? { code: seed.cancel.code, description: seed.cancel.description } : null,
    date_created: iso.created,
    date_closed: isoWithOffset(at.closed),
    expiration_date: isoWithOffset(at.created + EXPIRATION_DAYS * DAY_MS),
    last_updated: iso.updated,
    date_last_updated: iso.updated,
    order_items: [line],
    total_amount: total,
    paid_amount: paidAmount(seed, total, shippingCost),
    currency_id: CURRENCY,
    buyer: { id: seed.buyerId },
    seller: { id: seed.sellerId },
    payments: buildPayments({
      seed,
      reason: item.title,
      amount: seed.status === 'partially_paid' ? round2(total / 2) : total,
      shippingCost,
      currencyId: CURRENCY,
      siteId,
      created: iso.created,
      modified: iso.updated,
    }),
    feedback: seed.feedback ?? { sale: null, purchase: null },
    context: { channel: seed.channel ?? 'marketplace', site: siteId, flows: [] },
    shipping: { id: seed.id + ctx.shippingIdOffset },
    tags: seed.tags ?? [],
    taxes: { amount: seed.taxes ?? null, currency_id: seed.taxes == null ? null : CURRENCY },
    cancel_detail: cancelDetail(seed, iso.updated),
    pack_id: seed.packId,
    pickup_id: null,
    mediations: seed.mediations ?? [],
    comments: null,
    fulfilled: seed.tags?.includes('delivered') ? true : null,
    buying_mode: 'buy_it_now',
    order_request: { change: null, return: null },
    coupon: seed.coupon ?? { amount: 0, id: null },
    shipping_cost: shippingCost,
    application_id: APPLICATION_ID,
    hidden_for_seller: false,
    manufacturing_ending_date: null,
  };
  return {
    order,
    createdAt: at.created,
    closedAt: at.closed,
    updatedAt: at.updated,
    missing: seed.missing ?? [],
    discounts: seed.discounts ?? [],
    attributes: item.attributes,
    shippingCost,
  };
}
