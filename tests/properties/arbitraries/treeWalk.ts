import fc from 'fast-check';

/** The longest walk a property takes down a tree: the reference's trees are shallow, a foreign one may not be. */
export const MAX_WALK_DEPTH = 6;

/**
 * A walk down a tree as one choice per level: at each node the walk takes child `choice % children`
 * and stops at a leaf or after the last choice. Shrinks towards the first child and a short walk.
 */
export const treeWalk = fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: MAX_WALK_DEPTH });

/** The element a choice picks from a non-empty list. */
export function pick<T>(list: readonly T[], choice: number): T {
  const item = list[choice % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
