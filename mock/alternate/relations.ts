import { installLiveOrders } from '../live.ts';
import { type Choice, is, type Json, onAnswer, type Pick, type RouteKey } from './kit.ts';

// The freedom a faithful server has around the relations the spec declares (issue 46): values that hold
// only up to rounding, and data that changes between two reads of one run.

const ORDER: RouteKey = 'GET /orders/:order_id';
const SEARCH: RouteKey = 'GET /orders/search';
/** A line's unit price moves by a mill; below this quantity the line's product moves by under half a cent. */
const MAX_QUANTITY_MOVED = 4;
const MILL = 0.001;

/**
 * Reads between two arrivals: a busy staging server, not a flood (MOCK_LIVE=orders adds one every third
 * read); at one in three, discovery's walk over the newest conversations met only new, empty ones.
 */
const ARRIVAL_EVERY = 20;

/** Orders keep arriving while a run reads, as on a live staging server. */
const liveOrders: Choice = {
  name: 'live-orders',
  gap: 'not shown: the reference never says data stands still between two calls; a search total between pages, a new order first in date_desc',
  description: 'new paid orders between the seller and the buyer arrive while the run reads',
  variants: {
    mock: 'no order arrives during a run (the captures are one moment each)',
    arriving: `every ${ARRIVAL_EVERY}th order read or search adds a paid order between the seller and the buyer, created then`,
  },
  install: (app, pick) => {
    if (pick.variant === 'arriving') installLiveOrders(app, ARRIVAL_EVERY);
  },
};

/** One line of an order whose unit price takes a third decimal, its total still in cents. */
function withMills(order: Json, pick: Pick): Json {
  const lines = Array.isArray(order.order_items) ? (order.order_items as Json[]) : [];
  const line = lines.find(
    (l) =>
      typeof l.unit_price === 'number' && typeof l.quantity === 'number' && l.quantity <= MAX_QUANTITY_MOVED,
  );
  if (!line) return order;
  const up = pick.chance(`mills:${String(order.id)}`) < 0.5;
  line.unit_price = Math.round(((line.unit_price as number) + (up ? MILL : -MILL)) * 1000) / 1000;
  return order;
}

/** Totals rounded to cents over unit prices of three decimals: ORD-TOTAL-ITEMS holds up to rounding. */
const amountPrecision: Choice = {
  name: 'amount-precision',
  gap: 'ORD-TOTAL-ITEMS: "unit_price | number | Price per item" (no precision stated)',
  description: 'unit prices with a third decimal on some lines, the total_amount still rounded to cents',
  variants: {
    mock: 'every amount in cents, as the captures show',
    mills: 'one line of an order (quantity ≤ 4) carries its unit price to a mill; totals rounded to cents',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, [ORDER], is(200, 206), (body) => withMills(body as Json, pick));
    onAnswer(app, [SEARCH], is(200), (body) => {
      for (const order of ((body as Json).results as Json[] | undefined) ?? []) withMills(order, pick);
      return body;
    });
  },
};

export const RELATION_CHOICES: Choice[] = [liveOrders, amountPrecision];
