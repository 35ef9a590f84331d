/**
 * The facts an answer shows: each resource instance by its kind and id, with the value of each field
 * the reference ties to another read of the same instance (an order in the search and in its read, a
 * category in its parent's children and in its own read, a state in its country and in its own read…).
 */
export interface Fact {
  kind: 'order' | 'category' | 'location' | 'message' | 'shipment' | 'pack' | 'fiscal' | 'view';
  id: string;
  field: string;
  value: unknown;
  /** Where it was read: the operation and the place in its answer. */
  place: string;
  /**
   * Set when this place shows only part of a list another place shows whole (a discount's items among
   * the order's items): its elements must be among the whole list's, not equal to it.
   */
  within?: true;
}

export type Json = Record<string, unknown>;

/** What the facts of one answer are read from beside its body: the path it was asked at, its bytes. */
export interface Asked {
  /** The request path, without base URL or query ("/orders/2000000005/discounts"). */
  path: string;
  bytes?: Buffer;
  /** The profile's user who asked (`seller`, `buyer`…): each party's view of one resource is a place. */
  caller?: string;
}

export const isObject = (value: unknown): value is Json =>
  !!value && typeof value === 'object' && !Array.isArray(value);
export const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
export const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

export function at(object: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), object);
}

/** The segment of the asked path after `after` ("/shipments/7/lead_time", "shipments" gives "7"). */
export function segmentAfter(asked: Asked, after: string): string | undefined {
  const parts = asked.path.split('?')[0]?.split('/') ?? [];
  const i = parts.indexOf(after);
  return i >= 0 && parts[i + 1] ? decodeURIComponent(parts[i + 1] as string) : undefined;
}

/** The facts of one instance: the given fields it carries (a field left out shows no fact). */
export function factsOf(
  kind: Fact['kind'],
  object: unknown,
  fields: string[],
  place: string,
  id?: unknown,
): Fact[] {
  if (!isObject(object)) return [];
  const key = idOf(id ?? object.id);
  if (key === undefined) return [];
  return fields.flatMap((field) => {
    const value = at(object, field);
    return value === undefined ? [] : [{ kind, id: key, field, value, place }];
  });
}
