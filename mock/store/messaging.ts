// STUB: replaced by the messages-and-attachments area.
import type { StoreContext } from './context.ts';
import type { OrdersStore } from './orders.ts';

export type MessagingStore = Record<string, never>;

export function createMessagingStore(_ctx: StoreContext, _orders: OrdersStore): MessagingStore {
  return {};
}
