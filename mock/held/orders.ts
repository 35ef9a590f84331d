import type { OrderEntry } from '../store/orders-types.ts';
import { everyPage } from './paging.ts';
import { type HeldContext, type HeldRead, type HeldUser, segment, urlOf } from './types.ts';

const NEW_FORMAT = { 'x-format-new': 'true' };

const isPartyOf = (entry: OrderEntry, user: HeldUser) =>
  entry.order.seller.id === user.id || entry.order.buyer.id === user.id;

const ordersOf = (ctx: HeldContext, user: HeldUser) =>
  ctx.world.orders.orders.all().filter((entry) => isPartyOf(entry, user));

/** The order, its product attributes and discounts; its shipment and the shipment's lead time. */
function orderReads(ctx: HeldContext, user: HeldUser, entry: OrderEntry): HeldRead[] {
  const { token } = user;
  const order = `/orders/${segment(entry.order.id)}`;
  const reads: HeldRead[] = [
    { operationId: 'getOrder', url: order, token, headers: NEW_FORMAT },
    { operationId: 'getOrderProduct', url: `${order}/product`, token },
    { operationId: 'getOrderDiscounts', url: `${order}/discounts`, token },
  ];
  const shipmentId = entry.order.shipping.id;
  if (!ctx.world.orders.shipments.get(shipmentId)) return reads;
  const shipment = `/shipments/${segment(shipmentId)}`;
  return [
    ...reads,
    { operationId: 'getShipment', url: shipment, token, headers: NEW_FORMAT },
    { operationId: 'getShipmentLeadTime', url: `${shipment}/lead_time`, token },
  ];
}

/** Every page of the user's orders in their role: the seller's sales, the buyer's purchases. */
function searchPages(ctx: HeldContext, user: HeldUser): Promise<HeldRead[]> {
  const read = (offset?: number): HeldRead => ({
    operationId: 'searchOrders',
    url: urlOf('/orders/search', { [user.role]: user.id, offset }),
    token: user.token,
  });
  return everyPage(ctx, read(), read);
}

const userStatus = (user: HeldUser): HeldRead => ({
  operationId: 'getUserStatus',
  url: urlOf(`/users/${segment(user.id)}`, { attributes: 'status' }),
  token: user.token,
});

/** Every ordered pair of the currencies the store knows, a currency with itself too. */
function conversions(ctx: HeldContext, user: HeldUser): HeldRead[] {
  const ids = ctx.world.orders.currencies.ids();
  return ids.flatMap((from) =>
    ids.map((to) => ({
      operationId: 'convertCurrency',
      url: urlOf('/currency_conversions/search', { from, to }),
      token: user.token,
    })),
  );
}

/** The orders area of every user: orders, shipments, order search pages, user status, conversions. */
export async function orderAreaReads(ctx: HeldContext): Promise<HeldRead[]> {
  const perUser = await Promise.all(
    ctx.users.map(async (user) => {
      const pages = await searchPages(ctx, user);
      return [
        ...ordersOf(ctx, user).flatMap((entry) => orderReads(ctx, user, entry)),
        ...pages,
        userStatus(user),
        ...conversions(ctx, user),
      ];
    }),
  );
  return perUser.flat();
}
