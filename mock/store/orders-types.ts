/** Types of the orders area: the seed (fixtures/data/orders.json) and the answers built from it. */

export const ORDER_STATUSES = [
  'confirmed',
  'payment_required',
  'payment_in_process',
  'partially_paid',
  'paid',
  'cancelled',
  'invalid',
  'manually_cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Fields an order read may answer as empty objects (206 with X-Content-Missing). */
type MissingField = 'buyer' | 'feedback' | 'mediations' | 'seller' | 'shipping';

interface FeedbackSeed {
  rating: string;
  fulfilled: boolean;
  status: string;
}

interface MediationSeed {
  id: number;
  stage: string;
  status: string;
}

interface CancelSeed {
  group: string;
  code: string;
  description: string;
  requestedBy: string;
}

interface DiscountDetail {
  type: 'coupon' | 'discount' | 'cashback';
  [key: string]: unknown;
}

export interface OrderSeed {
  id: number;
  purpose?: string;
  status: OrderStatus;
  daysAgo: number;
  buyerId: number;
  sellerId: number;
  packId: number | null;
  itemId: string;
  quantity?: number;
  tags?: string[];
  taxes?: number | null;
  shippingCost?: number;
  channel?: string;
  coupon?: { amount: number; id: string | null };
  feedback?: { sale: FeedbackSeed | null; purchase: FeedbackSeed | null };
  mediations?: MediationSeed[];
  cancel?: CancelSeed;
  discounts?: DiscountDetail[];
  missing?: MissingField[];
}

export interface ItemSeed {
  title: string;
  categoryId: string;
  unitPrice: number;
  listingTypeId: string;
  attributes: { id: number; name: string; value: string }[];
}

export interface OrdersSeed {
  retentionDays: number;
  shippingIdOffset: number;
  items: Record<string, ItemSeed>;
  orders: OrderSeed[];
}

export type Json = Record<string, unknown>;

/** The order resource (full form) as the mock answers it; fields the search reads are typed. */
export interface Order extends Json {
  id: number;
  status: OrderStatus;
  date_created: string;
  date_closed: string;
  last_updated: string;
  date_last_updated: string;
  order_items: ({
    item: { id: string; title: string } & Json;
    quantity: number;
    unit_price: number;
  } & Json)[];
  total_amount: number;
  currency_id: string;
  buyer: { id: number } & Json;
  seller: { id: number } & Json;
  feedback: { sale: FeedbackSeed | null; purchase: FeedbackSeed | null };
  mediations: MediationSeed[];
  shipping: { id: number };
  tags: string[];
  taxes: { amount: number | null; currency_id: string | null };
  pack_id: number | null;
}

/** One order with what the other order reads answer. */
export interface OrderEntry {
  order: Order;
  /** Epoch milliseconds of date_created, for sorting. */
  createdAt: number;
  closedAt: number;
  updatedAt: number;
  missing: MissingField[];
  discounts: DiscountDetail[];
  attributes: ItemSeed['attributes'];
  shippingCost: number;
}
