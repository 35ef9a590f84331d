/**
 * The census of value statements (spec/requirements/meaning.yaml), read-only on discovered data: what
 * a value is and when it is filled, beyond its type. Fields the reference only lists are judged where
 * an answer carries them.
 */

import { expect, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { referenceHeaders } from '../../lib/client/reference-headers.ts';
import { type BodyAt, bodyAt, errorCodeOf, hasStatus, type Omittable } from '../../lib/client/typed.ts';
import type { ApiResponse, Schemas } from '../../lib/client/types.ts';
import { needed, shown } from './support/listed.ts';
import { notVerifiedPart, skipUnless } from './support/reference.ts';

/** An order as a search lists it or a read answers it; fields the reference only lists may be left out. */
type Order = Omittable<BodyAt<'getOrder', 200 | 206>>;

const ms = (text: unknown) => Date.parse(typeof text === 'string' ? text : '');
/** Timestamps of two systems may differ by rounding: a second either way is not a wrong meaning. */
const SLACK_MS = 1000;

async function firstPage(api: ApiClient, target: TargetProfile, role: 'seller' | 'buyer'): Promise<Order[]> {
  const res = await api.call('searchOrders', { as: role, query: { [role]: target.users[role].id } });
  expect(res.status, `${res.label}: the caller's own orders`).toBe(200);
  return needed(target, bodyAt(res, 200).results, `the results of ${res.label}`, `users.${role}`);
}

/** The first order of the seller's own search, or the test skips as not verified. */
async function firstSellerOrder(api: ApiClient, target: TargetProfile): Promise<Order & { id: number }> {
  const [order] = await firstPage(api, target, 'seller');
  if (order?.id !== undefined) return { ...order, id: order.id };
  skipUnless(
    false,
    'an order of the seller',
    'users.seller',
    "the seller's search returns none or without its id",
  );
  throw new Error('unreachable: skipped');
}

/** The meanings one order of a search shows: each broken one, named by its requirement. */
function orderMeanings(order: Order): string[] {
  const broken: string[] = [];
  const created = ms(order.date_created);
  const notBefore = (id: string, field: string, value: unknown) => {
    if (value && Number.isFinite(created) && ms(value) < created - SLACK_MS)
      broken.push(`${id}: order ${order.id} ${field} ${value} is before date_created ${order.date_created}`);
  };
  if (order.status === 'paid' && order.date_closed === null)
    broken.push(`MEAN-ORDER-DATE-CLOSED: paid order ${order.id} has no date_closed`);
  notBefore('MEAN-ORDER-DATE-CLOSED', 'date_closed', order.date_closed);
  notBefore('MEAN-ORDER-LAST-UPDATE', 'last_updated', order.last_updated);
  notBefore('MEAN-ORDER-LAST-UPDATE', 'date_last_updated', order.date_last_updated);
  notBefore('MEAN-ORDER-CANCEL-DATE', 'cancel_detail.date', order.cancel_detail?.date);
  if (order.mediations !== undefined && !Array.isArray(order.mediations))
    broken.push(
      `MEAN-ORDER-MEDIATIONS-EMPTY: order ${order.id} mediations ${JSON.stringify(order.mediations)}`,
    );
  for (const payment of order.payments ?? []) {
    // The short form of a payment carries no order_id.
    const named = 'order_id' in payment ? payment.order_id : undefined;
    if (named != null && Number(named) !== order.id)
      broken.push(`MEAN-PAYMENT-ORDER-ID: a payment of order ${order.id} names order ${named}`);
  }
  return broken;
}

test.describe('Orders: what values mean', () => {
  test(
    "should give the orders of both parties' searches unique ids and dates in their meaning's order",
    verifies(
      [
        'MEAN-ORDER-ID-UNIQUE',
        'MEAN-ORDER-DATE-CLOSED',
        'MEAN-ORDER-LAST-UPDATE',
        'MEAN-ORDER-MEDIATIONS-EMPTY',
        'MEAN-ORDER-CANCEL-DATE',
        'MEAN-PAYMENT-ORDER-ID',
      ],
      '@readonly',
    ),
    async ({ api, target }) => {
      let judged = 0;
      const broken: string[] = [];
      for (const role of ['seller', 'buyer'] as const) {
        const orders = await firstPage(api, target, role);
        judged += orders.length;
        const ids = orders.map((o) => o.id);
        broken.push(
          ...ids
            .filter((id, i) => ids.indexOf(id) !== i)
            .map((id) => `MEAN-ORDER-ID-UNIQUE: ${id} twice on a page`),
        );
        for (const order of orders) broken.push(...orderMeanings(order));
      }
      skipUnless(
        judged > 0,
        'orders of the seller or the buyer',
        'users.seller',
        'both searches return none',
      );
      expect(broken).toEqual([]);
    },
  );

  test(
    'should echo q as query and name the applied sort',
    verifies(['MEAN-SEARCH-QUERY-ECHO', 'MEAN-SEARCH-SORT-APPLIED'], '@readonly'),
    async ({ api, target }) => {
      const order = await firstSellerOrder(api, target);
      let judgedFields = 0;
      for (const sort of ['date_desc', 'date_asc']) {
        const res = await api.call('searchOrders', {
          as: 'seller',
          query: { seller: target.users.seller.id, q: order.id, sort },
        });
        expect(res.status, res.label).toBe(200);
        const body = bodyAt(res, 200);
        if (shown(target, body.query, `${res.label}: query`)) {
          judgedFields += 1;
          expect(body.query, `MEAN-SEARCH-QUERY-ECHO: ${res.label}`).toBe(String(order.id));
        }
        if (shown(target, body.sort, `${res.label}: sort`)) {
          judgedFields += 1;
          expect(body.sort.id, `MEAN-SEARCH-SORT-APPLIED: ${res.label}`).toBe(sort);
        }
      }
      skipUnless(
        judgedFields > 0,
        'query or sort in a search answer',
        'users.seller',
        'the answers leave both listed fields out',
      );
    },
  );

  test(
    "should name the order's parties and its shipment",
    verifies(['MEAN-ORDER-PARTIES', 'MEAN-ORDER-SHIPPING-ID'], '@readonly'),
    async ({ api, target }) => {
      const listed = await firstSellerOrder(api, target);
      const res = await api.call('getOrder', { as: 'seller', path: { order_id: listed.id } });
      expect([200, 206], res.label).toContain(res.status);
      const order: Order = bodyAt(res, [200, 206]);
      const missing = res.headers['x-content-missing'] ?? '';
      if (!missing.includes('seller'))
        expect(Number(order.seller?.id), `MEAN-ORDER-PARTIES: seller of order ${order.id}`).toBe(
          target.users.seller.id,
        );
      const shipment = order.shipping?.id;
      skipUnless(
        typeof shipment === 'number',
        `the shipment of order ${order.id}`,
        'users.seller',
        'the order read shows no shipping.id',
      );
      const read = await api.call('getShipment', {
        as: 'seller',
        path: { shipping_id: shipment! },
        headers: referenceHeaders('getShipment'),
      });
      expect(read.status, `MEAN-ORDER-SHIPPING-ID: ${read.label}, the shipment of order ${order.id}`).toBe(
        200,
      );
    },
  );

  test(
    'should give each discounted item of the order a seller portion within its total',
    verifies(['MEAN-DISCOUNT-SELLER-PORTION', 'MEAN-DISCOUNT-ITEM'], '@readonly'),
    async ({ api, target }) => {
      const id = target.orders.withDiscounts;
      const res = await api.call('getOrderDiscounts', { as: 'seller', path: { order_id: id } });
      expect(res.status, res.label).toBe(200);
      const read = await api.call('getOrder', { as: 'seller', path: { order_id: id } });
      const order: Order = hasStatus(read, [200, 206]) ? read.body : {};
      const bought = new Map((order.order_items ?? []).map((line) => [line.item?.id, line.quantity ?? 0]));
      const details = needed(
        target,
        bodyAt(res, 200).details,
        `the discount details of ${res.label}`,
        'orders.withDiscounts',
      );
      const items = details.flatMap((d) => d.items ?? []);
      skipUnless(
        items.length > 0,
        `discounted items of order ${id}`,
        'orders.withDiscounts',
        'no discount names an item',
      );
      for (const item of items) {
        const amounts = item.amounts;
        if (typeof amounts?.total === 'number' && typeof amounts.seller === 'number') {
          expect(
            amounts.seller,
            `MEAN-DISCOUNT-SELLER-PORTION: item ${item.id} of order ${id}`,
          ).toBeGreaterThanOrEqual(0);
          expect(
            amounts.seller,
            `MEAN-DISCOUNT-SELLER-PORTION: item ${item.id} of order ${id}`,
          ).toBeLessThanOrEqual(amounts.total);
        }
        if (order.order_items === undefined) continue;
        expect(
          [...bought.keys()],
          `MEAN-DISCOUNT-ITEM: item ${item.id} of a discount of order ${id}`,
        ).toContain(item.id);
        if (typeof item.quantity === 'number')
          expect(item.quantity, `MEAN-DISCOUNT-ITEM: items affected of ${item.id}`).toBeLessThanOrEqual(
            bought.get(String(item.id)) ?? 0,
          );
      }
    },
  );
});

type Listed = Schemas['Message'];
type Listing = Partial<Schemas['PackMessages']> & { messages: Listed[]; complete: boolean };

const LISTING_PAGE = 2;

/** A pack listing read in pages of two (limit and offset are the reference's), as far as the budget goes. */
async function readListing(
  api: ApiClient,
  target: TargetProfile,
  as: 'seller' | 'buyer',
  limit = LISTING_PAGE,
): Promise<Listing> {
  const path = { pack_id: target.messaging.pack, user_id: target.users.seller.id };
  const messages: Listed[] = [];
  let envelope: Partial<Listing> = {};
  for (let page = 0; page < 10; page += 1) {
    const res = await api.call('listPackMessages', { as, path, query: { limit, offset: messages.length } });
    expect(res.status, `${res.label}: the pack's listing for its ${as}`).toBe(200);
    const body = bodyAt(res, 200);
    envelope = body;
    const onPage = needed(target, body.messages, `the messages of ${res.label}`, 'messaging.pack');
    messages.push(...onPage);
    if (onPage.length < limit) return { ...envelope, messages, complete: true };
  }
  return { ...envelope, messages, complete: false };
}

const userOf = (party?: { user_id?: unknown }) => Number(party?.user_id);

test.describe('Messages: what values mean', () => {
  test(
    "should address every message of the pack from one party to the other, each party's own kept",
    verifies(
      [
        'MEAN-MSG-PARTIES',
        'MEAN-MSG-READ-AFTER-CREATED',
        'MEAN-MSG-FIRST-MESSAGE',
        'MEAN-MSG-MAX-LENGTHS',
        'MSG-LIST-OWN-COMPLETE',
      ],
      '@readonly',
    ),
    async ({ api, target }) => {
      const seller = target.users.seller.id;
      const views = {
        seller: await readListing(api, target, 'seller'),
        buyer: await readListing(api, target, 'buyer'),
      };
      skipUnless(
        views.seller.messages.length + views.buyer.messages.length > 0,
        `messages of pack ${target.messaging.pack}`,
        'messaging.pack',
        'neither party lists a message',
      );
      const counterparts = new Set<number>();
      for (const [as, view] of Object.entries(views)) {
        for (const m of view.messages) {
          const [from, to] = [userOf(m.from), userOf(m.to)];
          expect(from, `MEAN-MSG-PARTIES: message ${m.id} (${as}) from and to`).not.toBe(to);
          expect([from, to], `MEAN-MSG-PARTIES: message ${m.id} (${as}) is the seller's`).toContain(seller);
          counterparts.add(from === seller ? to : from);
          const { created, read } = m.message_date ?? {};
          if (created && read)
            expect(
              ms(read),
              `MEAN-MSG-READ-AFTER-CREATED: message ${m.id} read ${read}`,
            ).toBeGreaterThanOrEqual(ms(created) - SLACK_MS);
        }
        if (view.complete)
          expect(
            view.messages.filter((m) => m.conversation_first_message === true).length,
            `MEAN-MSG-FIRST-MESSAGE: first messages of the ${as}'s listing`,
          ).toBeLessThanOrEqual(1);
        if (view.seller_max_message_length !== undefined)
          expect(view.seller_max_message_length, 'MEAN-MSG-MAX-LENGTHS: seller_max_message_length').toBe(350);
        if (view.buyer_max_message_length !== undefined)
          expect(view.buyer_max_message_length, 'MEAN-MSG-MAX-LENGTHS: buyer_max_message_length').toBe(3500);
      }
      expect([...counterparts], 'MEAN-MSG-PARTIES: the one buyer of the pack').toHaveLength(1);
      // "the sender's own messages stay visible": what one party sent, its own listing shows.
      for (const [as, other] of [
        ['seller', 'buyer'],
        ['buyer', 'seller'],
      ] as const) {
        if (!views[as].complete || !views[other].complete) continue;
        const mine = new Set(views[as].messages.map((m) => m.id));
        const sender = as === 'seller' ? seller : [...counterparts][0];
        const lost = views[other].messages.filter((m) => userOf(m.from) === sender && !mine.has(m.id));
        expect(
          lost.map(
            (m) => `MSG-LIST-OWN-COMPLETE: message ${m.id} sent by the ${as} missing from its listing`,
          ),
        ).toEqual([]);
      }
    },
  );

  test(
    'should hold on pages of two every message a page of the default size holds',
    verifies(['MSG-LIST-PAGES-COMPLETE'], '@readonly'),
    async ({ api, target }) => {
      const path = { pack_id: target.messaging.pack, user_id: target.users.seller.id };
      const whole = await api.call('listPackMessages', { as: 'seller', path });
      expect(whole.status, whole.label).toBe(200);
      const once = needed(
        target,
        bodyAt(whole, 200).messages,
        `the messages of ${whole.label}`,
        'messaging.pack',
      );
      skipUnless(
        once.length > LISTING_PAGE,
        `more than ${LISTING_PAGE} messages`,
        'messaging.pack',
        'the listing holds fewer',
      );
      const paged = new Set((await readListing(api, target, 'seller')).messages.map((m) => m.id));
      expect(
        once
          .filter((m) => !paged.has(m.id))
          .map((m) => `MSG-LIST-PAGES-COMPLETE: message ${m.id} on no page of two`),
      ).toEqual([]);
    },
  );

  test(
    'should name as resource_id of a legacy message an order of its pack',
    verifies(['MEAN-MSG-LEGACY-RESOURCE'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('getMessage', {
        as: 'seller',
        path: { message_id: target.messaging.messageId },
      });
      expect(res.status, res.label).toBe(200);
      const read = bodyAt(res, 200);
      const legacy = 'resource_id' in read ? read : undefined;
      skipUnless(
        legacy?.resource_id !== undefined,
        'a message in the legacy form',
        'messaging.messageId',
        'the target answers the current form',
      );
      expect(legacy?.resource, `MEAN-MSG-LEGACY-RESOURCE: ${res.label}`).toBe('orders');
      const order = await api.call('getOrder', {
        as: 'seller',
        path: { order_id: String(legacy?.resource_id) },
      });
      expect([200, 206], `MEAN-MSG-LEGACY-RESOURCE: ${order.label}, the order the message names`).toContain(
        order.status,
      );
      const { pack_id: pack, id } = bodyAt(order, [200, 206]);
      expect(pack ?? id, `MEAN-MSG-LEGACY-RESOURCE: the pack of order ${id}`).toBe(target.messaging.pack);
    },
  );
});

/** An attachment of the profile's conversation the seller can download, with the answer. */
async function servedAttachment(
  api: ApiClient,
  target: TargetProfile,
): Promise<[string, ApiResponse] | undefined> {
  const query = { tag: 'post_sale', site_id: target.messaging.siteId };
  const files = (await readListing(api, target, 'seller')).messages.flatMap(
    (m) => m.message_attachments ?? [],
  );
  for (const file of files.slice(0, 3)) {
    const res = await api.call('downloadAttachment', {
      as: 'seller',
      path: { attachment_id: String(file.filename) },
      query,
    });
    if (res.status === 200) {
      expect(res.bytes.length, `ATT-DOWNLOAD-FILE: ${res.label}, the size the listing gives`).toBe(file.size);
      return [String(file.filename), res];
    }
  }
  return undefined;
}

test.describe('Attachments and fiscal documents, read-only', () => {
  test(
    'should serve an attachment of the conversation only with a token and a site_id',
    verifies(['ATT-DOWNLOAD-FILE', 'ATT-AUTH-NO-TOKEN', 'ATT-ERR-SITE-ID-MISSING'], '@readonly'),
    async ({ api, target }) => {
      const served = await servedAttachment(api, target);
      skipUnless(
        served !== undefined,
        'an attachment the seller downloads',
        'messaging.pack',
        'none is served by its filename',
      );
      const [id] = served!;
      const anonymous = await api.call('downloadAttachment', {
        as: 'anonymous',
        path: { attachment_id: id },
        query: { tag: 'post_sale', site_id: target.messaging.siteId },
      });
      expect(anonymous.status, `ATT-AUTH-NO-TOKEN: ${anonymous.label}`).toBe(403);
      expect(bodyAt(anonymous, 403).error, 'ATT-AUTH-NO-TOKEN').toBe('access_token_not_granted');
      const noSite = await api.call('downloadAttachment', {
        as: 'seller',
        path: { attachment_id: id },
        query: { tag: 'post_sale' },
      });
      expect(noSite.status, `ATT-ERR-SITE-ID-MISSING: ${noSite.label}`).toBe(400);
    },
  );

  test(
    'should refuse an attachment to a user of a site where the API is not available',
    verifies(['ATT-AUTH-SITE'], '@readonly'),
    async ({ api, target }) => {
      const offsite = target.users.unavailableSite;
      const served = await servedAttachment(api, target);
      skipUnless(
        served !== undefined,
        'an attachment the seller downloads',
        'messaging.pack',
        'none is served by its filename',
      );
      const res = await api.call('downloadAttachment', {
        as: 'unavailableSite',
        path: { attachment_id: served![0] },
        query: { tag: 'post_sale', site_id: offsite.siteId ?? target.messaging.siteId },
      });
      expect(res.status, `ATT-AUTH-SITE: ${res.label}`).toBe(403);
      expect(bodyAt(res, 403).error, 'ATT-AUTH-SITE').toBe('forbidden');
    },
  );

  test(
    "should give the buyer every fiscal document the seller lists, each one's file",
    verifies(
      [
        'MEAN-FIS-BUYER-SUPERSET',
        'MEAN-FIS-LIST-PACK',
        'FIS-LIST-BUYER-ALL',
        'FIS-DOWNLOAD-FILE',
        'FIS-AUTH-NO-TOKEN',
      ],
      '@readonly',
    ),
    async ({ api, target }) => {
      const pack = target.fiscal.sharedPack;
      const list = (as: 'seller' | 'buyer') =>
        api.call('listFiscalDocuments', { as, path: { pack_id: pack } });
      const [bySeller, byBuyer] = [await list('seller'), await list('buyer')];
      skipUnless(
        bySeller.status === 200,
        `fiscal documents of pack ${pack}`,
        'fiscal.sharedPack',
        `the seller's list answers ${bySeller.status}`,
      );
      const sellers = bodyAt(bySeller, 200).fiscal_documents;
      expect(bodyAt(bySeller, 200).pack_id, `MEAN-FIS-LIST-PACK: ${bySeller.label}`).toBe(pack);
      expect(byBuyer.status, `FIS-LIST-BUYER-ALL: ${byBuyer.label}`).toBe(200);
      const buyers = new Set(bodyAt(byBuyer, 200).fiscal_documents.map((d) => d.id));
      expect(
        sellers
          .filter((d) => !buyers.has(d.id))
          .map((d) => `MEAN-FIS-BUYER-SUPERSET: document ${d.id} missing for the buyer`),
      ).toEqual([]);
      const withId = sellers.filter((d): d is typeof d & { id: string } =>
        shown(target, d.id, `${bySeller.label}: the id of a fiscal document`),
      );
      if (sellers.length > 0 && withId.length === 0)
        notVerifiedPart(`FIS-DOWNLOAD-FILE: no fiscal document of ${bySeller.label} shows its id`);
      for (const doc of withId.slice(0, 2)) {
        const file = await api.call('downloadFiscalDocument', {
          as: 'seller',
          path: { pack_id: pack, fiscal_document_id: doc.id },
        });
        if (file.status !== 200) continue; // 404: "could not be retrieved from storage (retry in a few seconds)"
        const head = file.bytes.subarray(0, 5).toString('latin1');
        expect(head, `FIS-DOWNLOAD-FILE: ${file.label} is a ${doc.file_type}`).toMatch(
          doc.file_type === 'application/pdf' ? /^%PDF/ : /^\s*</,
        );
      }
      const anonymous = await api.call('listFiscalDocuments', { as: 'anonymous', path: { pack_id: pack } });
      expect([anonymous.status, errorCodeOf(anonymous)], `FIS-AUTH-NO-TOKEN: ${anonymous.label}`).toEqual([
        403,
        'access_token_not_granted',
      ]);
    },
  );
});

test.describe('Delivery promises and account status: what values mean', () => {
  test(
    'should start the range of a delivery promise at date and end it at offset.date',
    verifies(['MEAN-EDT-RANGE-ENDS'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('getShipmentLeadTime', {
        as: 'seller',
        path: { shipment_id: target.orders.shipment },
      });
      expect(res.status, res.label).toBe(200);
      const edt = needed(
        target,
        bodyAt(res, 200).estimated_delivery_time,
        'a delivery promise',
        'orders.shipment',
      );
      const offset = edt.offset ?? {};
      if (typeof edt.date === 'string' && typeof offset.date === 'string')
        expect(
          ms(offset.date),
          `MEAN-EDT-RANGE-ENDS: offset.date ${offset.date} ends a range from ${edt.date}`,
        ).toBeGreaterThanOrEqual(ms(edt.date));
      if (typeof offset.shipping === 'number')
        expect(offset.shipping, 'MEAN-EDT-RANGE-ENDS: offset.shipping, the amplitude').toBeGreaterThanOrEqual(
          0,
        );
    },
  );

  test(
    'should give the reason whenever the seller or the buyer may not list',
    verifies(['MEAN-USER-LIST-BLOCKED', 'USR-STATUS-LIST-BLOCKED'], '@readonly'),
    async ({ api, target }) => {
      for (const as of ['seller', 'buyer'] as const) {
        const res = await api.call('getUserStatus', {
          as,
          tokenIn: 'query',
          path: { user_id: target.users[as].id },
          query: { attributes: 'status' },
        });
        expect(res.status, res.label).toBe(200);
        const list = bodyAt(res, 200).status?.list;
        if (list?.allow === false)
          expect(list.codes ?? [], `MEAN-USER-LIST-BLOCKED: ${as} may not list`).not.toHaveLength(0);
      }
    },
  );
});
