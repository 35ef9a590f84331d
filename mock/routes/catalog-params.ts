import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors.ts';
import { queryParam } from '../http.ts';
import type { GeoRange } from '../store/catalog-items.ts';

/** Observed for locations (400 invalid_id); the mock answers the other catalog ids the same way. */
export const invalidId = (id: string) => new ApiError(400, 'invalid_id', `Invalid id: ${id}`);

const ID_SHAPES = {
  country: /^[A-Z]{2}$/,
  opaque: /^[A-Za-z0-9]{1,64}$/,
  site: /^[A-Z]{3}$/,
  /** Categories and items: a site id followed by digits (MLB1002, MLB100000001). */
  siteScoped: /^[A-Z]{3}\d{1,15}$/,
} as const;

/** The id itself, or 400 invalid_id when it is not shaped like an id of that kind. */
export function checkId(id: string, shape: keyof typeof ID_SHAPES): string {
  if (!ID_SHAPES[shape].test(id)) throw invalidId(id);
  return id;
}

const NUMBER = '(-?\\d{1,3}(?:\\.\\d+)?)';
const ITEM_LOCATION = new RegExp(`^lat:${NUMBER}_${NUMBER},lon:${NUMBER}_${NUMBER}$`);

function invalidItemLocation(text: string): ApiError {
  return badRequest(
    `Invalid item_location: ${text}, expected lat:<lat_min>_<lat_max>,lon:<lon_min>_<lon_max>`,
  );
}

/** `lat:<min>_<max>,lon:<min>_<max>` as a closed range; undefined when absent, 400 when malformed. */
export function itemLocation(request: FastifyRequest): GeoRange | undefined {
  const text = queryParam(request, 'item_location');
  if (text === undefined) return undefined;
  const [, latMin, latMax, lonMin, lonMax] = (ITEM_LOCATION.exec(text) ?? []).map(Number);
  if (latMin === undefined || latMax === undefined || lonMin === undefined || lonMax === undefined)
    throw invalidItemLocation(text);
  const valid = latMin <= latMax && lonMin <= lonMax && Math.abs(latMin) <= 90 && Math.abs(latMax) <= 90;
  if (!valid || Math.abs(lonMin) > 180 || Math.abs(lonMax) > 180) throw invalidItemLocation(text);
  return { latMin, latMax, lonMin, lonMax };
}

const MAX_SEARCH_LIMIT = 50;

/** The page size: 1 to 50, 50 when absent (the reference shows neither default nor maximum). */
export function searchLimit(request: FastifyRequest): number {
  const text = queryParam(request, 'limit');
  if (text === undefined) return MAX_SEARCH_LIMIT;
  const limit = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_SEARCH_LIMIT))
    throw badRequest(`Invalid limit: ${text}, expected an integer from 1 to ${MAX_SEARCH_LIMIT}`);
  return limit;
}
