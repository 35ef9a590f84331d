import type { FastifyRequest } from 'fastify';
import { wantsNewFormat } from '../http.ts';
import {
  type Choice,
  is,
  type Json,
  keepOnly,
  offsetOf,
  onAnswer,
  type Pick,
  type RouteKey,
  without,
  writeTimestamp,
} from './kit.ts';

const ORDER: RouteKey = 'GET /orders/:order_id';
const SEARCH: RouteKey = 'GET /orders/search';
const LISTED_ONLY = "the reference's tables list fields and never say each is always present";

/** The shape of one production capture: the fields it carries at each level. */
interface OrderShape {
  top: readonly string[];
  /** Order item line fields; undefined keeps them all. */
  line?: readonly string[];
  item?: readonly string[];
  /** Payments in the short order form (the six fields the reference names). */
  shortPayments: boolean;
}

const SHORT_PAYMENT = [
  'id',
  'transaction_amount',
  'currency_id',
  'status',
  'date_created',
  'date_last_modified',
];

/** The order reads of ../shared/real-responses: orders_get_01 (and _06), orders_get_04, orders_get_02. */
const READ_SHAPES: readonly OrderShape[] = [
  {
    top: 'id,status,status_detail,date_created,date_closed,order_items,total_amount,currency_id,buyer,seller,payments,feedback,context,shipping,tags'.split(
      ',',
    ),
    line: ['item', 'quantity', 'unit_price', 'currency_id'],
    item: ['id', 'title', 'variation_id', 'variation_attributes'],
    shortPayments: true,
  },
  {
    top: 'id,status,status_detail,date_created,date_closed,order_items,total_amount,currency_id,buyer,seller,payments,shipping,tags'.split(
      ',',
    ),
    line: ['item', 'quantity', 'unit_price', 'currency_id'],
    item: ['id', 'title'],
    shortPayments: true,
  },
  {
    top: 'id,date_created,last_updated,date_closed,pack_id,fulfilled,buying_mode,shipping_cost,mediations,total_amount,paid_amount,order_items,currency_id,payments,shipping,status,status_detail,tags,feedback,context,seller,buyer,taxes,cancel_detail,manufacturing_ending_date,order_request'.split(
      ',',
    ),
    shortPayments: false,
  },
];

/** The search results of the captures: orders_search_01 and orders_search_02/_03. */
const SEARCH_SHAPES: readonly OrderShape[] = [
  {
    top: 'id,comments,status,status_detail,date_created,date_closed,expiration_date,date_last_updated,hidden_for_seller,currency_id,order_items,total_amount,mediations,payments,shipping,buyer,seller,feedback,tags'.split(
      ',',
    ),
    // The four search-only fields are "Present in search results" (stated): kept.
    line: [
      'currency_id',
      'item',
      'sale_fee',
      'quantity',
      'unit_price',
      'base_currency_id',
      'base_exchange_rate',
      'differential_pricing_id',
      'manufacturing_days',
    ],
    shortPayments: false,
  },
  {
    top: 'seller,payments,fulfilled,buying_mode,taxes,order_request,feedback,shipping,date_closed,id,manufacturing_ending_date,hidden_for_seller,order_items,date_last_updated,last_updated,comments,pack_id,shipping_cost,date_created,application_id,pickup_id,status_detail,tags,buyer,total_amount,paid_amount,mediations,currency_id,status'.split(
      ',',
    ),
    line: 'item,quantity,differential_pricing_id,sale_fee,listing_type_id,base_currency_id,unit_price,base_exchange_rate,currency_id,manufacturing_days'.split(
      ',',
    ),
    shortPayments: false,
  },
];

/** Order fields some capture leaves out: the only ones the random variant drops. */
const DROPPABLE =
  'expiration_date,last_updated,date_last_updated,paid_amount,pack_id,pickup_id,comments,fulfilled,buying_mode,order_request,coupon,shipping_cost,application_id,hidden_for_seller,manufacturing_ending_date,context,taxes,cancel_detail,feedback'.split(
    ',',
  );

/** Rules for orders, 3: total_amount and taxes.amount come from GET /orders/{id} with x-format-new: true. */
const RULE_3_FIELDS = ['total_amount', 'taxes'];
/** Order fields the reference states always there ("Mediations of the order (empty array when none)"): kept. */
const STATED_ORDER_FIELDS = ['mediations'];

function shaped(order: Json, shape: OrderShape, keepAlso: readonly string[]): Json {
  const result = keepOnly(order, [...shape.top, ...keepAlso]);
  if (Array.isArray(result.order_items)) {
    result.order_items = (result.order_items as Json[]).map((line) => {
      const kept = shape.line ? keepOnly(line, shape.line) : line;
      return shape.item ? { ...kept, item: keepOnly(kept.item as Json, shape.item) } : kept;
    });
  }
  if (shape.shortPayments && Array.isArray(result.payments))
    result.payments = (result.payments as Json[]).map((payment) => keepOnly(payment, SHORT_PAYMENT));
  return result;
}

function randomlyShaped(order: Json, pick: Pick, keepAlso: readonly string[]): Json {
  const drop = DROPPABLE.filter(
    (field) => !keepAlso.includes(field) && pick.chance(`${order.id}:${field}`) < 0.3,
  );
  return without(order, drop);
}

function shapeOrder(
  order: Json,
  pick: Pick,
  shapes: readonly OrderShape[],
  keepAlso: readonly string[],
): Json {
  if (pick.variant === 'random') return randomlyShaped(order, pick, keepAlso);
  const shape = shapes[Math.floor(pick.chance(String(order.id)) * shapes.length)]!;
  return shaped(order, shape, keepAlso);
}

/** What an order read keeps whatever its shape: the stated fields, and Orders rule 3 with x-format-new. */
const keptInRead = (request: FastifyRequest) => [
  ...STATED_ORDER_FIELDS,
  ...(wantsNewFormat(request) ? RULE_3_FIELDS : []),
];

const ORDER_VARIANTS = {
  captures: 'each order shaped like one capture (chosen per order id): listed fields left out',
  random: 'each order leaves out a seeded 30% of the fields some capture leaves out',
  mock: 'every listed field',
};

/** Order reads leave out listed fields as the production captures do; 206 answers keep everything. */
const orderReadFields: Choice = {
  name: 'order-read-fields',
  gap: `ORD-ORDER-FIELDS, ORD-ITEM-FIELDS, ORD-PAYMENT-FIELDS: ${LISTED_ONLY} (orders_get_01/02/04/06); the short payment form`,
  description:
    'GET /orders/{id} 200 answers leave out fields; taxes and total_amount stay with x-format-new (Orders rule 3)',
  variants: ORDER_VARIANTS,
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, [ORDER], is(200), (body, request) =>
      shapeOrder(body as Json, pick, READ_SHAPES, keptInRead(request)),
    );
  },
};

const orderSearchFields: Choice = {
  name: 'order-search-fields',
  gap: `ORD-SEARCH-RESPONSE, ORD-ORDER-FIELDS: ${LISTED_ONLY} (orders_search_01/02/03)`,
  description: 'GET /orders/search results leave out fields as the search captures do',
  variants: ORDER_VARIANTS,
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, [SEARCH], is(200), (body) => {
      const page = body as Json;
      return {
        ...page,
        results: (page.results as Json[]).map((o) => shapeOrder(o, pick, SEARCH_SHAPES, STATED_ORDER_FIELDS)),
      };
    });
  },
};

/** Approved payments of delivered orders: the refund window is over (the reference only says refund exists). */
const paymentActions: Choice = {
  name: 'payment-actions',
  gap: 'ORD-PAYMENT-APPROVED: "Status approved and available action refund exist." (existence only)',
  description: 'approved payments of delivered orders carry no available action (the refund window closed)',
  variants: { 'no-refund-when-delivered': 'available_actions [] on delivered orders', mock: 'refund always' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const change = (order: Json) => {
      if (!Array.isArray(order.tags) || !order.tags.includes('delivered') || !Array.isArray(order.payments))
        return order;
      for (const payment of order.payments as Json[])
        if ('available_actions' in payment) payment.available_actions = [];
      return order;
    };
    onAnswer(app, [ORDER], is(200, 206), (body) => change(body as Json));
    onAnswer(app, [SEARCH], is(200), (body) => {
      for (const order of (body as Json).results as Json[]) change(order);
      return body;
    });
  },
};

/** last_updated and date_last_updated both mean "Last update"; production shows them apart (orders_get_05). */
const lastUpdated: Choice = {
  name: 'last-updated-apart',
  gap: 'ORD-ORDER-FIELDS: "last_updated, date_last_updated | timestamp | Last update" (not said equal)',
  description: 'last_updated is an hour before date_last_updated (filters use date_last_updated)',
  variants: { apart: 'last_updated one hour earlier', mock: 'equal' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const change = (order: Json) => {
      if (typeof order.last_updated === 'string' && typeof order.date_created === 'string') {
        const earlier = Date.parse(order.last_updated) - 3_600_000;
        const floor = Date.parse(order.date_created);
        order.last_updated = writeTimestamp(Math.max(earlier, floor), offsetOf(order.last_updated), true);
      }
      return order;
    };
    onAnswer(app, [ORDER], is(200, 206), (body) => change(body as Json));
    onAnswer(app, [SEARCH], is(200), (body) => {
      for (const order of (body as Json).results as Json[]) change(order);
      return body;
    });
  },
};

const MISSING_FIELDS = ['buyer', 'feedback', 'mediations', 'seller', 'shipping'] as const;

/** Rules for orders, 1: a 206 names what could not be obtained; those are {} and the rest is present. */
const transientPartial: Choice = {
  name: 'transient-206',
  gap: 'ORD-READ-PARTIAL: "200 Order; 206 with header X-Content-Missing when data could not be obtained"',
  description: 'an order read now and then answers 206 with a seeded subset of the five fields as {}',
  variants: {
    'first-read': 'the first read of each order is 206, the next ones 200',
    'every-3rd': 'every third read of an order is 206',
    'one-in-5': 'a seeded one read in five is 206',
    mock: 'only the seed order 2000000009 (always 206)',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    const reads = new Map<string, number>();
    onAnswer(app, [ORDER], is(200), (body, _request, reply) => {
      const order = body as Json;
      const count = (reads.get(String(order.id)) ?? 0) + 1;
      reads.set(String(order.id), count);
      const partial =
        pick.variant === 'first-read'
          ? count === 1
          : pick.variant === 'every-3rd'
            ? count % 3 === 0
            : pick.chance(`${order.id}:${count}`) < 0.2;
      if (!partial) return order;
      const missing = MISSING_FIELDS.filter((field) => pick.chance(`${order.id}:${field}`) < 0.4);
      if (missing.length === 0) missing.push(MISSING_FIELDS[Math.floor(pick.chance(String(order.id)) * 5)]!);
      const separator = pick.chance('separator') < 0.5 ? ',' : ', ';
      reply.code(206).header('X-Content-Missing', missing.join(separator));
      for (const field of missing) order[field] = {};
      return order;
    });
  },
};

const siteCategoriesShape: Choice = {
  name: 'site-categories-shape',
  gap: 'CAT-SITE-FIELDS: "Site categories response: categories: array of {id, name} (top level)" (site_categories_01-03)',
  description: 'GET /sites/{site_id}/categories answers the bare array',
  variants: { 'bare-array': 'the array of {id, name}', mock: '{categories: [...]}' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, ['GET /sites/:site_id/categories'], is(200), (body) => (body as Json).categories);
  },
};

/** Settings the Limits table names per category, and listing_allowed, stated false on a non-leaf: always kept. */
const STATED_SETTINGS = [
  'max_title_length',
  'max_sub_title_length',
  'max_description_length',
  'max_pictures_per_item',
  'listing_allowed',
];

const categorySettings: Choice = {
  name: 'category-settings-fields',
  gap: `CAT-SETTINGS-FIELDS, CAT-SETTINGS-VALUES: ${LISTED_ONLY} (categories_get_01/08/09 lack settings.shipping_modes)`,
  description: 'category settings leave out listed fields',
  variants: {
    captures: 'settings.shipping_modes left out of three categories in four',
    random: 'a seeded 30% of the settings fields left out (never the four limits nor listing_allowed)',
    mock: 'every settings field',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, ['GET /categories/:category_id'], is(200), (body) => {
      const category = body as Json;
      const settings = category.settings as Json;
      const drop =
        pick.variant === 'captures'
          ? pick.chance(String(category.id)) < 0.75
            ? ['shipping_modes']
            : []
          : Object.keys(settings).filter(
              (key) => !STATED_SETTINGS.includes(key) && pick.chance(`${category.id}:${key}`) < 0.3,
            );
      return { ...category, settings: without(settings, drop) };
    });
  },
};

const categoryPath: Choice = {
  name: 'category-path-self',
  gap: 'CAT-PATH-SELF: whether path_from_root ends with the category itself is not said',
  description: 'path_from_root without the category itself',
  variants: { mock: 'ends with the category (as categories_get_01)', 'without-self': 'ancestors only' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, ['GET /categories/:category_id'], is(200), (body) => {
      const category = body as Json;
      return { ...category, path_from_root: (category.path_from_root as Json[]).slice(0, -1) };
    });
  },
};

const attributeTags: Choice = {
  name: 'attribute-tags',
  gap: `CAT-ATTR-FIELDS: "tags {fixed: boolean, required: boolean}" ${LISTED_ONLY} (229 of 231 captured attributes)`,
  description: 'attribute tags carry only the flags that are true',
  variants: { 'true-only': 'fixed / required left out when false', mock: 'both flags always' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, ['GET /categories/:category_id/attributes'], is(200), (body) =>
      (body as Json[]).map((attribute) => {
        const tags = attribute.tags as Json;
        return {
          ...attribute,
          tags: Object.fromEntries(Object.entries(tags).filter(([, v]) => v !== false)),
        };
      }),
    );
  },
};

const siteSearchFields: Choice = {
  name: 'site-search-fields',
  gap: `SEARCH-RESULT-FIELDS, SEARCH-ENVELOPE-FIELDS: ${LISTED_ONLY} (site_search_01/02)`,
  description: 'site search results leave out subtitle, seller_contact and location',
  variants: {
    captures: 'results without subtitle, seller_contact, location (site_search_02)',
    'no-extra-lists': 'also without secondary_results and related_results (site_search_01)',
    mock: 'every listed field',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, ['GET /sites/:site_id/search'], is(200), (body) => {
      const page = body as Json;
      const results = (page.results as Json[]).map((r) =>
        without(r, ['subtitle', 'seller_contact', 'location']),
      );
      const envelope =
        pick.variant === 'no-extra-lists' ? without(page, ['secondary_results', 'related_results']) : page;
      return { ...envelope, results };
    });
  },
};

const shippingOptionFields: Choice = {
  name: 'shipping-option-fields',
  gap: `SHIP-OPTION-FIELDS: ${LISTED_ONLY} (shipping_options_01); app_version and extended_attributes.version stay (stated)`,
  description: 'shipping options without speed, estimated_delivery and tracks_shipments_status',
  variants: { captures: 'those three left out of every option', mock: 'every listed field' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, ['GET /items/:item_id/shipping_options'], is(200), (body) => {
      const answer = body as Json;
      const drop = ['speed', 'estimated_delivery', 'tracks_shipments_status'];
      return { ...answer, options: (answer.options as Json[]).map((option) => without(option, drop)) };
    });
  },
};

const messageNewForm: Choice = {
  name: 'message-new-form-lengths',
  gap: 'MSG-BYID-NEW-FORM: "In the by-id newer form paging and conversation_status are null" (nothing said of the lengths; messages_get_02)',
  description: 'the by-id newer form without seller_max_message_length and buyer_max_message_length',
  variants: { captures: 'both lengths left out', mock: 'both lengths' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onAnswer(app, ['GET /messages/:message_id'], is(200), (body) => {
      const answer = body as Json;
      if (!('messages' in answer)) return answer;
      return without(answer, ['seller_max_message_length', 'buyer_max_message_length']);
    });
  },
};

/** Choices in the shape of answers: listed fields left out, bare arrays, transient 206. */
export const SHAPE_CHOICES: Choice[] = [
  // Before the field choices: a 206 is made from the whole order, and the field choices leave 206 alone.
  transientPartial,
  orderReadFields,
  orderSearchFields,
  paymentActions,
  lastUpdated,
  siteCategoriesShape,
  categorySettings,
  categoryPath,
  attributeTags,
  siteSearchFields,
  shippingOptionFields,
  messageNewForm,
];
