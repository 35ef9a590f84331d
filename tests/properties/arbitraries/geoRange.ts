import fc from 'fast-check';

/** A closed latitude/longitude box, as the site search's item_location takes it. */
export interface GeoBox {
  latMin: number;
  latMax: number;
  lonMin: number;
  lonMax: number;
}

/** Four decimals: the precision of the bounds sent, so the box checked is the box sent. */
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** `lat:<lat_min>_<lat_max>,lon:<lon_min>_<lon_max>` with plain decimals (no exponent). */
export function itemLocation(box: GeoBox): string {
  const text = (value: number) => value.toFixed(4);
  return `lat:${text(box.latMin)}_${text(box.latMax)},lon:${text(box.lonMin)}_${text(box.lonMax)}`;
}

/** Two ordered fractions of [0, 1]: a sub-interval, from a point to the whole (the whole often, where the items are). */
const subInterval = fc.oneof(
  fc.constant<[number, number]>([0, 1]),
  fc
    .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
    .map(([a, b]): [number, number] => (a <= b ? [a, b] : [b, a])),
);

function inside(min: number, max: number, [a, b]: [number, number]): [number, number] {
  return [round(min + a * (max - min)), round(min + b * (max - min))];
}

/** Any box inside `outer` (its bounds included), rounded to four decimals. */
export function subBox(outer: GeoBox): fc.Arbitrary<GeoBox> {
  return fc.tuple(subInterval, subInterval).map(([lat, lon]) => {
    const [latMin, latMax] = inside(outer.latMin, outer.latMax, lat);
    const [lonMin, lonMax] = inside(outer.lonMin, outer.lonMax, lon);
    return { latMin, latMax, lonMin, lonMax };
  });
}

/** A box and a box inside it: the pair of a narrowing. */
export function nestedBoxes(outer: GeoBox): fc.Arbitrary<{ wide: GeoBox; narrow: GeoBox }> {
  return subBox(outer).chain((wide) => subBox(wide).map((narrow) => ({ wide, narrow })));
}

/** Whether a point lies in a closed box. */
export function contains(box: GeoBox, latitude: number, longitude: number): boolean {
  return (
    latitude >= box.latMin && latitude <= box.latMax && longitude >= box.lonMin && longitude <= box.lonMax
  );
}

/** A coordinate as a result may carry it: a number, or a numeric string (the reference gives no type). */
function coordinate(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** The places of a search result: `location` and `seller_address`, each with latitude and longitude. */
export interface Placed {
  location?: { latitude?: unknown; longitude?: unknown } | null;
  seller_address?: { latitude?: unknown; longitude?: unknown } | null;
}

/** Where a result lies, by each place that carries both coordinates. */
export function placesOf(item: Placed): { place: 'location' | 'seller_address'; lat: number; lon: number }[] {
  return (['location', 'seller_address'] as const).flatMap((place) => {
    const lat = coordinate(item[place]?.latitude);
    const lon = coordinate(item[place]?.longitude);
    return lat === undefined || lon === undefined ? [] : [{ place, lat, lon }];
  });
}

/**
 * Whether a result lies in a box. The reference does not say which coordinates item_location filters
 * on, and a result carries two sets (location and seller_address): inside when either lies in the box,
 * outside when it has coordinates and none does, unknown when it shows none. `only` names the one
 * place a target is known to filter on (the mock: location).
 */
export function rangeVerdict(
  box: GeoBox,
  item: Placed,
  only?: 'location' | 'seller_address',
): 'inside' | 'outside' | 'unknown' {
  const places = placesOf(item).filter((p) => only === undefined || p.place === only);
  if (places.length === 0) return only ? 'outside' : 'unknown';
  return places.some((p) => contains(box, p.lat, p.lon)) ? 'inside' : 'outside';
}

/** The coordinates of a result, for a failure message. */
export function describePlaces(item: Placed): string {
  const places = placesOf(item).map((p) => `${p.place} ${p.lat},${p.lon}`);
  return places.length ? places.join(' / ') : 'no coordinates';
}
