import { type CatalogStore, createCatalogStore } from './catalog.ts';
import type { StoreContext } from './context.ts';
import { createFiscalStore, type FiscalStore } from './fiscal.ts';
import { createMessagingStore, type MessagingStore } from './messaging.ts';
import { createOrdersStore, type OrdersStore } from './orders.ts';
import { createPacksStore, type PacksStore } from './packs.ts';
import { createUsersStore, type UsersStore } from './users.ts';

/** All state of the mock: rebuilt from fixtures/data on start and on POST /__mock/reset. */
export interface World {
  now: Date;
  users: UsersStore;
  packs: PacksStore;
  orders: OrdersStore;
  fiscal: FiscalStore;
  messaging: MessagingStore;
  catalog: CatalogStore;
}

export interface WorldOptions {
  now?: Date;
  scale?: number;
}

export function createWorld(options: WorldOptions = {}): World {
  const ctx: StoreContext = {
    now: options.now ?? new Date(),
    users: createUsersStore(),
    scale: options.scale ?? 1,
  };
  const packs = createPacksStore();
  return {
    now: ctx.now,
    users: ctx.users,
    packs,
    orders: createOrdersStore(ctx, packs),
    fiscal: createFiscalStore(ctx, packs),
    messaging: createMessagingStore(ctx, packs),
    catalog: createCatalogStore(ctx),
  };
}

/** Replaces the state of an existing world in place, so references to it stay valid. */
export function resetWorld(world: World, options: WorldOptions = {}): void {
  Object.assign(world, createWorld(options));
}
