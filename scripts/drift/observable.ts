/**
 * Calls chosen so each rule the suite checks is observable: a `tags.not` naming a tag the unfiltered
 * answer carries, a date range around an order's own date, the second page of a known list, a
 * document asked through another pack. Each side picks the values from its own answers, so the same
 * scenario reaches each side with its own data.
 */

import { hasStatus } from '../../lib/client/typed.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import { DELIVERY_TIME_RULES, deliveryTimeFailures } from '../../lib/rules/delivery-time.ts';
import { instantOf } from '../../lib/rules/instant.ts';
import {
  carriesTag,
  DATE_REQUIREMENTS,
  type DateField,
  dateFailures,
  type FoundOrder,
  idsOf,
  inStatus,
  itemFailures,
  lacksTags,
  minutesAround,
  missing,
  ordersOf,
  roleFailures,
  statusFailures,
  tagFailures,
  tagsNotFailures,
} from '../../lib/rules/order-search-rules.ts';
import { answerOf } from './answer.ts';
import type { CallerRole, RoleName } from './roles.ts';
import { rule } from './rules.ts';
import type { Call, JudgedCall, RuleOutcome, Scenario, SideContext } from './types.ts';

function scenario(
  name: string,
  needs: RoleName[],
  callers: CallerRole[],
  run: (side: SideContext) => Promise<JudgedCall[]>,
): Scenario {
  return { name, needs, callers, run };
}

const ok = (exchange: JudgedCall) => exchange.response.status === 200;

/** The body of a 200 answer to the order search, typed; undefined for another status. */
function searchBody(exchange: JudgedCall) {
  const answer = answerOf(exchange, 'searchOrders');
  return answer && hasStatus(answer, 200) ? answer.body : undefined;
}

/** The order a 200 read shows, typed; nothing shown for another status. */
function orderRead(exchange: JudgedCall): FoundOrder {
  const answer = answerOf(exchange, 'getOrder');
  return answer && hasStatus(answer, 200) ? answer.body : {};
}

type Party = 'seller' | 'buyer' | 'seller2';
type Query = NonNullable<Call['query']>;

function search(side: SideContext, as: Party, query: Query = {}): Promise<JudgedCall> {
  const role = as === 'buyer' ? 'buyer' : 'seller';
  return side.send({ operationId: 'searchOrders', as, query: { [role]: side.users[as]?.id ?? 0, ...query } });
}

/** Every order of the answer is on this page: a filter judged both ways can expect each match back. */
function complete(exchange: JudgedCall): boolean {
  const total = searchBody(exchange)?.paging?.total;
  return typeof total === 'number' && total === ordersOf(exchange.response.body).length;
}

/** The tags the orders carry, most carried first (ties by name). */
function tagsByCount(orders: FoundOrder[]): string[] {
  const counts = new Map<string, number>();
  for (const tag of orders.flatMap((o) => o.tags ?? [])) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([tag]) => tag);
}

/** Both ways: every result passes, and (when the unfiltered answer is whole) every match of it comes back. */
function bothWays(
  requirement: string,
  unfiltered: JudgedCall,
  filtered: JudgedCall,
  passes: (orders: FoundOrder[]) => string[],
  matches: (order: FoundOrder) => boolean,
): RuleOutcome {
  const found = ordersOf(filtered.response.body);
  const expected = complete(unfiltered) ? ordersOf(unfiltered.response.body).filter(matches) : [];
  return rule(requirement, [
    ...passes(found),
    ...expected.flatMap((order) => missing(found, order.id, 'the filter')),
  ]);
}

const tagsNot = scenario(
  'the seller excludes with tags.not the tag its unfiltered search shows most',
  [],
  ['seller'],
  async (side) => {
    const all = await search(side, 'seller');
    const [tag] = tagsByCount(ordersOf(all.response.body));
    if (!ok(all) || !tag) return [all];
    const without = await search(side, 'seller', { 'tags.not': tag });
    if (ok(without))
      without.rules = [
        bothWays(
          'ORD-SEARCH-TAGS-NOT',
          all,
          without,
          (found) => tagsNotFailures(found, [tag]),
          (o) => lacksTags(o, [tag]) === true,
        ),
      ];
    return [all, without];
  },
);

const tags = scenario(
  'the seller filters with tags a tag only some of its orders carry',
  [],
  ['seller'],
  async (side) => {
    const all = await search(side, 'seller');
    const orders = ordersOf(all.response.body);
    const tag = tagsByCount(orders).find((t) =>
      orders.some((o) => o.tags !== undefined && !o.tags.includes(t)),
    );
    if (!ok(all) || !tag) return [all];
    const withTag = await search(side, 'seller', { tags: tag });
    if (ok(withTag))
      withTag.rules = [
        bothWays(
          'ORD-SEARCH-TAGS',
          all,
          withTag,
          (found) => tagFailures(found, tag),
          (o) => carriesTag(o, tag) === true,
        ),
      ];
    return [all, withTag];
  },
);

const status = scenario(
  'the seller filters with order.status the status of its first order',
  [],
  ['seller'],
  async (side) => {
    const all = await search(side, 'seller');
    const wanted = ordersOf(all.response.body)[0]?.status;
    if (!ok(all) || !wanted) return [all];
    const filtered = await search(side, 'seller', { 'order.status': wanted });
    if (ok(filtered))
      filtered.rules = [
        bothWays(
          'ORD-SEARCH-STATUS',
          all,
          filtered,
          (found) => statusFailures(found, [wanted]),
          (o) => inStatus(o, [wanted]) === true,
        ),
      ];
    return [all, filtered];
  },
);

const readPaid = (side: SideContext) =>
  side.send({
    operationId: 'getOrder',
    as: 'seller',
    path: { order_id: side.roles.paidOrder },
    headers: { 'x-format-new': 'true' },
  });

const DATE_RULES = Object.entries(DATE_REQUIREMENTS) as [DateField, string][];

const dates = scenario(
  'the seller searches a minute either side of each date of the paid order',
  ['paidOrder'],
  ['seller'],
  async (side) => {
    const read = await readPaid(side);
    const order = orderRead(read);
    if (!ok(read)) return [read];
    const walked = [read];
    for (const [field, requirement] of DATE_RULES) {
      const at = order[field];
      if (typeof at !== 'string' || Number.isNaN(instantOf(at))) continue;
      const [from, to] = [minutesAround(at, -1), minutesAround(at, 1)];
      const found = await search(side, 'seller', {
        [`order.${field}.from`]: from,
        [`order.${field}.to`]: to,
      });
      const orders = ordersOf(found.response.body);
      if (ok(found))
        found.rules = [
          rule(requirement, [...dateFailures(orders, field, from, to), ...missing(orders, order.id, field)]),
        ];
      walked.push(found);
    }
    return walked;
  },
);

const itemAndQ = scenario(
  'the seller searches by the item and by the id of the paid order',
  ['paidOrder'],
  ['seller'],
  async (side) => {
    const read = await readPaid(side);
    const order = orderRead(read);
    const item = order.order_items?.[0]?.item?.id;
    if (!ok(read) || !item) return [read];
    const byItem = await search(side, 'seller', { item });
    if (ok(byItem)) {
      const orders = ordersOf(byItem.response.body);
      byItem.rules = [
        rule('ORD-SEARCH-ITEM', [
          ...itemFailures(orders, item),
          ...missing(orders, order.id, `item ${item}`),
        ]),
      ];
    }
    const byQ = await search(side, 'seller', { q: order.id });
    if (ok(byQ)) {
      const echoed = searchBody(byQ)?.query;
      const echo =
        echoed === undefined || echoed === String(order.id) ? [] : [`query is ${JSON.stringify(echoed)}`];
      byQ.rules = [rule('ORD-SEARCH-Q', [...echo, ...missing(ordersOf(byQ.response.body), order.id, 'q')])];
    }
    return [read, byItem, byQ];
  },
);

const qOfAnother = scenario(
  "seller2 searches its orders for the id of the seller's paid order",
  ['paidOrder'],
  ['seller2'],
  async (side) => {
    const found = await search(side, 'seller2', { q: side.roles.paidOrder });
    if (ok(found))
      found.rules = [
        rule(
          'ORD-SEARCH-ROLE',
          roleFailures(ordersOf(found.response.body), 'seller', side.users.seller2?.id ?? 0),
        ),
      ];
    return [found];
  },
);

const OPPOSITES: [string, string, string, string][] = [
  ['feedback.sale.fulfilled', 'true', 'false', 'ORD-SEARCH-FEEDBACK-FULFILLED'],
  ['feedback.purchase.fulfilled', 'true', 'false', 'ORD-SEARCH-FEEDBACK-FULFILLED'],
  ['feedback.sale.rating', 'positive', 'negative', 'ORD-SEARCH-FEEDBACK-RATING'],
  ['feedback.purchase.rating', 'positive', 'negative', 'ORD-SEARCH-FEEDBACK-RATING'],
];

const feedback = scenario(
  'the seller searches with opposite feedback values',
  [],
  ['seller'],
  async (side) => {
    const walked: JudgedCall[] = [];
    for (const [filter, one, other, requirement] of OPPOSITES) {
      const ones = await search(side, 'seller', { [filter]: one });
      const others = await search(side, 'seller', { [filter]: other });
      if (ok(ones) && ok(others)) {
        const both = idsOf(ones.response.body).filter((id) => idsOf(others.response.body).includes(id));
        others.rules = [
          rule(
            requirement,
            both.map((id) => `order ${id} has both ${filter}=${one} and =${other}`),
          ),
        ];
      }
      walked.push(ones, others);
    }
    return walked;
  },
);

type Paging = { total?: unknown; offset?: unknown; limit?: unknown };

/** A page the answer says starts at `offset` with `limit` holds those elements of the whole list (where it echoes them). */
function pageRule(
  requirement: string,
  whole: string[],
  page: string[],
  paging: Paging,
  offset: number,
  limit: number,
) {
  if (paging.offset !== offset || paging.limit !== limit) return rule(requirement, []);
  const expected = whole.slice(offset, offset + limit);
  const same = expected.length === page.length && expected.every((id, i) => id === page[i]);
  return rule(requirement, same ? [] : [`page ${page.join(',')} where the list gives ${expected.join(',')}`]);
}

const orderPage = scenario(
  'the seller reads the second page of its orders by date',
  [],
  ['seller'],
  async (side) => {
    const first = await search(side, 'seller', { sort: 'date_asc' });
    const ids = idsOf(first.response.body).map(String);
    if (!ok(first) || ids.length < 3) return [first];
    const page = await search(side, 'seller', { sort: 'date_asc', offset: 1, limit: 2 });
    if (ok(page))
      page.rules = [
        pageRule(
          'ORD-SEARCH-PAGING',
          ids,
          idsOf(page.response.body).map(String),
          searchBody(page)?.paging ?? {},
          1,
          2,
        ),
      ];
    return [first, page];
  },
);

const listing = (side: SideContext, query: Query = {}) =>
  side.send({
    operationId: 'listPackMessages',
    as: 'seller',
    path: { pack_id: side.roles.conversation, user_id: side.users.seller?.id ?? 0 },
    query: { tag: 'post_sale', mark_as_read: false, ...query },
    headers: { 'x-format-new': 'true' },
  });

/** The body of a 200 listing of a conversation, typed; undefined for another status. */
function listingBody(exchange: JudgedCall) {
  const answer = answerOf(exchange, 'listPackMessages');
  return answer && hasStatus(answer, 200) ? answer.body : undefined;
}
const messagesOf = (exchange: JudgedCall) => listingBody(exchange)?.messages ?? [];

const messagePage = scenario(
  'the seller reads the conversation from its second message',
  ['conversation'],
  ['seller'],
  async (side) => {
    const first = await listing(side);
    const ids = messagesOf(first).map((m) => String(m.id));
    if (!ok(first) || ids.length < 2) return [first];
    const page = await listing(side, { offset: 1, limit: 1 });
    if (ok(page))
      page.rules = [
        pageRule(
          'MSG-LIST-PAGING',
          ids,
          messagesOf(page).map((m) => String(m.id)),
          listingBody(page)?.paging ?? {},
          1,
          1,
        ),
      ];
    return [first, page];
  },
);

/** The documents a 200 listing shows, typed; none for another status. */
function docsOf(exchange: JudgedCall) {
  const answer = answerOf(exchange, 'listFiscalDocuments');
  return answer && hasStatus(answer, 200) ? answer.body.fiscal_documents : [];
}
const listDocs = (side: SideContext, as: Party, pack: number) =>
  side.send({ operationId: 'listFiscalDocuments', as, path: { pack_id: pack } });

const fiscalOwn = scenario(
  'each seller of the shared pack lists only the documents it loaded',
  ['fiscalPack'],
  ['seller', 'seller2'],
  async (side) => {
    const mine = await listDocs(side, 'seller', side.roles.fiscalPack);
    const theirs = await listDocs(side, 'seller2', side.roles.fiscalPack);
    if (ok(mine) && ok(theirs)) {
      const other = docsOf(theirs).map((d) => d.id);
      const shared = docsOf(mine).filter((d) => other.includes(d.id));
      theirs.rules = [
        rule(
          'FIS-LIST-SELLER-OWN',
          shared.map((d) => `document ${d.id} is listed to both sellers`),
        ),
      ];
    }
    return [mine, theirs];
  },
);

/** The bytes of a file answer as the side received them. */
function sizeOf(exchange: JudgedCall): number {
  const type = String(exchange.response.headers['content-type'] ?? '');
  return /json|text|xml/.test(type)
    ? Buffer.byteLength(exchange.response.text, 'utf8')
    : exchange.response.text.length;
}

/** A whole file of the type listed: a PDF from %PDF- to %%EOF, an XML document from < to > (lib/checks/assertions.ts). */
function fileOfType(text: string, type: string): string[] {
  if (type === 'application/pdf')
    return text.startsWith('%PDF-') && text.trimEnd().endsWith('%%EOF') ? [] : ['not a whole PDF'];
  if (/xml/.test(type)) {
    const xml = text.replace(/^\uFEFF|^\xEF\xBB\xBF/, '').trim();
    return xml.startsWith('<') && xml.endsWith('>') ? [] : ['not a whole XML document'];
  }
  return [];
}

const fiscalDownloads = scenario(
  "the buyer downloads the shared pack's documents; the seller asks for one through another pack",
  ['fiscalPack', 'halfPack'],
  ['buyer', 'seller'],
  async (side) => {
    const listed = await listDocs(side, 'buyer', side.roles.fiscalPack);
    const walked = [listed];
    for (const doc of docsOf(listed).slice(0, 2)) {
      const file = await side.send({
        operationId: 'downloadFiscalDocument',
        as: 'buyer',
        path: { pack_id: side.roles.fiscalPack, fiscal_document_id: String(doc.id) },
      });
      if (ok(file))
        file.rules = [rule('FIS-DOWNLOAD-FILE', fileOfType(file.response.text, String(doc.file_type)))];
      walked.push(file);
    }
    const own = await listDocs(side, 'seller', side.roles.fiscalPack);
    walked.push(own);
    const [doc] = docsOf(own);
    if (doc)
      walked.push(
        await side.send(
          {
            operationId: 'downloadFiscalDocument',
            as: 'seller',
            path: { pack_id: side.roles.halfPack, fiscal_document_id: String(doc.id) },
          },
          { refused: 'FIS-ERR-DOWNLOAD-UNKNOWN' },
        ),
      );
    return walked;
  },
);

const attachments = scenario(
  'the buyer downloads an attachment of the conversation; a stranger asks for it',
  ['conversation', 'messagingSite'],
  ['seller', 'buyer', 'stranger'],
  async (side) => {
    const listed = await listing(side);
    const file = messagesOf(listed).flatMap((m) => m.message_attachments ?? [])[0];
    if (!file?.filename) return [listed];
    const filename = String(file.filename);
    const download = (as: CallerRole) =>
      side.send(
        {
          operationId: 'downloadAttachment',
          as,
          path: { attachment_id: filename },
          query: { tag: 'post_sale', site_id: side.roles.messagingSite },
        },
        as === 'stranger' ? { refused: 'ATT-AUTH-DOWNLOAD' } : undefined,
      );
    const asBuyer = await download('buyer');
    if (ok(asBuyer)) {
      const size = sizeOf(asBuyer);
      const sized =
        file.size === undefined || file.size === size ? [] : [`${size} bytes, listed ${file.size}`];
      asBuyer.rules = [
        rule('ATT-DOWNLOAD-FILE', [...sized, ...fileOfType(asBuyer.response.text, String(file.type))]),
      ];
    }
    return [listed, asBuyer, await download('stranger')];
  },
);

/** SHIP-EDT-*: the delivery-time rules of every option of one answer (none for another status). */
export function deliveryTimeRules(exchange: Exchange): RuleOutcome[] {
  const answer = answerOf(exchange, 'getShippingOptions');
  const options = (answer && hasStatus(answer, 200) ? answer.body.options : undefined) ?? [];
  const failures = options.flatMap((option) => deliveryTimeFailures(option));
  return DELIVERY_TIME_RULES.map((id) =>
    rule(
      id,
      failures.filter((f) => f.requirement === id).map((f) => f.failure),
    ),
  );
}

const byCity = scenario(
  'the buyer reads the shipping options of the item to the city it ships to',
  ['shippingItem', 'cityTo'],
  ['buyer'],
  async (side) => {
    const options = await side.send({
      operationId: 'getShippingOptions',
      as: 'buyer',
      path: { item_id: side.roles.shippingItem },
      query: { city_to: side.roles.cityTo },
    });
    if (ok(options)) {
      const answer = answerOf(options, 'getShippingOptions');
      const count = ((answer && hasStatus(answer, 200) ? answer.body.options : undefined) ?? []).length;
      options.rules = [
        rule('SHIP-BY-CITY', count > 0 ? [] : ['no option to the city the profile names']),
        ...deliveryTimeRules(options),
      ];
    }
    return [options];
  },
);

export const OBSERVABLE_SCENARIOS: Scenario[] = [
  tagsNot,
  tags,
  status,
  dates,
  itemAndQ,
  qOfAnother,
  feedback,
  orderPage,
  messagePage,
  fiscalOwn,
  fiscalDownloads,
  attachments,
  byCity,
];
