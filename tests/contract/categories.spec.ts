import { expect, notJudged, type TargetProfile, test, verifies } from '../../fixtures/index.ts';
import { expectError } from '../../lib/checks/assertions.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import { leafListingJudgement, pathExtendsJudgement } from '../../lib/rules/category-tree.ts';
import { expectJudgements, expectSameWhereShown, judgeShown, namedByProfile } from './support/judgements.ts';
import { type Carrying, has, needs } from './support/listed.ts';
import { describeOptionalToken } from './support/optional-token.ts';
import { skipUnless } from './support/reference.ts';

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
 * carries it: the path only orders the walk). A child listed without its id cannot be read: not judged.
 */
async function walkTree(api: ApiClient, target: TargetProfile): Promise<[Parent, Category][]> {
  const { catalog } = target;
  const leaf = await readCategory(api, catalog.leafCategory);
  const seen = new Map<string, Category>();
  const pairs: [Parent, Category][] = [];
  const leafPath = leaf.path_from_root === undefined ? [] : leaf.path_from_root.map((p) => String(p.id));
  const queue = [catalog.rootCategory, ...leafPath];
  const get = async (id: string) => seen.get(id) ?? seen.set(id, await readCategory(api, id)).get(id)!;
  while (queue.length > 0 && seen.size < WALK_LIMIT) {
    const parent = await get(queue.shift()!);
    if (!has(parent, 'children_categories')) continue;
    for (const [i, child] of parent.children_categories.entries()) {
      const id = child.id as string | undefined;
      if (seen.size >= WALK_LIMIT && !(id !== undefined && seen.has(id))) break;
      if (id === undefined) {
        judgeShown(target.isMock, 'CAT-LEAF-CHILDREN', `child ${i} of ${parent.id}: id`, id, () => {});
        continue;
      }
      pairs.push([parent, await get(id)]);
      queue.push(id);
    }
  }
  return pairs;
}

const idName = ({ id, name }: IdName) => ({ id, name });

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
      for (const listed of listedCategories.slice(0, WALK_LIMIT)) {
        const category = await readCategory(api, String(listed.id));
        const pair: [IdName, IdName] = [category, listed];
        expectSameWhereShown(target.isMock, 'CAT-SITE-TOP-LEVEL', `${listed.id} as listed`, pair, [
          'id',
          'name',
        ]);
        judgeShown(
          target.isMock,
          'CAT-SITE-TOP-LEVEL',
          `${listed.id}: path_from_root`,
          category.path_from_root,
          (path) =>
            expect(
              path.filter((p) => p.id !== listed.id),
              `CAT-SITE-TOP-LEVEL: ${listed.id} is a root`,
            ).toEqual([]),
        );
      }
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
      if (target.isMock)
        expect(root.settings?.listing_allowed, "the mock's root carries listing_allowed").toBeDefined();
      expectJudgements([leafListingJudgement(root)]);
    },
  );

  test(
    'reads the leaf with no children, its per-category posting limits as integers',
    verifies(['CAT-LEAF-CHILDREN', 'CAT-SETTINGS-LIMITS'], '@readonly'),
    async ({ api, target }) => {
      const leaf = await readCategory(api, target.catalog.leafCategory);
      const instance = `leaf ${leaf.id}: children_categories`;
      // Discovery picks a leaf for its empty children: judging them again would compare the read with itself.
      if (namedByProfile((p) => p.catalog?.leafCategory))
        judgeShown(target.isMock, 'CAT-LEAF-CHILDREN', instance, leaf.children_categories, (children) =>
          expect(children, `CAT-LEAF-CHILDREN: ${instance}`).toEqual([]),
        );
      else
        notJudged(
          'CAT-LEAF-CHILDREN',
          instance,
          'discovery chose this leaf for its empty children (a self-comparison)',
        );
      for (const limit of [
        'max_title_length',
        'max_sub_title_length',
        'max_description_length',
        'max_pictures_per_item',
      ] as const) {
        const what = `leaf ${leaf.id}: settings.${limit}`;
        judgeShown(target.isMock, 'CAT-SETTINGS-LIMITS', what, leaf.settings?.[limit], (value) =>
          expect(Number.isInteger(value), `CAT-SETTINGS-LIMITS: ${what}`).toBe(true),
        );
      }
    },
  );

  test(
    'walks the tree: children read back as listed, extend the parent path, non-leaves disallow listing',
    verifies(['CAT-LEAF-CHILDREN', 'CAT-PATH-EXTENDS', 'CAT-LEAF-LISTING'], '@readonly'),
    async ({ api, target }) => {
      const pairs = await walkTree(api, target);
      expect(pairs.length, 'the profile root has descendants').toBeGreaterThan(0);
      for (const [parent, child] of pairs) {
        const listed = parent.children_categories.find((c) => c.id === child.id)!;
        const pair: [IdName, IdName] = [child, listed];
        expectSameWhereShown(
          target.isMock,
          'CAT-LEAF-CHILDREN',
          `${child.id} as listed by ${parent.id}`,
          pair,
          ['id', 'name'],
        );
        if (target.isMock)
          expect(child.path_from_root, `the mock's ${child.id} carries its path`).toBeDefined();
        expectJudgements([pathExtendsJudgement(parent, child), leafListingJudgement(child)]);
      }
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
      // (the schema check reports it); the rules reading them are not judged on that attribute.
      const judge = (id: string, what: string, value: unknown, rule: (value: unknown) => void) =>
        judgeShown(target.isMock, id, what, value, rule);
      for (const attribute of attributes) {
        const type = attribute.value_type;
        const what = `attribute ${attribute.id} (${type})`;
        judge('CAT-ATTR-FIELDS', `${what}: value_type`, type, (v) =>
          expect(['list', 'number', 'boolean', 'string'], `CAT-ATTR-FIELDS: ${what}: value_type`).toContain(
            v,
          ),
        );
        for (const tag of ['fixed', 'required'] as const)
          judge('CAT-ATTR-FIELDS', `${what}: tags.${tag}`, attribute.tags?.[tag], (v) =>
            expect(typeof v, `CAT-ATTR-FIELDS: ${what}: tags.${tag}`).toBe('boolean'),
          );
        if (type === undefined) {
          notJudged('CAT-ATTR-MAX-LENGTH', what, 'the attribute leaves value_type out');
          notJudged('CAT-ATTR-VALUES', what, 'the attribute leaves value_type out');
          continue;
        }
        if (['number', 'string'].includes(type))
          judge('CAT-ATTR-MAX-LENGTH', `${what}: value_max_length`, attribute.value_max_length, (v) =>
            expect(Number.isInteger(v), `CAT-ATTR-MAX-LENGTH: ${what}`).toBe(true),
          );
        if (['list', 'boolean'].includes(type))
          judge('CAT-ATTR-VALUES', `${what}: values`, attribute.values, (v) =>
            expect(Array.isArray(v), `CAT-ATTR-VALUES: ${what}`).toBe(true),
          );
      }
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
