import type { Json, OrderSeed, OrderStatus } from './orders-types.ts';

/** Payment status the mock gives each order status; undefined: no payment yet. */
const PAYMENT_STATUS: Record<OrderStatus, string | undefined> = {
  confirmed: undefined,
  payment_required: undefined,
  payment_in_process: 'in_process',
  partially_paid: 'approved',
  paid: 'approved',
  cancelled: 'refunded',
  invalid: 'rejected',
  manually_cancelled: 'cancelled',
};

interface PaymentInput {
  seed: OrderSeed;
  reason: string;
  /** What the payment transfers (half the total for partially_paid). */
  amount: number;
  shippingCost: number;
  currencyId: string;
  siteId: string;
  created: string;
  modified: string;
}

/** The payments of an order in the full form (every field of the reference's Payment). */
export function buildPayments(input: PaymentInput): Json[] {
  const status = PAYMENT_STATUS[input.seed.status];
  if (status === undefined) return [];
  const approved = status === 'approved';
  const shipping = input.seed.status === 'paid' ? input.shippingCost : 0;
  const total = Math.round((input.amount + shipping) * 100) / 100;
  return [
    {
      id: 9_000_000_000 + (input.seed.id % 1_000_000_000),
      order_id: input.seed.id,
      payer_id: input.seed.buyerId,
      collector: { id: input.seed.sellerId },
      card_id: null,
      site_id: input.siteId,
      reason: input.reason,
      payment_method_id: 'pix',
      payment_type: 'bank_transfer',
      operation_type: 'regular_payment',
      currency_id: input.currencyId,
      installments: 1,
      installment_amount: total,
      issuer_id: null,
      atm_transfer_reference: { transaction_id: null, company_id: null },
      coupon_id: input.seed.coupon?.id ?? null,
      coupon_amount: input.seed.coupon?.amount ?? 0,
      activation_uri: null,
      available_actions: approved ? ['refund'] : [],
      status,
      status_code: null,
      status_detail: approved ? 'accredited' : status,
      transaction_amount: input.amount,
      taxes_amount: 0,
      shipping_cost: shipping,
      overpaid_amount: 0,
      total_paid_amount: approved ? total : 0,
      deferred_period: null,
      date_approved: approved ? input.created : null,
      date_created: input.created,
      date_last_modified: input.modified,
      authorization_code: null,
      transaction_order_id: null,
      marketplace_fee: Math.round(input.amount * 0.12 * 100) / 100,
    },
  ];
}
