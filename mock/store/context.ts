import type { UsersStore } from './users.ts';

/** What every area store is built from. */
export interface StoreContext {
  /** The mock's clock at start: seed dates are relative to it. */
  now: Date;
  users: UsersStore;
  /** Multiplies generated seed data (benchmarks); 1 by default. */
  scale: number;
}

/** A pack as the stores of fiscal documents and messages need it (pack_id, or the order id when pack_id is null). */
export interface PackInfo {
  packId: number;
  orderIds: number[];
  buyerId: number;
  sellerIds: number[];
  siteId: string;
  /** Every order of the pack is cancelled: its conversation is blocked (blocked_by_cancelled_order). */
  cancelled: boolean;
  /** A mediation is in process on an order of the pack. */
  mediationInProcess: boolean;
  /** Fulfilled by the platform and not yet delivered. */
  fulfilledNotDelivered: boolean;
}
