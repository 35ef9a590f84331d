import { errorCodeOf, hasStatus } from '../client/typed.ts';
import type { ProfileInput } from '../profile/types.ts';
import type { Findings } from './findings.ts';
import { searchOrders } from './order-searches.ts';
import { findOutsidePack, fromPool, learnPacks } from './packs.ts';
import { type OrderPool, POOL_NEEDS, type SeenOrder, sameParties } from './pool.ts';
import { answered, answerOf, pathOf, type Reader } from './reader.ts';
import { ordersPastRetention, walkBuyerOrders } from './windows.ts';

export type { OrderPool, SeenOrder } from './pool.ts';

const MAX_ORDER_READS = 40;

const MAX_DISCOUNT_READS = 6;

/** Shipments whose lead time discovery reads for a delivery promise. */
const MAX_LEAD_TIME_READS = 4;

/**
 * A shipment of the seller whose lead time read gives a delivery promise (estimated_delivery_time): the
 * pack order's own shipment first, so orders.withPack and orders.shipment describe one order, then paid
 * orders' (a cancelled or delivered shipment may carry no promise).
 */
async function findShipment(reader: Reader, profile: ProfileInput, findings: Findings, pool: OrderPool) {
  if (!findings.wants('orders.shipment')) return;
  const own = [...pool.values()].filter((o) => sameParties(o, profile) && o.shipping?.id);
  const withPack = findings.get<number>('orders.withPack');
  const ranked = [
    ...own.filter((o) => o.id === withPack),
    ...own.filter((o) => o.id !== withPack && o.status === 'paid'),
    ...own.filter((o) => o.id !== withPack && o.status !== 'paid'),
  ];
  await reader.for(['orders.shipment'], async () => {
    for (const order of ranked.slice(0, MAX_LEAD_TIME_READS)) {
      const shipment = order.shipping?.id as number;
      const path = pathOf('/shipments/{id}/lead_time', shipment);
      const answer = answerOf(await reader.get(path, {}, 'seller'), 'getShipmentLeadTime');
      const promise = hasStatus(answer, 200) ? answer.body.estimated_delivery_time : undefined;
      if (typeof promise !== 'object' || promise === null) continue;
      findings.add(
        'orders.shipment',
        shipment,
        `shipping.id of order ${order.id}; GET ${path} gives its promise`,
      );
      return;
    }
  });
}

/**
 * An order read answering 206 (a backend that failed to answer): found only if one happens to. Run
 * last of all discovery (a transient 206 may take many reads), so it never starves the other needs.
 */
export async function findPartialOrder(reader: Reader, findings: Findings, pool: OrderPool): Promise<void> {
  if (!findings.wants('orders.partial')) return;
  const ids = [...pool.keys()].sort((a, b) => a - b).slice(0, MAX_ORDER_READS);
  await reader.for(['orders.partial'], async () => {
    for (const id of ids) {
      const answer = await reader.get(pathOf('/orders/{id}', id), {}, 'seller');
      if (answer.status === 206 && answer.headers.get('x-content-missing')) {
        findings.add('orders.partial', id, `GET /orders/${id} answered 206`);
        return;
      }
    }
  });
}

/**
 * An order of the seller whose discounts read lists details: orders with a coupon amount first, then
 * paid ones. The test judges the details' fields; the read only tells which order has any.
 */
async function findDiscounts(reader: Reader, profile: ProfileInput, findings: Findings, pool: OrderPool) {
  if (!findings.wants('orders.withDiscounts')) return;
  const rank = (o: SeenOrder) => ((o.coupon?.amount ?? 0) > 0 ? 0 : o.status === 'paid' ? 1 : 2);
  const candidates = [...pool.values()]
    .filter((o) => Number(o.seller?.id) === profile.users.seller.id)
    .sort((a, b) => rank(a) - rank(b) || a.id - b.id)
    .slice(0, MAX_DISCOUNT_READS);
  await reader.for(['orders.withDiscounts'], async () => {
    for (const order of candidates) {
      const answer = answerOf(
        await reader.get(pathOf('/orders/{id}/discounts', order.id), {}, 'seller'),
        'getOrderDiscounts',
      );
      const details = hasStatus(answer, 200) ? answer.body.details : undefined;
      if (Array.isArray(details) && details.length > 0) {
        findings.add('orders.withDiscounts', order.id, `GET /orders/${order.id}/discounts`);
        return;
      }
    }
  });
}

/**
 * An order of the seller and the buyer whose product read (as the seller) lists attributes, paid ones
 * first; the test reads it as the buyer and judges the attributes' fields.
 */
async function findAttributes(reader: Reader, profile: ProfileInput, findings: Findings, pool: OrderPool) {
  if (!findings.wants('orders.withAttributes')) return;
  const own = [...pool.values()].filter((o) => sameParties(o, profile));
  const candidates = [...own.filter((o) => o.status === 'paid'), ...own.filter((o) => o.status !== 'paid')];
  await reader.for(['orders.withAttributes'], async () => {
    for (const order of candidates.slice(0, MAX_DISCOUNT_READS)) {
      const answer = answerOf(
        await reader.get(pathOf('/orders/{id}/product', order.id), {}, 'seller'),
        'getOrderProduct',
      );
      const attributes = hasStatus(answer, 200) ? answer.body.attributes : undefined;
      if (Array.isArray(attributes) && attributes.length > 0) {
        findings.add('orders.withAttributes', order.id, `GET /orders/${order.id}/product`);
        return;
      }
    }
  });
}

/**
 * An order of the seller and the buyer created before the 12 months the reference keeps: only a target
 * that still lists such orders has one (what reading it answers is not given: ORD-RETENTION-OLDER).
 */
async function findExpired(reader: Reader, profile: ProfileInput, findings: Findings): Promise<void> {
  if (!findings.wants('orders.expired')) return;
  await reader.for(['orders.expired'], async () => {
    const old = (await ordersPastRetention(reader, profile)).find((o) => sameParties(o, profile));
    findings.add(
      'orders.expired',
      old?.id,
      `GET /orders/search as the buyer, created before the 12 months kept`,
    );
  });
}

const INT32_MAX = 2_147_483_647;
/** Error codes the reference gives to an order that exists but is another user's. */
const ANOTHER_USERS = new Set(['not_owned_order', 'caller.id.invalid']);

/**
 * Ids above every order seen, within 32 bits while the orders seen are (a 32-bit server answers
 * invalid_order_id past it): far above first, where no order of another user is likely.
 */
function unknownCandidates(pool: OrderPool): number[] {
  const top = Math.max(0, ...pool.keys());
  const ceiling = top < INT32_MAX ? INT32_MAX : Number.MAX_SAFE_INTEGER;
  // Near the data first: an id far past the ones a server gives may be outside the range it parses (its
  // answer then is about the spelling, not about an order); the far id only when another user's orders are there.
  return [top + 1_000_003, top + 9_973, ceiling - 12_345].filter((id) => id > top && id <= ceiling);
}

/**
 * An id no order of the target has. The read tells only whether an order answers there (2xx, or the
 * codes of another user's order): any other client error keeps the id, and the test judges that answer
 * (order_not_found). A read refused by a limit, a server error or no answer is a failed read.
 */
async function findUnknown(reader: Reader, findings: Findings, pool: OrderPool): Promise<void> {
  if (!findings.wants('orders.unknown')) return;
  const clientErrors = [400, 401, 404, 405, 409, 410, 422];
  await reader.for(['orders.unknown'], async () => {
    for (const candidate of unknownCandidates(pool)) {
      const answer = await reader.get(pathOf('/orders/{id}', candidate), {}, 'seller', [
        ...clientErrors,
        403,
      ]);
      const error = errorCodeOf(answer);
      const exists = answered(answer) || (answer.status === 403 && ANOTHER_USERS.has(String(error)));
      if (exists) continue;
      if (!clientErrors.includes(answer.status)) {
        if (answer.status === 403) reader.failedRead(`GET /orders/${candidate}`, 403);
        return;
      }
      findings.add(
        'orders.unknown',
        candidate,
        `GET /orders/${candidate}: no order answers there (status ${answer.status})`,
      );
      return;
    }
  });
}

const MAX_CURRENCY_PAIRS = 4;

/**
 * Two currencies of the countries list, the first the orders' own. Which pairs a target converts is
 * not stated, so a pair refused with a client error is passed over; the first one answered 2xx is
 * kept, and the test judges its ratio.
 */
async function findCurrencies(reader: Reader, findings: Findings, pool: OrderPool): Promise<void> {
  if (!findings.wants('orders.currencies')) return;
  await reader.for(['orders.currencies'], async () => {
    // With a token: whether location reads require one is not shown (Authentication 6).
    const read = answerOf(await reader.get('/classified_locations/countries', {}, 'seller'), 'listCountries');
    const countries = hasStatus(read, 200) ? read.body : undefined;
    const listed = Array.isArray(countries)
      ? [...new Set(countries.map((c) => c?.currency_id))].filter(
          (c): c is string => typeof c === 'string' && c !== '',
        )
      : [];
    const own = [...pool.values()].find((o) => o.currency_id)?.currency_id;
    const firsts = own ? [own, ...listed.filter((c) => c !== own)] : listed;
    const pairs = firsts.flatMap((from) => listed.filter((to) => to !== from).map((to) => ({ from, to })));
    for (const pair of pairs.slice(0, MAX_CURRENCY_PAIRS)) {
      const answer = await reader.get('/currency_conversions/search', pair, undefined, [400, 404, 422]);
      if (!answered(answer)) continue;
      const read = `GET /currency_conversions/search?from=${pair.from}&to=${pair.to}`;
      findings.add('orders.currencies', pair, `${read} answered ${answer.status}`);
      return;
    }
  });
}

export async function discoverOrders(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
) {
  await searchOrders(reader, profile, findings, pool);
  // The status searches give each status's first page only: the data hidden deeper (older orders, a
  // discount, a second seller, an attachment) is in the rest of the buyer's orders.
  let whole = false;
  if (findings.wantsAny(...POOL_NEEDS))
    await reader.for(POOL_NEEDS, async () => {
      whole = await walkBuyerOrders(reader, profile, pool);
    });
  await findExpired(reader, profile, findings);
  await reader.for(POOL_NEEDS, () => learnPacks(reader, profile, pool));
  fromPool(profile, findings, pool);
  findOutsidePack(profile, findings, pool, whole);
  await findShipment(reader, profile, findings, pool);
  await findDiscounts(reader, profile, findings, pool);
  await findAttributes(reader, profile, findings, pool);
  await findUnknown(reader, findings, pool);
  await findCurrencies(reader, findings, pool);
}
