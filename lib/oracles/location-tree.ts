/**
 * The location-tree rules (LOC-STATE-PARENT, LOC-CITY-PARENT, LOC-NEIGHBORHOOD-PARENT): a child points
 * back at its parent and the parent lists the child, each by id and name. As failures, for
 * tests/properties/location-tree.spec.ts and the drift run; an absent pointer is an omission the
 * schema check reports, not judged here.
 */

export interface IdNamed {
  id?: unknown;
  name?: unknown;
}

const idName = (node: IdNamed) => `${node.id} (${node.name})`;
const same = (a: IdNamed, b: IdNamed) => a.id === b.id && a.name === b.name;

/** A back-pointer names the node it points at, id and name. */
export function pointsAtFailures(pointer: IdNamed | undefined, node: IdNamed | undefined): string[] {
  if (pointer === undefined || node === undefined) return [];
  return same(pointer, node) ? [] : [`points at ${idName(pointer)}, not ${idName(node)}`];
}

/** The parent lists the child under the child's own id and name. */
export function listedFailures(
  parent: IdNamed,
  list: readonly IdNamed[] | undefined,
  child: IdNamed,
): string[] {
  const entry = (list ?? []).find((item) => item.id === child.id);
  if (!entry) return [`${parent.id} does not list ${child.id}`];
  return same(entry, child) ? [] : [`${parent.id} lists ${idName(entry)} as ${idName(child)}`];
}
