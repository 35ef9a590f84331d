import { type CategoriesStore, createCategoriesStore } from './catalog-categories.ts';
import { createItemsStore, type ItemsStore } from './catalog-items.ts';
import { createLocationsStore, type LocationsStore } from './catalog-locations.ts';
import { createShippingStore, type ShippingStore } from './catalog-shipping.ts';
import type { StoreContext } from './context.ts';

/** Read-only catalog state: classified locations, category trees, searchable items, shipping options. */
export interface CatalogStore {
  locations: LocationsStore;
  categories: CategoriesStore;
  items: ItemsStore;
  shipping: ShippingStore;
}

export function createCatalogStore(ctx: StoreContext): CatalogStore {
  const locations = createLocationsStore();
  const items = createItemsStore(ctx.now, locations);
  return {
    locations,
    categories: createCategoriesStore(items.categoryIds()),
    items,
    shipping: createShippingStore(ctx.now, locations),
  };
}
