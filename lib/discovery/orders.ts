import { errorCodeOf, hasStatus } from '../client/typed.ts';
import { DATA_NEEDS } from '../profile/needs.ts';
import { ORDER_STATUSES, type ProfileInput } from '../profile/types.ts';
import { instantOf } from '../rules/instant.ts';
import type { Findings } from './findings.ts';
import { type OrderPool, resultsOf, type SeenOrder } from './pool.ts';
import { type Answer, answered, answerOf, pathOf, type Reader } from './reader.ts';
import { sideBySide } from './side-by-side.ts';
import { ordersPastRetention, RETENTION_DAYS, walkBuyerOrders } from './windows.ts';

export type { OrderPool, SeenOrder } from './pool.ts';

const MAX_ORDER_READS = 40;
/** Independent reads of one step in flight together: a latency-bound target answers them side by side, each still paced. */
const READS_AT_ONCE = 4;

/** Needs found by their own searches or reads, whatever the searches of the orders pool return. */
const OWN_SEARCHES = new Set([
  'orders.fraud',
  'orders.mshops',
  'orders.unknown',
  'orders.currencies',
  'orders.expired',
]);

/**
 * Needs taken from the orders the searches return, directly or through later steps (packs,
 * conversations, the site of the catalog): a failed search of the pool is a failed read of each.
 */
const POOL_NEEDS: readonly string[] = DATA_NEEDS.filter(
  (need) => need.discoverable && !need.path.startsWith('orders.byStatus.') && !OWN_SEARCHES.has(need.path),
).map((need) => need.path);
const MAX_DISCOUNT_READS = 6;
/** Orders of one status tried before discovery gives up finding one the seller's search returns. */
const MAX_SELLER_CONFIRMS = 3;

function sameParties(order: SeenOrder, profile: ProfileInput): boolean {
  return (
    Number(order.seller?.id) === profile.users.seller.id && Number(order.buyer?.id) === profile.users.buyer.id
  );
}

export const packOf = (order: SeenOrder): number => order.pack_id ?? order.id;

/** Whether the seller's own search finds the order by its id and status (the filters tests search it with). */
async function sellerFinds(reader: Reader, profile: ProfileInput, order: SeenOrder): Promise<boolean> {
  const query = { seller: profile.users.seller.id, 'order.status': order.status, q: order.id };
  const found = resultsOf(await reader.get('/orders/search', query, 'seller'));
  return found.some((o) => o.id === order.id);
}

/**
 * An order in a status, of the profile's seller and buyer, that the seller's search finds too: tests
 * search for these as the seller, and Orders rule 5 lets the seller's search leave out cancelled orders
 * its buyer sees. A manually cancelled one is taken as the buyer finds it (its test checks the seller does not).
 */
async function pickByStatus(
  reader: Reader,
  profile: ProfileInput,
  status: string,
  found: SeenOrder[],
): Promise<SeenOrder | undefined> {
  const mine = found.filter((o) => o.status === status && sameParties(o, profile));
  if (status === 'manually_cancelled') return mine[0];
  for (const order of mine.slice(0, MAX_SELLER_CONFIRMS))
    if (await sellerFinds(reader, profile, order)) return order;
  return undefined;
}

/**
 * The filters that narrow a status search to the profile's seller when its first page holds only
 * orders of other sellers (documented filters: q over the nickname of the counterpart, item).
 */
function narrowings(profile: ProfileInput, pool: OrderPool): Record<string, string>[] {
  const own = [...pool.values()].filter((o) => sameParties(o, profile));
  const nickname = own.find((o) => o.seller?.nickname)?.seller?.nickname;
  const item = own.flatMap((o) => o.order_items ?? []).find((i) => i.item?.id)?.item?.id;
  // The reader sends every query value as text.
  return [...(nickname ? [{ q: String(nickname) }] : []), ...(item ? [{ item }] : [])];
}

/** Earlier windows of a status search tried when neither its first page nor the narrowings hold an own order. */
const MAX_DATE_WINDOWS = 3;

/** The oldest creation date of a page (ISO 8601 with offset, as the order.date_created filters take). */
function oldestOf(orders: SeenOrder[]): string | undefined {
  const dated = orders.flatMap((o) => {
    const text = o.date_created;
    const time = instantOf(text);
    return text === undefined || Number.isNaN(time) ? [] : [{ time, text }];
  });
  return dated.sort((a, b) => a.time - b.time)[0]?.text;
}

/**
 * The search has no offset: an earlier page is the window ending at the oldest order of the last one
 * (order.date_created.to, a documented filter). A window bringing no order not seen ends the walk.
 */
async function earlierWindows(
  reader: Reader,
  profile: ProfileInput,
  base: Record<string, string | number>,
  first: SeenOrder[],
): Promise<{ found: SeenOrder[]; windows: string[] }> {
  let found = first;
  let page = first;
  const windows: string[] = [];
  for (let i = 0; i < MAX_DATE_WINDOWS && !found.some((o) => sameParties(o, profile)); i += 1) {
    const to = oldestOf(page);
    if (!to) break;
    page = resultsOf(await reader.get('/orders/search', { ...base, 'order.date_created.to': to }, 'buyer'));
    const fresh = page.filter((o) => !found.some((seen) => seen.id === o.id));
    if (fresh.length === 0) break;
    found = [...found, ...fresh];
    windows.push(to);
  }
  return { found, windows };
}

/**
 * The buyer's search of one status, narrowed when its first page holds no order of the profile's
 * seller: by the counterpart's nickname or an item, else by earlier date windows.
 */
const statusSearch = (profile: ProfileInput, status: string) => ({
  buyer: profile.users.buyer.id,
  'order.status': status,
});

async function searchStatus(
  reader: Reader,
  profile: ProfileInput,
  status: string,
  firstPage: Answer,
  pool: OrderPool,
) {
  const base = statusSearch(profile, status);
  let found = resultsOf(firstPage);
  let read = `GET /orders/search?buyer=${base.buyer}&order.status=${status}`;
  const first = found;
  for (const narrow of found.some((o) => sameParties(o, profile)) ? [] : narrowings(profile, pool)) {
    if (found.length === 0) break;
    const more = resultsOf(await reader.get('/orders/search', { ...base, ...narrow }, 'buyer'));
    found = [...found, ...more];
    read = `${read} narrowed by ${Object.entries(narrow).map(([k, v]) => `${k}=${v}`)}`;
    if (more.some((o) => sameParties(o, profile))) break;
  }
  if (!found.some((o) => sameParties(o, profile))) {
    const earlier = await earlierWindows(reader, profile, base, first);
    found = [...found, ...earlier.found.filter((o) => !found.some((seen) => seen.id === o.id))];
    for (const to of earlier.windows) read = `${read}, then order.date_created.to=${to}`;
  }
  for (const order of found) pool.set(order.id, { ...pool.get(order.id), ...order });
  return { found, read };
}

/** Orders in each status through the buyer's search (which also returns manually_cancelled), tagged ones through the seller's. */
async function searchOrders(reader: Reader, profile: ProfileInput, findings: Findings, pool: OrderPool) {
  const { seller } = profile.users;
  const poolNeeded = findings.wantsAny(...POOL_NEEDS);
  const needsOf = (status: string) => [`orders.byStatus.${status}`, ...POOL_NEEDS];
  const statuses = ORDER_STATUSES.filter(
    (status) => poolNeeded || findings.wants(`orders.byStatus.${status}`),
  );
  // The first pages side by side; what follows each (narrowing, earlier windows, the seller's
  // confirmation) reads the pool the statuses before it filled, so it stays in the statuses' order.
  const firstPages = await sideBySide(statuses, READS_AT_ONCE, (status) =>
    reader.for(needsOf(status), () => reader.get('/orders/search', statusSearch(profile, status), 'buyer')),
  );
  for (const [index, status] of statuses.entries()) {
    const path = `orders.byStatus.${status}`;
    await reader.for(needsOf(status), async () => {
      const firstPage = firstPages[index] as Answer;
      const { found, read } = await searchStatus(reader, profile, status, firstPage, pool);
      if (!findings.wants(path)) return;
      const mine = await pickByStatus(reader, profile, status, found);
      const confirmed =
        status === 'manually_cancelled' ? '' : `, found by the seller's search with q=${mine?.id}`;
      findings.add(path, mine?.id, `${read}${confirmed}`);
    });
  }
  for (const [path, tag] of [
    ['orders.mshops', 'mshops'],
    ['orders.fraud', 'fraud_risk_detected'],
  ] as const) {
    if (!findings.wants(path)) continue;
    await reader.for([path], async () => {
      const found = resultsOf(await reader.get('/orders/search', { seller: seller.id, tags: tag }, 'seller'));
      for (const order of found) pool.set(order.id, { ...pool.get(order.id), ...order });
      // The seller's order the tag search returns (the buyer is not needed); the test reads its tags.
      // A result that carries tags without this one is left for the search test to judge.
      const tagged = found.find(
        (o) => Number(o.seller?.id) === seller.id && (o.tags === undefined || o.tags.includes(tag)),
      );
      findings.add(path, tagged?.id, `GET /orders/search?seller=${seller.id}&tags=${tag}`);
    });
  }
}

/** The order created first among those created within the 12 months kept. */
function oldestKept(orders: SeenOrder[]): SeenOrder | undefined {
  const boundary = Date.now() - RETENTION_DAYS * 86_400_000;
  const dated = orders
    .map((order) => ({ order, time: instantOf(order.date_created) }))
    .filter(({ time }) => time >= boundary);
  return dated.sort((a, b) => a.time - b.time)[0]?.order;
}

function fromPool(profile: ProfileInput, findings: Findings, pool: OrderPool): void {
  const own = [...pool.values()].filter((o) => sameParties(o, profile));
  const from = 'orders of the searches';
  // Paid orders first: a cancelled or delivered shipment may carry no delivery promise.
  const paidFirst = [...own.filter((o) => o.status === 'paid'), ...own.filter((o) => o.status !== 'paid')];
  const withPack = paidFirst.find((o) => typeof o.pack_id === 'number' && o.shipping?.id);
  findings.add('orders.withPack', withPack?.id, from);
  findings.add('orders.withoutPack', own.find((o) => o.pack_id === null)?.id, from);
  // The buyer's order with another seller: the profile's seller is outside it (Orders rule 2).
  // One in a pack first, whose other orders the searches show are not the seller's either: its
  // conversation with the buyer is one the profile's seller is outside of too.
  const others = [...pool.values()].filter((o) => isOtherSellers(o, profile));
  const sellersIn = (pack: unknown) =>
    [...pool.values()].filter((o) => o.pack_id === pack).map((o) => Number(o.seller?.id));
  const inPack = others.filter((o) => typeof o.pack_id === 'number');
  const other =
    inPack.find((o) => !sellersIn(o.pack_id).includes(profile.users.seller.id)) ?? inPack[0] ?? others[0];
  findings.add(
    'orders.otherSeller',
    other?.id,
    `the buyer's searches: seller ${other?.seller?.id} of order ${other?.id}`,
  );
  const oldest = oldestKept(own);
  findings.add(
    'orders.oldest',
    oldest?.id,
    `the buyer's searches back to the 12-month boundary: created ${oldest?.date_created}`,
  );
  const site = own.find((o) => o.context?.site)?.context?.site;
  findings.add('messaging.siteId', site, 'context.site of the orders');
}

/**
 * A pack of the buyer none of whose orders is the profile's seller's, so the seller stands outside it (a
 * user outside the pack of Fiscal documents). Only from a pool that holds every order of the buyer within
 * the retention period, each with its seller and pack known: an order the pool missed or showed without
 * them could be the seller's in that pack.
 */
function findOutsidePack(profile: ProfileInput, findings: Findings, pool: OrderPool, whole: boolean): void {
  if (!findings.wants('fiscal.outsidePack')) return;
  const orders = [...pool.values()].filter((o) => Number(o.buyer?.id) === profile.users.buyer.id);
  const known = orders.every((o) => o.seller?.id !== undefined && o.pack_id !== undefined);
  const sellersOf = (pack: unknown) =>
    orders.filter((o) => o.pack_id === pack).map((o) => Number(o.seller?.id));
  const outside = orders.find(
    (o) => typeof o.pack_id === 'number' && !sellersOf(o.pack_id).includes(profile.users.seller.id),
  );
  const value = whole && known ? outside?.pack_id : undefined;
  const why =
    whole && known
      ? `its orders (${outside?.id}) are seller ${outside?.seller?.id}'s`
      : "the buyer's orders were not all seen with their seller and pack";
  findings.add('fiscal.outsidePack', value ?? undefined, `the buyer's searches over 12 months: ${why}`);
}

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

/**
 * Own orders read one by one when the searches' results leave pack_id out (production's do): the
 * conversation with attachments or the pack of two sellers may be any of them.
 */
const MAX_PACK_READS = 40;
/** The buyer's orders with other sellers read for their pack the same way. */
const MAX_OTHER_PACK_READS = 6;

/** An order of the profile's buyer whose seller is another user: the profile's seller is outside it. */
export function isOtherSellers(order: SeenOrder, profile: ProfileInput): boolean {
  const seller = order.seller?.id;
  return (
    Number(order.buyer?.id) === profile.users.buyer.id &&
    seller !== undefined &&
    ![profile.users.seller.id, profile.users.buyer.id].includes(Number(seller))
  );
}

/**
 * pack_id is a listed field a search result may leave out; without it the pack of the order (its
 * conversation, its fiscal documents) cannot be addressed. The order read often carries it.
 */
async function learnPacks(reader: Reader, profile: ProfileInput, pool: OrderPool): Promise<void> {
  const unknown = [...pool.values()].filter((o) => o.pack_id === undefined);
  // The buyer's orders with other sellers first (few, and the only way to a pack of two sellers).
  const others = unknown.filter((o) => isOtherSellers(o, profile)).slice(0, MAX_OTHER_PACK_READS);
  const own = unknown.filter((o) => sameParties(o, profile)).slice(0, MAX_PACK_READS);
  const orders = [...others, ...own];
  const reads = await sideBySide(orders, READS_AT_ONCE, async (order) => {
    const as = sameParties(order, profile) ? 'seller' : 'buyer';
    return answerOf(await reader.get(pathOf('/orders/{id}', order.id), {}, as), 'getOrder');
  });
  for (const [index, order] of orders.entries()) {
    const read = reads[index];
    const pack = read && hasStatus(read, [200, 206]) ? read.body.pack_id : undefined;
    if (pack === null || typeof pack === 'number') pool.set(order.id, { ...order, pack_id: pack });
  }
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
