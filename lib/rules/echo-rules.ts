/**
 * Rules that tie an answer to what was asked, judged on every answer the run receives: the site a
 * search names (SEARCH-SITE), the category it filters (SEARCH-CATEGORY), the destination of shipping
 * options (SHIP-BY-ZIP, SHIP-BY-CITY), and a blocked user's reason (USR-STATUS-LIST-BLOCKED). Only a
 * value of the reference's shape is read from the request; a value the answer leaves out holds no instance.
 */
import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import {
  asked,
  isObject,
  type Json,
  list,
  onOperations,
  singleQuery,
  successBody,
  verdict,
} from './meaning-kit.ts';
import type { Rule } from './rule.ts';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The one value of a query parameter, when it has the given shape. */
function queryValue(exchange: Exchange, name: string, shape: RegExp): string | undefined {
  const given = singleQuery(exchange, name);
  return given !== undefined && shape.test(given) ? given : undefined;
}

/** The site id of /sites/{site_id}/search. */
function siteOf(exchange: Exchange): string | undefined {
  const site = /\/sites\/([A-Z]{3})\/search$/.exec(exchange.request.url.pathname)?.[1];
  return site;
}

/** SEARCH-SITE: "The envelope's site_id and every result's site_id are the site searched." */
export const SEARCH_SITE_RULE: Rule = {
  name: 'searchSite',
  requirements: ['SEARCH-SITE'],
  appliesTo: (exchange) =>
    onOperations('searchSiteItems')(exchange) && successBody(exchange) !== undefined && !!siteOf(exchange),
  judge(exchange) {
    const body = successBody(exchange) ?? {};
    const site = siteOf(exchange);
    const shown: [string, unknown][] = [
      ['the envelope', body.site_id],
      ...list(body.results).map((item, i): [string, unknown] => [
        `result ${text(item.id) ?? i}`,
        item.site_id,
      ]),
    ];
    return shown
      .filter(([, value]) => value !== undefined)
      .map(([where, value]) =>
        verdict(
          'SEARCH-SITE',
          `${asked(exchange)}: ${where}`,
          text(value) === site ? undefined : `site_id ${JSON.stringify(value)}`,
        ),
      );
  },
};

const CATEGORY_ID = /^[A-Z]{3}\d{1,12}$/;
const categoryAsked = (exchange: Exchange) => queryValue(exchange, 'category', CATEGORY_ID);

/** Whether a category read shows `searched` on its path (undefined when it shows no path). */
function below(category: Json, searched: string): boolean | undefined {
  if (!Array.isArray(category.path_from_root)) return undefined;
  return text(category.id) === searched || list(category.path_from_root).some((p) => text(p.id) === searched);
}

/** A result of a category search against the category read of its category_id. */
function categoryJudgement(search: Exchange, item: Json, category: Json): Judgement | undefined {
  const searched = categoryAsked(search) as string;
  const inside = below(category, searched);
  if (inside === undefined) return undefined;
  return verdict(
    'SEARCH-CATEGORY',
    `${asked(search)}?category=${searched}: result ${text(item.id)} in ${text(category.id)}`,
    inside ? undefined : `category ${text(category.id)} is neither ${searched} nor below it (path_from_root)`,
  );
}

const categorySearches = (exchanges: readonly Exchange[]) =>
  exchanges.filter(
    (e) =>
      onOperations('searchSiteItems')(e) && successBody(e) !== undefined && categoryAsked(e) !== undefined,
  );

/**
 * SEARCH-CATEGORY: "With category=<category_id> every result belongs to that category (its category_id is
 * the category or a category below it)": a result in the category itself holds; one in another category
 * is judged against that category's read (path_from_root), whichever of the two the run received first.
 */
export const SEARCH_CATEGORY_RULE: Rule = {
  name: 'searchCategory',
  requirements: ['SEARCH-CATEGORY'],
  appliesTo: (exchange) =>
    (onOperations('getCategory')(exchange) && successBody(exchange) !== undefined) ||
    categorySearches([exchange]).length === 1,
  judge(exchange, { history }) {
    const body = successBody(exchange) ?? {};
    if (exchange.operation === 'getCategory')
      return categorySearches(history).flatMap((search) =>
        list(successBody(search)?.results)
          .filter(
            (item) => text(item.category_id) === text(body.id) && text(body.id) !== categoryAsked(search),
          )
          .flatMap((item) => categoryJudgement(search, item, body) ?? []),
      );
    const searched = categoryAsked(exchange);
    const reads = history.filter((e) => e.operation === 'getCategory').map(successBody);
    return list(body.results).flatMap((item): Judgement[] => {
      const id = text(item.category_id);
      if (id === undefined) return [];
      if (id === searched)
        return [
          verdict(
            'SEARCH-CATEGORY',
            `${asked(exchange)}?category=${searched}: result ${text(item.id)}`,
            undefined,
          ),
        ];
      const read = reads.findLast((r) => r !== undefined && text(r.id) === id);
      const judged = read ? categoryJudgement(exchange, item, read) : undefined;
      return judged ? [judged] : [];
    });
  },
};

const ZIP = /^\d{4,10}$/;
const CITY_ID = /^[A-Za-z0-9+/=_-]{1,64}$/;

/** SHIP-BY-ZIP and SHIP-BY-CITY: the options' destination is the zip code or city asked. */
export const SHIPPING_DESTINATION_RULE: Rule = {
  name: 'shippingDestination',
  requirements: ['SHIP-BY-ZIP', 'SHIP-BY-CITY'],
  appliesTo: (exchange) =>
    onOperations('getShippingOptions')(exchange) && successBody(exchange) !== undefined,
  judge(exchange) {
    const destination = successBody(exchange)?.destination;
    if (!isObject(destination)) return [];
    const [zip, city] = [queryValue(exchange, 'zip_code', ZIP), queryValue(exchange, 'city_to', CITY_ID)];
    const shownCity = isObject(destination.city) ? text(destination.city.id) : undefined;
    const judged: Judgement[] = [];
    const where = `${asked(exchange)}${exchange.request.url.search}`;
    if (zip !== undefined && city === undefined && text(destination.zip_code) !== undefined)
      judged.push(
        verdict(
          'SHIP-BY-ZIP',
          where,
          text(destination.zip_code) === zip
            ? undefined
            : `destination.zip_code ${text(destination.zip_code)}`,
        ),
      );
    if (city !== undefined && zip === undefined && shownCity !== undefined)
      judged.push(
        verdict('SHIP-BY-CITY', where, shownCity === city ? undefined : `destination.city.id ${shownCity}`),
      );
    return judged;
  },
};

/** USR-STATUS-LIST-BLOCKED: "When list.allow is false … codes gives the reason": codes shown is not empty. */
export const LIST_BLOCKED_RULE: Rule = {
  name: 'listBlockedReason',
  requirements: ['USR-STATUS-LIST-BLOCKED'],
  appliesTo: (exchange) => onOperations('getUserStatus')(exchange) && successBody(exchange) !== undefined,
  judge(exchange) {
    const status = successBody(exchange)?.status;
    const listing = isObject(status) ? status.list : undefined;
    if (!isObject(listing) || listing.allow !== false || listing.codes === undefined) return [];
    const { codes } = listing;
    const given = Array.isArray(codes) ? codes.length > 0 : typeof codes === 'string' && codes !== '';
    return [
      verdict(
        'USR-STATUS-LIST-BLOCKED',
        asked(exchange),
        given ? undefined : `list.allow false with codes ${JSON.stringify(codes)}`,
      ),
    ];
  },
};

export const ECHO_RULES: readonly Rule[] = [
  SEARCH_SITE_RULE,
  SEARCH_CATEGORY_RULE,
  SHIPPING_DESTINATION_RULE,
  LIST_BLOCKED_RULE,
];
