import { hasStatus } from '../client/typed.ts';
import type { Schemas } from '../client/types.ts';
import { type Answer, answerOf } from './reader.ts';

// What the catalog's discovery steps share: their limits, the needs they serve, the shapes they read.

export const MAX_CITIES = 8;
export const MAX_DEPTH = 6;
export const SEARCH_SPAN = 0.5;
/** Orders read one by one for the site of a purchase when the searches' results leave context out. */
export const MAX_SITE_READS = 3;
/** Items of the site search tried for shipping options. */
export const MAX_SHIPPING_ITEMS = 5;
/**
 * Catalog reads go with the seller's token: whether one is required is not shown for location,
 * category and site search calls (Authentication 6), and every example is called with one or without.
 */
export const AS = 'seller';

export type IdName = Schemas['IdName'];
/** A location read (a country, a state or a city), as the spec documents it. */
export type Place = Pick<Schemas['Country'], 'id' | 'states' | 'geo_information'> &
  Pick<Schemas['State'], 'cities'> &
  Pick<Schemas['City'], 'neighborhoods'>;

/** An element of a list that names its id as a string: only those are walked. */
export const hasStringId = (node: IdName): node is IdName & { id: string } =>
  typeof node === 'object' && node !== null && typeof node.id === 'string';
/** An element of a list that is a JSON object (a foreign list may hold anything). */
export const isObject = <T>(element: T): element is T & object =>
  typeof element === 'object' && element !== null;

/** The body of a 200 answer to `operationId`, typed; undefined for another answer (a failed read). */
export const readOf = <
  O extends 'getCountry' | 'getState' | 'getCity' | 'getCategory' | 'getShippingOptions',
>(
  answer: Answer,
  operationId: O,
) => {
  const typed = answerOf(answer, operationId);
  return hasStatus(typed, 200) ? typed.body : undefined;
};

export const LOCATION_NEEDS = [
  'catalog.countryId',
  'catalog.stateId',
  'catalog.cityId',
  'catalog.cityWithoutNeighborhoods',
  'catalog.neighborhoodId',
];
export const CATEGORY_NEEDS = ['catalog.rootCategory', 'catalog.leafCategory'];
export const ITEM_NEEDS = ['catalog.search', 'catalog.shippingItem', 'catalog.zipCode', 'catalog.cityTo'];
/** Top-level categories tried for one with children (a top-level leaf yields no walk). */
export const MAX_TOP_CATEGORIES = 4;

/** Where the site's items are: a country and a state of its search results, and coordinates. */
export interface SiteHint {
  country?: string;
  state?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
}

/** A string the spec lists without a type: undefined unless the answer sends non-empty text. */
export const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;
export const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;
/** The id of a `{id, name}` the spec lists without a type. */
export const idIn = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && 'id' in value ? textOf(value.id) : undefined;
