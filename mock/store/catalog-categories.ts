import { readSeed } from './data.ts';

interface CategorySeed {
  id: string;
  siteId: string;
  parentId: string | null;
  name: string;
  picture: string | null;
  settingsOverrides: Record<string, unknown>;
}

export interface CategoryAttribute {
  id: string;
  name: string;
  value_type: 'list' | 'number' | 'boolean' | 'string';
  value_max_length?: number;
  tags: { fixed: boolean; required: boolean };
  values?: { id: string; name: string }[];
  attribute_group_id: string;
  attribute_group_name: string;
}

export interface CategoriesSeed {
  sites: string[];
  categories: CategorySeed[];
  defaultSettings: Record<string, unknown>;
  attributes: { common: CategoryAttribute[]; byCategory: Record<string, CategoryAttribute[]> };
}

interface IdName {
  id: string;
  name: string;
}

export interface Category extends IdName {
  picture: string | null;
  permalink: string | null;
  total_items_in_this_category: number;
  path_from_root: IdName[];
  children_categories: (IdName & { total_items_in_this_category: number })[];
  attribute_types: string;
  meta_categ_id: null;
  attributable: boolean;
  settings: Record<string, unknown>;
}

export interface CategoriesStore {
  hasSite(siteId: string): boolean;
  sites(): readonly string[];
  /** The roots of a site's tree. */
  siteCategories(siteId: string): IdName[];
  category(id: string): Category | undefined;
  attributes(id: string): CategoryAttribute[] | undefined;
  /** The category and every category below it. */
  subtree(id: string): Set<string>;
}

/** The category trees of the sites; children, paths, listing_allowed and item totals are derived. */
export function createCategoriesStore(
  itemCategoryIds: readonly string[],
  seed = readSeed<CategoriesSeed>('categories.json'),
): CategoriesStore {
  const byId = new Map(seed.categories.map((c) => [c.id, c]));
  const childrenOf = (id: string) => seed.categories.filter((c) => c.parentId === id);
  const subtree = (id: string): Set<string> =>
    byId.has(id) ? new Set([id, ...childrenOf(id).flatMap((child) => [...subtree(child.id)])]) : new Set();
  const totalItems = (id: string) => {
    const ids = subtree(id);
    return itemCategoryIds.filter((categoryId) => ids.has(categoryId)).length;
  };
  const pathFromRoot = (found: CategorySeed): IdName[] => {
    const parent = found.parentId === null ? undefined : byId.get(found.parentId);
    return [...(parent ? pathFromRoot(parent) : []), { id: found.id, name: found.name }];
  };

  const category = (id: string): Category | undefined => {
    const found = byId.get(id);
    if (!found) return undefined;
    const children = childrenOf(id);
    return {
      id,
      name: found.name,
      picture: found.picture,
      permalink: `https://${found.siteId.toLowerCase()}.example.test/c/${id}`,
      total_items_in_this_category: totalItems(id),
      path_from_root: pathFromRoot(found),
      children_categories: children.map((c) => ({
        id: c.id,
        name: c.name,
        total_items_in_this_category: totalItems(c.id),
      })),
      attribute_types: 'attributes',
      meta_categ_id: null,
      attributable: false,
      // Only a leaf accepts item posting.
      settings: {
        ...seed.defaultSettings,
        ...found.settingsOverrides,
        listing_allowed: children.length === 0,
      },
    };
  };

  return {
    hasSite: (siteId) => seed.sites.includes(siteId),
    sites: () => seed.sites,
    siteCategories: (siteId) =>
      seed.categories
        .filter((c) => c.siteId === siteId && c.parentId === null)
        .map(({ id, name }) => ({ id, name })),
    category,
    attributes: (id) =>
      byId.has(id) ? [...seed.attributes.common, ...(seed.attributes.byCategory[id] ?? [])] : undefined,
    subtree,
  };
}
