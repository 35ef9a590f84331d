import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { ApiError } from '../errors.ts';
import { pathParam } from '../http.ts';
import type { OrderEntry } from '../store/orders-types.ts';
import type { MockUser } from '../store/users.ts';

/** The order error table of the reference; statuses are the observed ones (the reference gives none). */
export const orderErrors = {
  notFound: () => new ApiError(404, 'order_not_found', 'Order not found.'),
  emptyId: () => new ApiError(400, 'empty_order_id', 'Order ID can not be empty.'),
  invalidId: () => new ApiError(400, 'invalid_order_id', 'Invalid order ID.'),
  notIdentified: () => new ApiError(403, 'not_identified_user', 'Can not identify the user.'),
  notOwned: () => new ApiError(403, 'not_owned_order', 'The user has not access to the order.'),
  callerInvalid: () => new ApiError(403, 'caller.id.invalid', 'caller.id does not match buyer nor seller.'),
};

/** The caller of an order operation: the order resource answers not_identified_user without a token. */
export function requireOrderCaller(request: FastifyRequest): MockUser {
  return requireUser(request, { whenMissing: orderErrors.notIdentified });
}

/** A positive decimal id of a path parameter, or undefined. */
export function positiveId(text: string): number | undefined {
  if (!/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return id > 0 ? id : undefined;
}

/** Authenticates, validates order_id and checks the caller is the order's buyer or seller. */
export function requireOwnOrder(request: FastifyRequest): OrderEntry {
  const caller = requireOrderCaller(request);
  const raw = pathParam(request, 'order_id').trim();
  if (raw === '') throw orderErrors.emptyId();
  const id = positiveId(raw);
  if (id === undefined) throw orderErrors.invalidId();
  const entry = request.server.world.orders.orders.get(id);
  if (!entry) throw orderErrors.notFound();
  if (entry.order.buyer.id !== caller.id && entry.order.seller.id !== caller.id) throw orderErrors.notOwned();
  return entry;
}
