// STUB: replaced by the catalog area (locations, categories, item search, shipping options).
import type { StoreContext } from './context.ts';

export type CatalogStore = Record<string, never>;

export function createCatalogStore(_ctx: StoreContext): CatalogStore {
  return {};
}
