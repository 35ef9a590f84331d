import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';
import {
  answerError,
  beforeHandler,
  type Choice,
  firstQuery,
  is,
  type Json,
  onAnswer,
  queryOf,
  type RouteKey,
} from './kit.ts';

const SEARCH: RouteKey = 'GET /orders/search';
const SITE_SEARCH: RouteKey = 'GET /sites/:site_id/search';
const PAGE_SIZE_NOT_SHOWN =
  'SEARCH-PAGE-SIZE: "Maximum page size and default page size of searches: not shown."';

/** How a refusal of a limit over the maximum reads: the bound named in one of two wordings, or not named. */
type RefusalWording = 'from-to' | 'between' | 'unnamed';

/** What several choices of one run share: how a limit over the maximum is answered. */
interface PagingPolicy {
  overMax: 'refused' | 'clamped';
  wording: RefusalWording;
  /** Whether the order search takes offset and limit (order-search-paging-params). */
  orderSearchPaged: boolean;
}
const policies = new WeakMap<FastifyInstance, PagingPolicy>();
function policyOf(app: FastifyInstance): PagingPolicy {
  const policy = policies.get(app) ?? { overMax: 'refused', wording: 'from-to', orderSearchPaged: true };
  policies.set(app, policy);
  return policy;
}

/** Applies a default and a maximum page size to the `limit` of a route, before the route reads it. */
function pageSize(app: FastifyInstance, route: RouteKey, byDefault: number, max: number): void {
  beforeHandler(app, [route], (request) => {
    const text = firstQuery(request, 'limit');
    if (text === undefined) {
      queryOf(request).limit = String(byDefault);
      return;
    }
    if (!/^\d{1,9}$/.test(text) || Number(text) <= max) return;
    if (policyOf(app).overMax === 'refused') throw badRequest(refusal(policyOf(app).wording, text, max));
    queryOf(request).limit = String(max);
  });
}

function refusal(wording: RefusalWording, text: string, max: number): string {
  if (wording === 'between') return `limit must be an integer between 1 and ${max}.`;
  if (wording === 'unnamed') return `Invalid limit: ${text}`;
  return `Invalid limit: ${text}; expected an integer from 1 to ${max}`;
}

/** "D/M": default D, maximum M. */
function sizes(variant: string): [number, number] {
  const [byDefault, max] = variant.split('/').map(Number);
  return [byDefault!, max!];
}

const overMax: Choice = {
  name: 'limit-over-maximum',
  gap: PAGE_SIZE_NOT_SHOWN,
  description: 'a limit above the maximum page size (order search and site search)',
  variants: { mock: '400 bad_request', clamped: 'the maximum is applied and echoed in paging.limit' },
  install: (app, pick) => {
    policyOf(app).overMax = pick.variant === 'mock' ? 'refused' : 'clamped';
  },
};

const overMaxWording: Choice = {
  name: 'limit-over-maximum-wording',
  gap: PAGE_SIZE_NOT_SHOWN,
  description: 'the message of a 400 to a limit above the maximum page size (order search and site search)',
  variants: {
    'from-to': '"Invalid limit: 20; expected an integer from 1 to 12"',
    between: '"limit must be an integer between 1 and 12."',
    unnamed: '"Invalid limit: 20" (the bound not named)',
  },
  install: (app, pick) => {
    policyOf(app).wording = pick.variant as RefusalWording;
  },
};

const orderSearchPageSize: Choice = {
  name: 'order-search-page-size',
  gap: `ORD-SEARCH-PAGING-PARAMS, ${PAGE_SIZE_NOT_SHOWN}`,
  description: 'default and maximum limit of the order search',
  variants: {
    '50/51': 'default 50, maximum 51',
    '50/100': 'default 50, maximum 100 (the mock)',
    '20/50': 'default 20, maximum 50',
    '10/100': 'default 10, maximum 100',
    '1/100':
      'default 1 (pages of one order unless a limit is asked), maximum 100; default 50 where offset and limit are not taken',
  },
  install: (app, pick) => {
    if (pick.variant === '50/100') return;
    const [byDefault, max] = sizes(pick.variant);
    // A server that pages by one and takes no paging parameter would show one order of any search: no server.
    pageSize(app, SEARCH, byDefault === 1 && !policyOf(app).orderSearchPaged ? 50 : byDefault, max);
  },
};

const siteSearchPageSize: Choice = {
  name: 'site-search-page-size',
  gap: PAGE_SIZE_NOT_SHOWN,
  description: 'default and maximum limit of the site search',
  variants: {
    '50/50': 'default 50, maximum 50 (the mock)',
    '10/50': 'default 10, maximum 50',
    '20/50': 'default 20, maximum 50',
    '10/20': 'default 10, maximum 20',
    '10/12': 'default 10, maximum 12 (below the page size discovery asks for first)',
    '1/50': 'default 1 (pages of one item unless a limit is asked), maximum 50',
  },
  install: (app, pick) => {
    if (pick.variant === '50/50') return;
    pageSize(app, SITE_SEARCH, ...sizes(pick.variant));
  },
};

/** Offsets the mock's own parser refuses (above 10^9) but a server may take: answered as past the end. */
const FAR_OFFSET = '1000000000';
const asked = new WeakMap<FastifyRequest, number>();

const orderSearchOffset: Choice = {
  name: 'order-search-offset',
  gap: 'ORD-SEARCH-PAGING-PARAMS: "Names of the paging parameters of order search: not shown." (nor their range)',
  description: 'an offset at or past the end of the results',
  variants: {
    mock: 'an empty page up to 10^9, 400 above',
    'any-safe-integer': 'an empty page for any offset of up to 15 digits, echoed',
    'refused-past-end': '400 bad_request when offset >= total (offset 0 always accepted)',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    if (pick.variant === 'any-safe-integer') {
      beforeHandler(app, [SEARCH], (request) => {
        const text = firstQuery(request, 'offset');
        if (text === undefined || !/^\d{10,15}$/.test(text)) return;
        asked.set(request, Number(text));
        queryOf(request).offset = FAR_OFFSET;
      });
      onAnswer(app, [SEARCH], is(200), (body, request) => {
        const offset = asked.get(request);
        if (offset !== undefined) ((body as Json).paging as Json).offset = offset;
        return body;
      });
      return;
    }
    onAnswer(app, [SEARCH], is(200), (body, _request, reply) => {
      const paging = (body as Json).paging as { offset: number; total: number };
      if (paging.offset === 0 || paging.offset < paging.total) return body;
      return answerError(
        reply,
        400,
        'bad_request',
        `Invalid offset: ${paging.offset}; total ${paging.total}`,
      );
    });
  },
};

const PAGING_PARAMS = ['offset', 'limit'];

const orderSearchPagingParams: Choice = {
  name: 'order-search-paging-params',
  gap: 'ORD-SEARCH-PAGING-PARAMS: "Names of the paging parameters of order search: not shown."',
  description: 'the query parameters offset and limit of the order search',
  variants: {
    mock: 'offset and limit page the results',
    ignored: 'not paging parameters here: ignored, the first page of the default size answered',
    refused: 'not parameters of this server: 400 bad_request',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    policyOf(app).orderSearchPaged = false;
    // Runs before the page-size choice's hook: a removed limit then takes that choice's default.
    beforeHandler(app, [SEARCH], (request) => {
      for (const name of PAGING_PARAMS) {
        if (!(name in queryOf(request))) continue;
        if (pick.variant === 'refused') throw badRequest(`Unknown parameter: ${name}`);
        delete queryOf(request)[name];
      }
    });
  },
};

const ORDER_SEARCH_PARAMS = new Set([
  'buyer',
  'seller',
  'item',
  'tags',
  'tags.not',
  'q',
  'order.status',
  'order.date_created.from',
  'order.date_created.to',
  'order.date_closed.from',
  'order.date_closed.to',
  'order.date_last_updated.from',
  'order.date_last_updated.to',
  'mediations.stage',
  'mediations.status',
  'feedback.status',
  'feedback.sale.rating',
  'feedback.purchase.rating',
  'feedback.sale.fulfilled',
  'feedback.purchase.fulfilled',
  'sort',
  'offset',
  'limit',
  'access_token',
]);

function unknownParams(name: string, gap: string, route: RouteKey, known: ReadonlySet<string>): Choice {
  return {
    name,
    gap,
    description: `query parameters ${route} does not know`,
    variants: { mock: 'ignored', refused: '400 bad_request naming the parameter' },
    install: (app, pick) => {
      if (pick.variant === 'mock') return;
      beforeHandler(app, [route], (request) => {
        const unknown = Object.keys(queryOf(request)).find((key) => !known.has(key));
        if (unknown !== undefined) throw badRequest(`Unknown parameter: ${unknown}`);
      });
    },
  };
}

/** Choices of page sizes, offsets and paging parameters (the message listing's are in messages.ts). */
export const PAGING_CHOICES: Choice[] = [
  overMax,
  overMaxWording,
  orderSearchPagingParams,
  orderSearchPageSize,
  orderSearchOffset,
  unknownParams(
    'order-search-unknown-params',
    'ORD-SEARCH-ERRORS: "Errors of order search ... : not shown." (parameters beyond the filters table)',
    SEARCH,
    ORDER_SEARCH_PARAMS,
  ),
  siteSearchPageSize,
  unknownParams(
    'site-search-unknown-params',
    'SEARCH-OTHER-PARAMS: "Parameters of site item search other than category, item_location and limit: not shown."',
    SITE_SEARCH,
    new Set(['category', 'item_location', 'limit']),
  ),
];
