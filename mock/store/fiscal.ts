// STUB: replaced by the fiscal-documents area.
import type { StoreContext } from './context.ts';
import type { PacksStore } from './packs.ts';

export type FiscalStore = Record<string, never>;

export function createFiscalStore(_ctx: StoreContext, _packs: PacksStore): FiscalStore {
  return {};
}
