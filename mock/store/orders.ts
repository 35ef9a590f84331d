// STUB: replaced by the orders area (orders, shipments, currency conversion, user status).
import type { StoreContext } from './context.ts';
import type { PacksStore } from './packs.ts';

export type OrdersStore = Record<string, never>;

export function createOrdersStore(_ctx: StoreContext, _packs: PacksStore): OrdersStore {
  return {};
}
