import type { Spec } from '../checks/spec.ts';
import type { ProfileInput } from '../profile/types.ts';
import { branchesOfAnswer } from '../run-judge/branches.ts';
import { pathOf, type Reader, type ReceivedAnswer } from './reader.ts';

// Discovery aims at the branches of an order's own reads (issue 47): its product (no attribute, one,
// several) and its discounts (none, each type, several). A search shows neither, so orders between the
// profile's seller and buyer are read, an item not read yet first, each by both parties (one order, one
// view: FACT-ORDER-PARTY-VIEWS judges the pair), while the reads add branches.

interface OrderRead {
  operation: 'getOrderProduct' | 'getOrderDiscounts';
  template: string;
  /** Orders read for new branches, at most (each read twice, once by each party). */
  cap: number;
  /** What it shows belongs to the order's item: one order of each item not read yet is read first, whatever it adds. */
  ofItem: boolean;
}

const AIMED_ORDER_READS: readonly OrderRead[] = [
  { operation: 'getOrderProduct', template: '/orders/{id}/product', cap: 4, ofItem: true },
  { operation: 'getOrderDiscounts', template: '/orders/{id}/discounts', cap: 4, ofItem: false },
];

/** Orders read in a row that add no branch before discovery stops reading on. */
const FRUITLESS_IN_A_ROW = 2;

interface ListedOrder {
  id: string;
  /** The first item of the order: another item, likely another product. */
  item: string | undefined;
}

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

const idText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The orders the searches listed between the profile's seller and buyer, in the order listed. */
function ordersOfBothParties(profile: ProfileInput, received: readonly ReceivedAnswer[]): ListedOrder[] {
  const orders = new Map<string, ListedOrder>();
  const { seller, buyer } = profile.users;
  for (const answer of received.filter((a) => a.operation === 'searchOrders')) {
    const results = field(answer.body, 'results');
    for (const order of Array.isArray(results) ? results : []) {
      const id = idText(field(order, 'id'));
      const parties = [field(field(order, 'seller'), 'id'), field(field(order, 'buyer'), 'id')].map(Number);
      if (id === undefined || orders.has(id) || parties[0] !== seller.id || parties[1] !== buyer.id) continue;
      const lines = field(order, 'order_items');
      const first = Array.isArray(lines) ? lines[0] : undefined;
      orders.set(id, { id, item: idText(field(field(first, 'item'), 'id')) });
    }
  }
  return [...orders.values()];
}

/** The order ids of a read already made (`/orders/7/product` → 7). */
function readOrders(read: OrderRead, received: readonly ReceivedAnswer[]): Set<string> {
  const [before, after] = read.template.split('{id}') as [string, string];
  return new Set(
    received
      .filter((a) => a.operation === read.operation && a.path.startsWith(before) && a.path.endsWith(after))
      .map((a) => decodeURIComponent(a.path.slice(before.length, a.path.length - after.length))),
  );
}

const branchesOf = (spec: Spec, read: OrderRead, answers: readonly ReceivedAnswer[]) =>
  new Set(
    answers
      .filter((a) => a.operation === read.operation)
      .flatMap((a) => branchesOfAnswer(spec, read.operation, 200, a.body)),
  );

/** One order of each item no read showed yet, in listing order. */
function oneOfEachNewItem(orders: readonly ListedOrder[], read: readonly ListedOrder[]): ListedOrder[] {
  const items = new Set(read.map((o) => o.item));
  return orders.filter((o) => !items.has(o.item) && items.add(o.item));
}

/** Reads one order by both parties; answers the branches it added to `seen`. */
async function readByBoth(
  reader: Reader,
  spec: Spec,
  read: OrderRead,
  order: ListedOrder,
  seen: Set<string>,
) {
  const before = reader.received.length;
  for (const as of ['seller', 'buyer'] as const)
    await reader.getAsAsked(pathOf(read.template, order.id), {}, as, [403, 404]);
  const added = [...branchesOf(spec, read, reader.received.slice(before))].filter((b) => !seen.has(b));
  for (const b of added) seen.add(b);
  return added.length;
}

async function aimAt(reader: Reader, spec: Spec, profile: ProfileInput, read: OrderRead): Promise<void> {
  const orders = ordersOfBothParties(profile, reader.received);
  const already = readOrders(read, reader.received);
  const seen = branchesOf(spec, read, reader.received);
  const unread = orders.filter((o) => !already.has(o.id));
  const first = read.ofItem
    ? oneOfEachNewItem(
        unread,
        orders.filter((o) => already.has(o.id)),
      ).slice(0, read.cap)
    : [];
  for (const order of first) await readByBoth(reader, spec, read, order, seen);
  let fruitless = 0;
  for (const order of unread.filter((o) => !first.includes(o)).slice(0, read.cap - first.length)) {
    if (fruitless >= FRUITLESS_IN_A_ROW) break;
    fruitless = (await readByBoth(reader, spec, read, order, seen)) > 0 ? 0 : fruitless + 1;
  }
}

/** Reads the product and the discounts of orders that may show branches no read showed yet. */
export async function aimAtOrderReads(reader: Reader, spec: Spec, profile: ProfileInput): Promise<void> {
  for (const read of AIMED_ORDER_READS) await aimAt(reader, spec, profile, read);
}
