/**
 * How a relation reads an answer: a path (`results[].address`, `order_items[].unit_price`) gives every
 * value it reaches with where it was (`results[3].address`). A value the answer leaves out is not reached.
 */

export interface Reached {
  value: unknown;
  where: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The segments of a path: names, `[]` for each element of a list, `[status=approved]` for those of them holding a value. */
const segmentsOf = new Map<string, string[]>();
function segments(path: string): string[] {
  let found = segmentsOf.get(path);
  if (!found) {
    found = path.split(/\.|(?=\[)|(?<=\])/).filter((s) => s !== '');
    segmentsOf.set(path, found);
  }
  return found;
}

const FILTER = /^\[([^=\]]+)=([^\]]*)\]$/;

function step(reached: Reached[], segment: string): Reached[] {
  const filter = FILTER.exec(segment);
  if (segment === '[]' || filter)
    return reached.flatMap(({ value, where }) =>
      Array.isArray(value)
        ? value.flatMap((v, i) =>
            !filter || (isObject(v) && String(v[filter[1] ?? '']) === filter[2])
              ? [{ value: v, where: `${where}[${i}]` }]
              : [],
          )
        : [],
    );
  return reached.flatMap(({ value, where }) =>
    isObject(value) && value[segment] !== undefined
      ? [{ value: value[segment], where: where ? `${where}.${segment}` : segment }]
      : [],
  );
}

/** Every value the path reaches from `value` ('' reaches the value itself). */
export function reach(value: unknown, path: string, where = ''): Reached[] {
  return segments(path).reduce(step, [{ value, where }]);
}

/** The one value a path without `[]` reaches, or undefined. */
export function valueAt(value: unknown, path: string): unknown {
  return reach(value, path)[0]?.value;
}

export const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * A number however it is spelled: where the reference gives no type, a server may write it as a
 * numeric string (the alternate mock's untyped-values); anything else is undefined.
 */
export function numeric(value: unknown): number | undefined {
  if (isNumber(value)) return value;
  return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : undefined;
}

/** One id however it is spelled: a numeric string as its number. */
export function idKey(value: unknown): string | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return /^-?\d+$/.test(value) ? String(Number(value)) : value;
  return undefined;
}

/** One value however it is spelled: a numeric string as its number, a name in one Unicode form. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)
      ? JSON.stringify(Number(v))
      : typeof v === 'string'
        ? JSON.stringify(v.normalize('NFC'))
        : JSON.stringify(v);
  return norm(a) === norm(b);
}
