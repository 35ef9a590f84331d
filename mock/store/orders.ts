// STUB: replaced by the orders area (orders, shipments, currency conversion, user status).
import type { PackInfo, StoreContext } from './context.ts';

export interface OrdersStore {
  /** The pack with this id (pack_id, or the order id of an order whose pack_id is null). */
  pack(packId: number): PackInfo | undefined;
}

export function createOrdersStore(_ctx: StoreContext): OrdersStore {
  return { pack: () => undefined };
}
