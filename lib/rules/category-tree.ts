import { leftOut } from './meaning-kit.ts';
/**
 * The category-tree rules the reference fixes, as failures on what a walk down the tree read: the
 * same rules tests/properties/category-tree.spec.ts asserts and the drift run compares. A rule whose
 * fields a category does not show is not judged (an omission is the schema check's to report).
 */

import type { Judgement } from '../judge/judgement.ts';
import { failuresOfJudgements, judgementOf, notJudgedOn } from './rule-failure.ts';

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
/** The same node: the same id, and the same name where both carry one (a listed field may be left out). */
const sameNode = (a: IdNamed | undefined, b: IdNamed) =>
  a !== undefined && a.id === b.id && (a.name === undefined || b.name === undefined || a.name === b.name);

/**
 * CAT-PATH-EXTENDS: the child's path starts with the parent's, is one entry longer, and holds the
 * parent. Not judged where either read leaves path_from_root out.
 */
export function pathExtendsJudgement(parent: WalkedCategory, child: WalkedCategory): Judgement {
  const id = 'CAT-PATH-EXTENDS';
  const above = parent.path_from_root;
  const path = child.path_from_root;
  const instance = `${child.id} under ${parent.id}`;
  if (!above || !path)
    return notJudgedOn(id, instance, `the read of ${!path ? child.id : parent.id} leaves path_from_root out`);
  const what = `${describePath(path)} under ${describePath(above)}`;
  const failure = !above.every((node, i) => sameNode(path[i], node))
    ? `${what}: does not start with the parent's path`
    : path.length !== above.length + 1
      ? `${what}: not exactly one more entry`
      : !path.some((node) => sameNode(node, parent))
        ? `${what}: does not hold the parent`
        : undefined;
  return judgementOf(id, instance, failure);
}

/** CAT-PATH-EXTENDS as failures (the drift run compares failures). */
export const pathExtendsFailures = (parent: WalkedCategory, child: WalkedCategory): string[] =>
  failuresOfJudgements([pathExtendsJudgement(parent, child)]).map((f) => f.failure);

/**
 * CAT-LEAF-LISTING: a category with children does not allow listing. Not judged on a leaf, nor where
 * the read leaves children_categories or settings.listing_allowed out.
 */
export function leafListingJudgement(category: WalkedCategory): Judgement {
  const id = 'CAT-LEAF-LISTING';
  const instance = `category ${String(category.id)}`;
  const children = category.children_categories;
  const listing = category.settings?.listing_allowed;
  if (children === undefined) return leftOut(id, instance, '', 'children_categories');
  if (children.length === 0)
    return notJudgedOn(id, instance, 'a leaf: the rule reads categories with children');
  if (listing === undefined) return leftOut(id, instance, '', 'settings.listing_allowed');
  return judgementOf(
    id,
    instance,
    listing === false ? undefined : `${children.length} children, listing_allowed is ${String(listing)}`,
  );
}

/** CAT-LEAF-LISTING as failures (the drift run compares failures). */
export const leafListingFailures = (category: WalkedCategory): string[] =>
  failuresOfJudgements([leafListingJudgement(category)]).map((f) => f.failure);

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
