import type { ApiClient } from '../../../fixtures/api/client.ts';
import type { Caller } from '../../../fixtures/api/types.ts';
import { expect } from '../../../fixtures/index.ts';

/** The order fields the contract tests look at (the spec's schema, checked on every answer, is the contract). */
export interface Order {
  id: number;
  status: string;
  date_created: string;
  date_closed: string;
  last_updated: string;
  order_items: { item: { id: string; title: string }; currency_id: string }[];
  payments: { status: string; available_actions: string[] }[];
  tags: string[];
  total_amount: number;
  currency_id: string;
  taxes: { amount: number | null; currency_id: string | null };
  cancel_detail: { group?: string; code?: string; requested_by?: string; date?: string };
  pack_id: number | null;
  shipping: { id: number };
  buyer: { id: number | string };
  seller: { id: number };
}

/** Reads an order in the newer format; the test fails unless the caller may read it. */
export async function readOrder(api: ApiClient, id: number, as: Caller = 'seller'): Promise<Order> {
  const res = await api.call('getOrder', { as, path: { order_id: id }, headers: { 'x-format-new': 'true' } });
  expect(res.status, `${res.label}: the order can be read by its ${String(as)}`).toBe(200);
  return res.body as Order;
}
