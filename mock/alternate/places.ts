/**
 * Every place the reference leaves open (each `x-reference-gap` and `x-mock-behaviour` sentence of the spec,
 * and the transport) with the answers the reference allows there and the choices of the alternate mock that
 * draw among them. `tests/spec/gap-choices.spec.ts` fails when a sentence of the bundled spec falls under no
 * rule, or a rule names a choice that does not exist. The first rule that matches a place is its rule.
 */
export interface PlaceRule {
  /** The JSON pointer of the node carrying the sentence, in the bundled spec. */
  at: RegExp;
  /** The sentence itself, when the rule is about one kind of sentence only. */
  sentence?: RegExp;
  /** The answers the reference allows there. */
  allowed: string;
  /** The choices that draw among them, by name. */
  drawnBy: readonly string[];
  /** Set when the reference allows the mock's answer only (no keyword says so, its words do): the words. */
  fixedBy?: string;
  /** Set when a server never answers there (the sentence is about no answer the suite reads). */
  noAnswer?: string;
}

const ORDER_ERRORS = [
  'order-not-found-status',
  'order-invalid-id-status',
  'order-id-parsing',
  'invalid-token',
];
const ORDER_SHAPES = [
  'order-read-fields',
  'order-search-fields',
  'transient-206',
  'payment-actions',
  'last-updated-apart',
  'untyped-id-spelling',
  'timestamps',
  'amount-precision',
];
const ORDER_SEARCH = [
  'order-search-paging-params',
  'order-search-page-size',
  'order-search-offset',
  'order-search-unknown-params',
  'order-search-other-party',
  'order-search-no-token',
  'order-search-no-filter',
  'order-search-unknown-values',
  'order-search-date-z',
  'order-search-sort',
  'order-search-tags',
  'limit-over-maximum',
  'limit-over-maximum-wording',
  'order-search-fields',
  'transient-refusal',
  'live-orders',
];
const SHIPMENT = ['shipment-errors', 'shipment-reader', 'untyped-id-spelling', 'timestamps'];
const CURRENCY = ['currency-errors', 'currency-pairs', 'currency-precision'];
const FISCAL = [
  'fiscal-order-without-pack',
  'fiscal-document-of-other-pack',
  'fiscal-two-of-a-kind',
  'runtime-id-shapes',
];
const LISTING = [
  'message-list-order',
  'message-list-page-size',
  'message-list-offset',
  'message-list-total',
  'mark-as-read',
  'message-pack-unknown',
  'moderation-hold',
];
const SEND = [
  'message-send-status',
  'message-send-tag',
  'message-send-client-id',
  'mediation-country',
  'blocked-cause',
  'moderation-hold',
  'runtime-id-shapes',
];
const MESSAGE_READ = [
  'message-by-id-form',
  'message-rejected-by-id',
  'message-new-form-lengths',
  'moderation-hold',
  'untyped-id-spelling',
  'timestamps',
];
const ATTACHMENT = ['attachment-upload-status', 'attachment-unknown', 'moderation-hold', 'runtime-id-shapes'];
const USER = [
  'user-status-header-token',
  'user-status-attributes',
  'user-status-other-user',
  'transient-refusal',
];
const LOCATION = ['location-token', 'location-malformed-id', 'transient-refusal'];
const CATEGORY = [
  'category-token',
  'catalog-malformed-id',
  'site-categories-shape',
  'category-settings-fields',
  'category-path-self',
  'attribute-tags',
  'transient-refusal',
];
const SITE_SEARCH = [
  'site-search-page-size',
  'site-search-unknown-params',
  'site-search-category',
  'site-search-bounds',
  'site-search-fields',
  'limit-over-maximum',
  'limit-over-maximum-wording',
  'category-token',
  'transient-refusal',
];
const SHIPPING = [
  'shipping-destination',
  'shipping-option-fields',
  'catalog-malformed-id',
  'transient-refusal',
];
const TRANSPORT = [
  'rate-limit',
  'transient-refusal',
  'latency',
  'connection-answers',
  'compression',
  'chunked-bodies',
  'keep-alive',
  'json-content-type',
];

const ERROR_ANSWERS = 'any status and code the error rows allow, worded in any way';
const FIELDS = 'listed fields present or left out, in the types stated, in any order';

/** A bound of a field the reference does not state ("minimum 0 not stated; the mock keeps to it."). */
export const BOUND_NOT_STATED =
  /^(minimum|maximum|minLength|maxLength|minItems|maxItems|pattern)\b.*not stated/;

const field = (schema: string, path: string) =>
  new RegExp(`^/components/schemas/${schema}/properties/${path}$`);
const fields = (...pairs: [string, string][]) =>
  new RegExp(pairs.map(([schema, path]) => field(schema, path).source).join('|'));

/**
 * The bounds the mock keeps where no keyword of the reference states one: drawn past where the reference
 * allows any value of the type; elsewhere its words (a count, an id in a path, a latitude) or a stated error
 * row allow the mock's side of the bound only, and `fixedBy` quotes them.
 */
const BOUND_RULES: PlaceRule[] = (
  [
    {
      at: fields(
        ['CategorySettings', 'max_(description|sub_title|title)_length|max_pictures_per_item'],
        ['CategoryAttribute', 'value_max_length'],
      ),
      allowed:
        'any integer: "The allowed values of the category settings fields are not shown" (CAT-SETTINGS-VALUES)',
      drawnBy: ['catalog-limits'],
    },
    {
      at: field('Message', 'site_id'),
      allowed: 'any string: "site_id | string | Site code", no pattern stated',
      drawnBy: ['message-site-code'],
    },
    {
      at: field('FiscalUploadForm', 'fiscal_document/anyOf/1'),
      allowed: 'one or two files; none, or more than two, refused 400',
      drawnBy: [],
      fixedBy:
        'a request bound the reference states by its errors: 400 for "File empty or missing" and for "more than one file of a kind, i.e. more than two files in one request"',
    },
    {
      at: fields(
        ['OrderSearchPaging', 'total'],
        ['(Category|CategoryChild)', 'total_items_in_this_category'],
        ['ItemSearchAvailableFilter', 'values/items/properties/results'],
        ['MessageAttachment', 'size'],
        ['FiscalUploadResult', 'ids'],
      ),
      allowed: 'a count: any integer from 0 up',
      drawnBy: [],
      fixedBy:
        'each is a count, never below 0: "total counts every match" (ORD-SEARCH-PAGING), the items of a category, the "results: integer" of a filter value, the size of a file in bytes; the upload answers one id per stored file and "one file, or two files (one of each type)" are stored',
    },
    {
      at: fields(['OrderSearchPaging', 'offset'], ['OrderSearchPaging', 'limit']),
      allowed: 'the index of the first result (0 up) and the page size (1 up)',
      drawnBy: ['order-search-offset', 'order-search-page-size', 'limit-over-maximum'],
      fixedBy:
        'an index and a page size: "results never exceed limit" (ORD-SEARCH-PAGING); an index below 0 or a page of no result is no page; the sizes and offsets a server takes are drawn by the choices named',
    },
    {
      at: fields(
        ['(FiscalDocument|Message|AttachmentUploadResult)', 'id'],
        ['FiscalUploadResult', 'ids/items'],
        ['FiscalDocument', 'filename'],
        ['FiscalDeleteResult', 'message'],
      ),
      allowed: 'a string of at least one character',
      drawnBy: ['runtime-id-shapes'],
      fixedBy:
        'an id goes into a path (download, read by id) or a message\'s attachments, so an empty one addresses nothing; "file name empty" is refused on upload (400), so no stored document has one; the delete answer "names one id … lists the ids"',
    },
    {
      at: /^\/components\/schemas\/LocationGeoInformation\/properties\/location\/properties\/(latitude|longitude)$/,
      allowed: 'a latitude from -90 to 90, a longitude from -180 to 180',
      drawnBy: [],
      fixedBy:
        '"geo_information {location {latitude, longitude: numbers}}": past ±90 and ±180 a number is no latitude or longitude',
    },
  ] satisfies Omit<PlaceRule, 'sentence'>[]
).map((rule) => ({ ...rule, sentence: BOUND_NOT_STATED }));

/** The rules, most particular first. */
export const PLACE_RULES: readonly PlaceRule[] = [
  {
    at: /^\/info$/,
    sentence: /rate limits/i,
    allowed: 'no limit, or 429/503 with or without Retry-After at any rate',
    drawnBy: ['rate-limit', 'transient-refusal'],
  },
  {
    at: /^\/(info|webhooks)\b/,
    allowed: 'nothing the suite reads: versions, token grants, notifications, undescribed operations',
    drawnBy: [],
    noAnswer: 'no operation of the suite is answered there',
  },
  {
    at: /^\/components\/schemas\/OrderNotification\b/,
    allowed: 'a notification payload',
    drawnBy: [],
    noAnswer: 'notifications are sent to an application, never answered to the suite',
  },
  {
    at: /(\/id|_id|\/user_id|\/resource_id|\/claim_id|\/shipping_method_id)(\/anyOf\/\d+)?$/,
    sentence: /type (of .* )?(is )?not shown|without a type|any value is accepted|^An integer\.$/i,
    allowed: 'an integer or a numeric string (any value where no type is shown)',
    drawnBy: ['untyped-id-spelling'],
  },
  {
    at: /./,
    sentence: /date-time/,
    allowed: 'an ISO 8601 timestamp with an offset or Z, in any form (or null where the mock sends one)',
    drawnBy: ['timestamps'],
  },
  {
    at: /./,
    sentence: /^Type not shown|without a type|type of .* (is )?not shown/i,
    allowed: 'any JSON value',
    drawnBy: ['untyped-values'],
  },
  ...BOUND_RULES,
  {
    at: /^\/components\/parameters\/AttachmentDownloadSiteId\b/,
    allowed: 'a download without site_id refused with 400, or answered',
    drawnBy: ['attachment-download-site-id'],
  },
  { at: /^\/paths\/\/orders\/search\b/, allowed: `${FIELDS}; ${ERROR_ANSWERS}`, drawnBy: ORDER_SEARCH },
  {
    at: /^\/paths\/\/orders\//,
    allowed: `${FIELDS}; ${ERROR_ANSWERS}`,
    drawnBy: [...ORDER_ERRORS, ...ORDER_SHAPES],
  },
  { at: /^\/paths\/\/shipments\//, allowed: `${FIELDS}; ${ERROR_ANSWERS}`, drawnBy: SHIPMENT },
  { at: /^\/paths\/\/currency_conversions\//, allowed: ERROR_ANSWERS, drawnBy: CURRENCY },
  { at: /^\/paths\/\/packs\//, allowed: `${FIELDS}; ${ERROR_ANSWERS}`, drawnBy: FISCAL },
  { at: /^\/paths\/\/messages\/packs\/.*\/get\b/, allowed: FIELDS, drawnBy: LISTING },
  { at: /^\/paths\/\/messages\/packs\/.*\/post\b/, allowed: ERROR_ANSWERS, drawnBy: SEND },
  { at: /^\/paths\/\/messages\/attachments\b/, allowed: ERROR_ANSWERS, drawnBy: ATTACHMENT },
  { at: /^\/paths\/\/messages\//, allowed: `${FIELDS}; ${ERROR_ANSWERS}`, drawnBy: MESSAGE_READ },
  { at: /^\/paths\/\/users\//, allowed: ERROR_ANSWERS, drawnBy: USER },
  { at: /^\/paths\/\/classified_locations\//, allowed: ERROR_ANSWERS, drawnBy: LOCATION },
  { at: /^\/paths\/\/sites\/\{site_id\}\/search\b/, allowed: ERROR_ANSWERS, drawnBy: SITE_SEARCH },
  { at: /^\/paths\/\/(sites|categories)\//, allowed: ERROR_ANSWERS, drawnBy: CATEGORY },
  { at: /^\/paths\/\/items\//, allowed: ERROR_ANSWERS, drawnBy: SHIPPING },
  {
    at: /^\/components\/securitySchemes\//,
    allowed: 'a token asked or not where Authentication 6 is silent; any answer to a bad token',
    drawnBy: ['invalid-token', 'location-token', 'category-token', 'user-status-header-token'],
  },
  { at: /^\/components\/parameters\/Message/, allowed: FIELDS, drawnBy: [...LISTING, ...MESSAGE_READ] },
  { at: /^\/components\/schemas\/(Order|Payment)/, allowed: FIELDS, drawnBy: ORDER_SHAPES },
  {
    at: /^\/components\/schemas\/(Shipment|LeadTime|EstimatedDeliveryTime)\b/,
    allowed: FIELDS,
    drawnBy: SHIPMENT,
  },
  { at: /^\/components\/schemas\/Fiscal/, allowed: FIELDS, drawnBy: FISCAL },
  { at: /^\/components\/schemas\/MessageCreate\b/, allowed: ERROR_ANSWERS, drawnBy: SEND },
  {
    at: /^\/components\/schemas\/(Message|Paging|ConversationStatus|AttachmentUploadResult)/,
    allowed: FIELDS,
    drawnBy: [...LISTING, ...MESSAGE_READ, ...ATTACHMENT],
  },
  { at: /^\/components\/schemas\/(SiteCategories|Category)/, allowed: FIELDS, drawnBy: CATEGORY },
  { at: /^\/components\/schemas\/ItemSearch/, allowed: FIELDS, drawnBy: SITE_SEARCH },
  { at: /^\/components\/schemas\/Shipping/, allowed: FIELDS, drawnBy: SHIPPING },
  {
    at: /^\/components\/schemas\/Error\b/,
    allowed: ERROR_ANSWERS,
    drawnBy: ['error-wording', 'blocked-cause'],
  },
  { at: /^\/components\/responses\/OrderSearch/, allowed: ERROR_ANSWERS, drawnBy: ORDER_SEARCH },
  { at: /^\/components\/responses\/(Order|Unauthorized)/, allowed: ERROR_ANSWERS, drawnBy: ORDER_ERRORS },
  { at: /^\/components\/responses\/Shipment/, allowed: ERROR_ANSWERS, drawnBy: SHIPMENT },
  { at: /^\/components\/responses\/Currency/, allowed: ERROR_ANSWERS, drawnBy: CURRENCY },
  { at: /^\/components\/responses\/Fiscal/, allowed: ERROR_ANSWERS, drawnBy: FISCAL },
  { at: /^\/components\/responses\/MessageCreate/, allowed: ERROR_ANSWERS, drawnBy: SEND },
  { at: /^\/components\/responses\/Message/, allowed: ERROR_ANSWERS, drawnBy: [...LISTING, ...MESSAGE_READ] },
  { at: /^\/components\/responses\/Attachment/, allowed: ERROR_ANSWERS, drawnBy: ATTACHMENT },
  { at: /^\/components\/responses\/User/, allowed: ERROR_ANSWERS, drawnBy: USER },
  { at: /^\/components\/responses\/Location/, allowed: ERROR_ANSWERS, drawnBy: LOCATION },
  { at: /^\/components\/responses\/Category/, allowed: ERROR_ANSWERS, drawnBy: CATEGORY },
  { at: /^\/components\/responses\/ItemSearch/, allowed: ERROR_ANSWERS, drawnBy: SITE_SEARCH },
  { at: /^\/components\/responses\/Shipping/, allowed: ERROR_ANSWERS, drawnBy: SHIPPING },
];

/** The transport: not in the spec, open all the same ("Request rate limits: not shown"; nothing said of HTTP). */
export const TRANSPORT_PLACE: PlaceRule = {
  at: /^transport$/,
  allowed:
    'any HTTP/1.1 framing and content coding, connections closed after any answer, any latency, 429/503 with Retry-After',
  drawnBy: TRANSPORT,
};

/** The rule of a place: the first whose pointer and sentence match. */
export function ruleOf(pointer: string, sentence: string): PlaceRule | undefined {
  return PLACE_RULES.find((rule) => rule.at.test(pointer) && (rule.sentence?.test(sentence) ?? true));
}
