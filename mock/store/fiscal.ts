// STUB: replaced by the fiscal-documents area.
import type { StoreContext } from './context.ts';
import type { OrdersStore } from './orders.ts';

export type FiscalStore = Record<string, never>;

export function createFiscalStore(_ctx: StoreContext, _orders: OrdersStore): FiscalStore {
  return {};
}
