/**
 * The category-tree rules the reference fixes, as failures on what a walk down the tree read: the
 * same rules tests/properties/category-tree.spec.ts asserts and the drift run compares. A rule whose
 * fields a category does not show is not judged (an omission is the schema check's to report).
 */

export interface IdNamed {
  id?: unknown;
  name?: unknown;
}

export interface WalkedCategory extends IdNamed {
  path_from_root?: IdNamed[];
  children_categories?: unknown[];
  settings?: { listing_allowed?: unknown };
}

const describePath = (path: IdNamed[]) => `[${path.map((p) => p.id).join(' > ')}]`;
const sameNode = (a: IdNamed | undefined, b: IdNamed) => a?.id === b.id && a?.name === b.name;

/** CAT-PATH-EXTENDS: the child's path starts with the parent's, is one entry longer, and holds the parent (id and name). */
export function pathExtendsFailures(parent: WalkedCategory, child: WalkedCategory): string[] {
  const above = parent.path_from_root;
  const path = child.path_from_root;
  if (!above || !path) return [];
  const what = `${child.id} ${describePath(path)} under ${parent.id} ${describePath(above)}`;
  return [
    ...(above.every((node, i) => sameNode(path[i], node))
      ? []
      : [`${what}: does not start with the parent's path`]),
    ...(path.length === above.length + 1 ? [] : [`${what}: not exactly one more entry`]),
    ...(path.some((node) => sameNode(node, parent))
      ? []
      : [`${what}: does not hold the parent with its name`]),
  ];
}

/** CAT-LEAF-LISTING: a category with children does not allow listing (judged where listing_allowed is shown). */
export function leafListingFailures(category: WalkedCategory): string[] {
  const children = category.children_categories?.length ?? 0;
  const listing = category.settings?.listing_allowed;
  return children > 0 && listing !== undefined && listing !== false
    ? [`${category.id} has ${children} children, listing_allowed is ${String(listing)}`]
    : [];
}

/**
 * SEARCH-CATEGORY: every result whose category's path is known lies under the searched category
 * (`paths`: category id → the ids of its path_from_root).
 */
export function searchCategoryFailures(
  items: readonly { id?: unknown; category_id?: unknown }[],
  searched: string,
  paths: ReadonlyMap<string, readonly string[]>,
): string[] {
  return items.flatMap((item) => {
    const category = item.category_id;
    if (typeof category !== 'string' || category === searched) return [];
    const path = paths.get(category);
    return path === undefined || path.includes(searched)
      ? []
      : [`item ${String(item.id)} of ${category} lies outside ${searched}`];
  });
}
