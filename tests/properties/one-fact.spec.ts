import { expectHot, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { readFresh } from '../../lib/client/read-cache.ts';
import { referenceHeaders } from '../../lib/client/reference-headers.ts';
import type { ApiResponse } from '../../lib/client/types.ts';
import { factsOfAnswer } from '../../lib/facts/extract.ts';
import { type FactRequirement, judgeFacts } from '../../lib/facts/judge.ts';
import type { Read } from '../../lib/facts/reads.ts';

// One fact, one value (issue 36): an instance read in two places the reference ties together has one
// value for each field both carry. The run judges this over every answer it received (lib/facts, in the
// verdict); these tests make the paired reads themselves, so each pair is judged at least once, and read
// again once on a difference (a live server may move on between two reads).

type Reads = (api: ApiClient, target: TargetProfile) => Promise<ApiResponse[]>;

const readsOf = (answers: ApiResponse[]): Read[] =>
  answers.flatMap((res) =>
    factsOfAnswer(res.operationId, res.status, res.body, {
      path: res.label.slice(res.label.indexOf(' ') + 1),
      bytes: res.bytes,
      caller: res.exchange.caller,
    }).map((f) => ({ ...f, at: Date.now() })),
  );

const idsIn = (res: ApiResponse, list: string, limit: number): string[] => {
  const body = res.body as Record<string, unknown> | undefined;
  const items = Array.isArray(body?.[list]) ? (body[list] as Record<string, unknown>[]) : [];
  return items
    .map((item) => item.id)
    .filter((id): id is string | number => typeof id === 'string' || typeof id === 'number')
    .slice(0, limit)
    .map(String);
};

const orderReads: Reads = async (api, target) => {
  const search = await api.call('searchOrders', { as: 'seller', query: { seller: target.users.seller.id } });
  const reads = await Promise.all(
    idsIn(search, 'results', 3).map((id) => api.call('getOrder', { as: 'seller', path: { order_id: id } })),
  );
  return [search, ...reads];
};

const categoryReads: Reads = async (api, target) => {
  const root = await api.call('getCategory', {
    as: 'seller',
    path: { category_id: target.catalog.rootCategory },
  });
  const children = await Promise.all(
    idsIn(root, 'children_categories', 3).map((id) =>
      api.call('getCategory', { as: 'seller', path: { category_id: id } }),
    ),
  );
  return [root, ...children];
};

const locationReads: Reads = async (api, target) => {
  const country = await api.call('getCountry', {
    as: 'seller',
    path: { country_id: target.catalog.countryId },
  });
  const states = await Promise.all(
    idsIn(country, 'states', 2).map((id) => api.call('getState', { as: 'seller', path: { state_id: id } })),
  );
  return [country, ...states];
};

const messageReads: Reads = async (api, target) => {
  const listing = await api.call('listPackMessages', {
    as: 'seller',
    path: { pack_id: target.messaging.pack, user_id: target.users.seller.id },
  });
  const reads = await Promise.all(
    idsIn(listing, 'messages', 3).map((id) =>
      api.call('getMessage', { as: 'seller', path: { message_id: id } }),
    ),
  );
  return [listing, ...reads];
};

const shipmentReads: Reads = async (api, target) => {
  const path = { shipment_id: target.orders.shipment };
  const shipment = await api.call('getShipment', {
    as: 'seller',
    path: { shipping_id: target.orders.shipment },
    headers: referenceHeaders('getShipment'),
  });
  return [shipment, await api.call('getShipmentLeadTime', { as: 'seller', path })];
};

const discountReads: Reads = async (api, target) => {
  const path = { order_id: target.orders.withDiscounts };
  return [
    await api.call('getOrder', { as: 'seller', path }),
    await api.call('getOrderDiscounts', { as: 'seller', path }),
  ];
};

/** The product and the discounts of an order, each read by its seller and by its buyer. */
const partyViewReads: Reads = async (api, target) => {
  const orders = [target.orders.withAttributes, target.orders.withDiscounts];
  const reads = orders.flatMap((order_id, i) =>
    (['seller', 'buyer'] as const).map((as) =>
      api.call(i === 0 ? 'getOrderProduct' : 'getOrderDiscounts', { as, path: { order_id } }),
    ),
  );
  return Promise.all(reads);
};

const packReads: Reads = async (api, target) => {
  const listing = await api.call('listPackMessages', {
    as: 'seller',
    path: { pack_id: target.messaging.pack, user_id: target.users.seller.id },
  });
  // The pack's orders, where the parties' first pages of search hold them.
  const searches = await Promise.all(
    (['seller', 'buyer'] as const).map((as) =>
      api.call('searchOrders', { as, query: { [as]: target.users[as].id } }),
    ),
  );
  return [listing, ...searches];
};

const fiscalReads: Reads = async (api, target) => {
  const pack = target.fiscal.documentsPack;
  const listing = await api.call('listFiscalDocuments', { as: 'seller', path: { pack_id: pack } });
  const files = await Promise.all(
    idsIn(listing, 'fiscal_documents', 2).map((id) =>
      api.call('downloadFiscalDocument', { as: 'seller', path: { pack_id: pack, fiscal_document_id: id } }),
    ),
  );
  return [listing, ...files];
};

const PAIRS: { requirement: FactRequirement; title: string; reads: Reads }[] = [
  { requirement: 'FACT-ORDER-READS', title: 'an order in the search and in its own read', reads: orderReads },
  {
    requirement: 'FACT-CATEGORY-READS',
    title: "a category in its parent's children and in its own read",
    reads: categoryReads,
  },
  {
    requirement: 'FACT-LOCATION-READS',
    title: 'a state in its country and in its own read',
    reads: locationReads,
  },
  {
    requirement: 'FACT-MESSAGE-READS',
    title: 'a message in the pack listing and by id',
    reads: messageReads,
  },
  {
    requirement: 'FACT-SHIPMENT-READS',
    title: "a shipment's delivery promise in its read and in its lead time",
    reads: shipmentReads,
  },
  {
    requirement: 'FACT-DISCOUNT-ITEMS',
    title: "a discount's items among the order's items",
    reads: discountReads,
  },
  {
    requirement: 'FACT-ORDER-PARTY-VIEWS',
    title: "an order's product and discounts as its seller and as its buyer read them",
    reads: partyViewReads,
  },
  {
    requirement: 'FACT-PACK-READS',
    title: "a pack's buyer in its order and in its messages",
    reads: packReads,
  },
  {
    requirement: 'FACT-FISCAL-READS',
    title: "a fiscal document's type in the pack's list and in its file",
    reads: fiscalReads,
  },
];

test.describe('one fact, one value: the same instance read two ways', () => {
  for (const { requirement, title, reads } of PAIRS) {
    test(
      `should show ${title} with one value for each field both carry`,
      verifies([requirement], '@readonly'),
      async ({ api, target }) => {
        let judged = judgeFacts(readsOf(await reads(api, target)));
        // A live server may move on between two reads: a difference is read once more before it counts.
        if (judged.some((j) => j.outcome === 'broken'))
          judged = judgeFacts(readsOf(await readFresh(() => reads(api, target))));
        if (!judged.some((j) => j.requirement === requirement))
          notJudged(requirement, title, 'no instance was read in two places');
        for (const j of judged) {
          if (j.outcome === 'not judged') notJudged(j.requirement, j.instance, j.reason ?? 'not judged');
          else
            expectHot(j.outcome, `${j.requirement}: ${j.instance}${j.reason ? ` (${j.reason})` : ''}`).toBe(
              'held',
            );
        }
      },
    );
  }
});
