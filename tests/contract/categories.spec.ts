import { expect, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import type { CatalogIds } from '../../lib/profile/types.ts';
import { type Carrying, carrying, has, needs } from './support/listed.ts';
import { describeOptionalToken } from './support/optional-token.ts';
import { judged, notVerifiedPart, skipUnless } from './support/reference.ts';

// Read-only. A foreign tree may be large: the walk reads at most WALK_LIMIT categories, the path
// to the profile's leaf category always among them.
const WALK_LIMIT = 40;

type Category = Schemas['Category'];
type IdName = Schemas['IdName'];

async function readCategory(api: ApiClient, id: string): Promise<Category> {
  const res = await api.call('getCategory', { as: 'seller', path: { category_id: id } });
  expect(res.status, `${res.label}: a known category can be read`).toBe(200);
  return bodyAt(res, 200);
}

type Parent = Carrying<Category, 'children_categories'>;

/**
 * Parent → child pairs, breadth first from the root, the profile leaf's path first (when the leaf
 * carries it: the path only orders the walk). Only children listed with their id are read.
 */
async function walkTree(api: ApiClient, catalog: CatalogIds): Promise<[Parent, Category][]> {
  const leaf = await readCategory(api, catalog.leafCategory);
  const seen = new Map<string, Category>();
  const pairs: [Parent, Category][] = [];
  const leafPath = leaf.path_from_root === undefined ? [] : leaf.path_from_root.map((p) => String(p.id));
  const queue = [catalog.rootCategory, ...leafPath];
  const get = async (id: string) => seen.get(id) ?? seen.set(id, await readCategory(api, id)).get(id)!;
  while (queue.length > 0 && seen.size < WALK_LIMIT) {
    const parent = await get(queue.shift()!);
    if (!has(parent, 'children_categories')) continue;
    for (const child of carrying(parent.children_categories, 'id')) {
      if (seen.size >= WALK_LIMIT && !seen.has(child.id)) break;
      const read = await get(child.id);
      pairs.push([parent, read]);
      queue.push(child.id);
    }
  }
  return pairs;
}

const idName = ({ id, name }: IdName) => ({ id, name });

/** CAT-PATH-EXTENDS, on a child and parent that carry their paths (a missing one fails here: the mock). */
function expectPathExtends(child: Category, parent: Category): void {
  const [childPath, parentPath] = [child.path_from_root, parent.path_from_root];
  expect(childPath, `the path_from_root of ${child.id}`).toBeDefined();
  expect(parentPath, `the path_from_root of ${parent.id}`).toBeDefined();
  if (childPath === undefined || parentPath === undefined) return;
  expect(
    childPath.slice(0, parentPath.length).map(idName),
    `CAT-PATH-EXTENDS: path of ${child.id} starts with the path of ${parent.id}`,
  ).toEqual(parentPath.map(idName));
  expect(
    childPath.map((p) => p.id),
    `CAT-PATH-EXTENDS: path of ${child.id} holds ${parent.id}`,
  ).toContain(parent.id);
}

/** The listed categories: the reference's wording admits `{categories: [...]}` and the bare array production sends. */
const siteCategories = (body: Schemas['SiteCategories']): IdName[] | undefined =>
  Array.isArray(body) ? body : body.categories;

test.describe('GET /sites/{site_id}/categories', () => {
  test(
    'lists the top-level categories, the profile root among them',
    verifies(['CAT-SITE-FIELDS'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      const res = await api.call('listSiteCategories', {
        as: 'seller',
        path: { site_id: target.catalog.siteId },
      });
      expect(res.status).toBe(200);
      const categories = siteCategories(bodyAt(res, 200));
      needs(target, categories, 'the listed categories', 'catalog.siteId', 'the site answered none');
      expect(categories.map((c) => c.id)).toContain(target.catalog.rootCategory);
    },
  );

  test(
    'lists only roots: each category listed has no other category in its path_from_root',
    verifies(['CAT-SITE-TOP-LEVEL'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('listSiteCategories', {
        as: 'seller',
        path: { site_id: target.catalog.siteId },
      });
      const listedCategories = siteCategories(bodyAt(res, 200));
      needs(target, listedCategories, 'the listed categories', 'catalog.siteId', 'the site answered none');
      let judgedPaths = 0;
      for (const listed of listedCategories.slice(0, WALK_LIMIT)) {
        const category = await readCategory(api, String(listed.id));
        expect(idName(category), 'as listed').toEqual(idName(listed));
        if (!judged(target, category.path_from_root)) continue;
        judgedPaths++;
        const ancestors = category.path_from_root?.filter((p) => p.id !== listed.id);
        expect(ancestors, `CAT-SITE-TOP-LEVEL: ${listed.id} is a root`).toEqual([]);
      }
      const why = 'no listed category carried its path_from_root';
      skipUnless(judgedPaths > 0, 'a listed category with its path', 'catalog.siteId', why);
    },
  );
});

test.describe('GET /categories/{category_id}', () => {
  test(
    'reads the root as a non-leaf that does not allow listing',
    verifies(['CAT-FIELDS', 'CAT-LEAF-LISTING', 'CAT-SETTINGS-FIELDS'], '@readonly', '@smoke'),
    async ({ api, target }) => {
      const root = await readCategory(api, target.catalog.rootCategory);
      expect(root.id).toBe(target.catalog.rootCategory);
      needs(
        target,
        root.children_categories,
        'the children of a category',
        'catalog.rootCategory',
        'the root answered none',
      );
      expect(root.children_categories.length, 'the profile root has children').toBeGreaterThan(0);
      // Settings fields are listed: judged where the answer carries them (an omission is reported).
      const listingAllowed = root.settings?.listing_allowed;
      if (judged(target, listingAllowed))
        expect(listingAllowed, 'CAT-LEAF-LISTING: listing_allowed on a non-leaf').toBe(false);
    },
  );

  test(
    'reads the leaf with no children, its per-category posting limits as integers',
    verifies(['CAT-LEAF-CHILDREN', 'CAT-SETTINGS-LIMITS'], '@readonly'),
    async ({ api, target }) => {
      const leaf = await readCategory(api, target.catalog.leafCategory);
      const children = leaf.children_categories;
      if (judged(target, children)) expect(children, 'CAT-LEAF-CHILDREN: a leaf has no children').toEqual([]);
      let judgedLimits = 0;
      for (const limit of [
        'max_title_length',
        'max_sub_title_length',
        'max_description_length',
        'max_pictures_per_item',
      ] as const) {
        const value = leaf.settings?.[limit];
        if (!judged(target, value)) continue;
        judgedLimits++;
        expect(Number.isInteger(value), `CAT-SETTINGS-LIMITS: settings.${limit}`).toBe(true);
      }
      const why = 'it answered neither children_categories nor a posting limit';
      skipUnless(children !== undefined || judgedLimits > 0, 'a leaf category', 'catalog.leafCategory', why);
    },
  );

  test(
    'walks the tree: children read back as listed, extend the parent path, non-leaves disallow listing',
    verifies(['CAT-LEAF-CHILDREN', 'CAT-PATH-EXTENDS', 'CAT-LEAF-LISTING'], '@readonly'),
    async ({ api, target }) => {
      const pairs = await walkTree(api, target.catalog);
      expect(pairs.length, 'the profile root has descendants').toBeGreaterThan(0);
      let judgedPaths = 0;
      for (const [parent, child] of pairs) {
        const listed = parent.children_categories.find((c) => c.id === child.id)!;
        expect(idName(child), `CAT-LEAF-CHILDREN: ${child.id} as listed by ${parent.id}`).toEqual(
          idName(listed),
        );
        if (judged(target, child.path_from_root) && judged(target, parent.path_from_root)) {
          judgedPaths++;
          expectPathExtends(child, parent);
        }
        const listingAllowed = child.settings?.listing_allowed;
        if (
          has(child, 'children_categories') &&
          child.children_categories.length > 0 &&
          judged(target, listingAllowed)
        )
          expect(listingAllowed, `CAT-LEAF-LISTING: ${child.id} has children`).toBe(false);
      }
      if (judgedPaths === 0)
        notVerifiedPart('CAT-PATH-EXTENDS: no parent and child read both carried path_from_root');
    },
  );

  test(
    'ends path_from_root with the category itself and allows listing on leaves',
    verifies(['CAT-PATH-SELF', 'CAT-LEAF-LISTING'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      for (const id of [seed.catalog.rootCategory, seed.catalog.leafCategory]) {
        const category = await readCategory(api, id);
        expect(category.path_from_root?.at(-1), `CAT-PATH-SELF: ${id}`).toEqual(idName(category));
      }
      const leaf = await readCategory(api, seed.catalog.leafCategory);
      expect(leaf.settings?.listing_allowed, 'the mock allows listing on every leaf').toBe(true);
    },
  );
});

test.describe('GET /categories/{category_id}/attributes', () => {
  test(
    'gives number and string attributes a max length, list and boolean attributes their values',
    verifies(['CAT-ATTR-FIELDS', 'CAT-ATTR-MAX-LENGTH', 'CAT-ATTR-VALUES'], '@readonly'),
    async ({ api, target }) => {
      const res = await api.call('getCategoryAttributes', {
        as: 'seller',
        path: { category_id: target.catalog.leafCategory },
      });
      expect(res.status).toBe(200);
      const attributes = bodyAt(res, 200);
      skipUnless(
        attributes.length > 0,
        'a leaf category with attributes',
        'catalog.leafCategory',
        `${target.catalog.leafCategory} has none to judge`,
      );
      // Listed fields the reference does not state always present: their absence is an omission
      // (the schema check reports it); asserted present on the mock only.
      const present = (value: unknown) => judged(target, value);
      let judgedTypes = 0;
      for (const attribute of attributes) {
        const type = attribute.value_type;
        const what = `${attribute.id} (${type})`;
        if (present(type))
          expect(['list', 'number', 'boolean', 'string'], `CAT-ATTR-FIELDS: value_type of ${what}`).toContain(
            type,
          );
        for (const tag of ['fixed', 'required'] as const) {
          const value = attribute.tags?.[tag];
          if (present(value)) expect(typeof value, `CAT-ATTR-FIELDS: tags.${tag} of ${what}`).toBe('boolean');
        }
        if (type === undefined) continue;
        judgedTypes++;
        if (['number', 'string'].includes(type) && present(attribute.value_max_length))
          expect(Number.isInteger(attribute.value_max_length), `CAT-ATTR-MAX-LENGTH: ${what}`).toBe(true);
        if (['list', 'boolean'].includes(type) && present(attribute.values))
          expect(Array.isArray(attribute.values), `CAT-ATTR-VALUES: ${what}`).toBe(true);
      }
      const why = 'no attribute carried its value_type';
      skipUnless(judgedTypes > 0, 'an attribute with its value_type', 'catalog.leafCategory', why);
    },
  );

  test(
    'covers all four value types and both tags on the profile leaf',
    verifies(['CAT-ATTR-FIELDS'], '@readonly', '@mock-only'),
    async ({ api, seed }) => {
      const res = await api.call('getCategoryAttributes', {
        path: { category_id: seed.catalog.leafCategory },
      });
      const attributes = bodyAt(res, 200);
      expect(new Set(attributes.map((a) => a.value_type))).toEqual(
        new Set(['list', 'number', 'boolean', 'string']),
      );
      expect(attributes.some((a) => a.tags?.required)).toBe(true);
      expect(attributes.some((a) => a.tags?.fixed)).toBe(true);
    },
  );
});

test.describe('categories: errors', () => {
  const cases: {
    operationId: string;
    path: Record<string, string>;
    status: number;
    error: string;
    message: string;
  }[] = [
    {
      operationId: 'getCategory',
      path: { category_id: 'MLB999999' },
      status: 404,
      error: 'not_found',
      message: 'Category not found',
    },
    {
      operationId: 'getCategoryAttributes',
      path: { category_id: 'MLB999999' },
      status: 404,
      error: 'not_found',
      message: 'Category not found',
    },
    {
      operationId: 'listSiteCategories',
      path: { site_id: 'MZZ' },
      status: 404,
      error: 'not_found',
      message: 'Site not found',
    },
    {
      operationId: 'getCategory',
      path: { category_id: 'mlb-1' },
      status: 400,
      error: 'invalid_id',
      message: 'Invalid id: mlb-1',
    },
    {
      operationId: 'getCategoryAttributes',
      path: { category_id: '1002' },
      status: 400,
      error: 'invalid_id',
      message: 'Invalid id: 1002',
    },
    {
      operationId: 'listSiteCategories',
      path: { site_id: 'mlb' },
      status: 400,
      error: 'invalid_id',
      message: 'Invalid id: mlb',
    },
  ];
  for (const { operationId, path, ...expected } of cases) {
    const ids = expected.status === 404 ? ['CAT-ERR-NOT-FOUND'] : ['CAT-ERR-INVALID-ID'];
    test(
      `${operationId} answers ${expected.status} ${expected.error} to ${Object.values(path)[0]}`,
      verifies(ids, '@readonly', '@mock-only'),
      async ({ api, target }) => {
        const res = await api.call(operationId, { path });
        expectError(res, { ...expected, statusIsGap: true, messageIsGap: true }, target);
      },
    );
  }
});

describeOptionalToken('categories: tokens', [
  { operationId: 'listSiteCategories', path: (c) => ({ site_id: c.siteId }) },
  { operationId: 'getCategory', path: (c) => ({ category_id: c.leafCategory }) },
  { operationId: 'getCategoryAttributes', path: (c) => ({ category_id: c.leafCategory }) },
]);
