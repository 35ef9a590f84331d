// STUB: replaced by the messages-and-attachments area.
import type { StoreContext } from './context.ts';
import type { PacksStore } from './packs.ts';

export type MessagingStore = Record<string, never>;

export function createMessagingStore(_ctx: StoreContext, _packs: PacksStore): MessagingStore {
  return {};
}
