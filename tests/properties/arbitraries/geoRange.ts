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
