import { ORDER_STATUSES, type ProfileInput } from '../profile/types.ts';
import { instantOf } from '../rules/instant.ts';
import type { Findings } from './findings.ts';
import { type OrderPool, POOL_NEEDS, resultsOf, type SeenOrder, sameParties } from './pool.ts';
import type { Answer, Reader } from './reader.ts';
import { READS_AT_ONCE, sideBySide } from './side-by-side.ts';

// The orders of each status, as the buyer's search shows them and the seller's search confirms them.

/** Orders of one status tried before discovery gives up finding one the seller's search returns. */
const MAX_SELLER_CONFIRMS = 3;

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
export async function searchOrders(
  reader: Reader,
  profile: ProfileInput,
  findings: Findings,
  pool: OrderPool,
) {
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
