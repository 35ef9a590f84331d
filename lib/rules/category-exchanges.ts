/**
 * The category-tree rules as rules of the registry, over one category read and the reads before it:
 * a category with children does not allow listing (CAT-LEAF-LISTING), and a category's path extends
 * its parent's, when the run read the parent before (CAT-PATH-EXTENDS, a rule about a sequence).
 */
import type { Exchange } from '../exchange/exchange.ts';
import { leafListingJudgement, pathExtendsJudgement, type WalkedCategory } from './category-tree.ts';
import { isObject, leftOut, onOperations, successBody } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

const readCategory = (exchange: Exchange): WalkedCategory | undefined =>
  onOperations('getCategory')(exchange) ? (successBody(exchange) as WalkedCategory | undefined) : undefined;

export const CATEGORY_LEAF_RULE: Rule = {
  name: 'categoryLeafListing',
  requirements: ['CAT-LEAF-LISTING'],
  appliesTo: (exchange) => readCategory(exchange) !== undefined,
  judge: (exchange) => [leafListingJudgement(readCategory(exchange) ?? {})],
};

/** The latest read of the category with this id in the run's history. */
function earlierRead(history: readonly Exchange[], id: unknown): WalkedCategory | undefined {
  for (const exchange of [...history].reverse()) {
    const category = readCategory(exchange);
    if (category && category.id === id) return category;
  }
  return undefined;
}

export const CATEGORY_PATH_RULE: Rule = {
  name: 'categoryPathExtends',
  requirements: ['CAT-PATH-EXTENDS'],
  appliesTo: (exchange) => readCategory(exchange) !== undefined,
  judge(exchange, { history }) {
    const child = readCategory(exchange) ?? {};
    const path = child.path_from_root;
    const instance = `category ${String(child.id)}`;
    if (!Array.isArray(path)) return [leftOut('CAT-PATH-EXTENDS', instance, '', 'path_from_root')];
    // Whether the path ends with the category itself is not stated (CAT-PATH-SELF, a gap): its parent is
    // the entry before itself, or its last entry.
    const last = path[path.length - 1];
    const endsWithSelf = isObject(last) && last.id === child.id;
    const above = path[path.length - (endsWithSelf ? 2 : 1)];
    const parentId = isObject(above) ? above.id : undefined;
    // A root has no parent; a parent the run did not read before holds no instance of the rule.
    const parent = parentId === undefined ? undefined : earlierRead(history, parentId);
    return parent ? [pathExtendsJudgement(parent, child)] : [];
  },
};

export const CATEGORY_RULES: readonly Rule[] = [CATEGORY_LEAF_RULE, CATEGORY_PATH_RULE];
