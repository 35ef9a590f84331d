import { expect, test } from '@playwright/test';
import { errorCodeOf, sentBodyAt } from '../../lib/client/typed.ts';
import type { SentSchemas } from '../../lib/client/types.ts';
import type { CategoriesSeed } from '../../mock/store/catalog-categories.ts';
import { readSeed } from '../../mock/store/data.ts';
import { useSharedMock } from './harness.ts';

const seed = readSeed<CategoriesSeed>('categories.json');
const mock = useSharedMock();

async function category(id: string): Promise<SentSchemas['Category']> {
  const res = await mock().call('getCategory', { path: { category_id: id } });
  expect([res.status, res.violations]).toEqual([200, []]);
  return sentBodyAt(res, 200);
}

test.describe('mock: site categories', () => {
  test('lists the roots of each site', async () => {
    for (const [site, roots] of [
      ['MLB', ['MLB1000', 'MLB2000']],
      ['MLA', ['MLA1000']],
    ] as const) {
      const res = await mock().call('listSiteCategories', { path: { site_id: site } });
      expect(res.violations).toEqual([]);
      const listed = sentBodyAt(res, 200);
      // The mock answers the object form (the bare array is the alternate's).
      expect('categories' in listed ? listed.categories.map((c) => c.id) : listed).toEqual(roots);
    }
  });

  test('answers 404 to an unknown site and 400 invalid_id to a malformed one', async () => {
    const unknown = await mock().call('listSiteCategories', { path: { site_id: 'MZZ' } });
    expect([unknown.violations, unknown.body]).toEqual([
      [],
      { message: 'Site not found', error: 'not_found', status: 404, cause: [] },
    ]);
    const malformed = await mock().call('listSiteCategories', { path: { site_id: 'MLB1' } });
    expect([malformed.status, malformed.violations, errorCodeOf(malformed)]).toEqual([400, [], 'invalid_id']);
  });
});

test.describe('mock: categories', () => {
  test('derives children, paths, listing_allowed and totals consistently for every category', async () => {
    for (const seeded of seed.categories) {
      const read = await category(seeded.id);
      const children = seed.categories.filter((c) => c.parentId === seeded.id);
      expect(read.children_categories.map((c) => c.id)).toEqual(children.map((c) => c.id));
      expect(read.settings.listing_allowed, `${seeded.id} listing_allowed`).toBe(children.length === 0);
      expect(read.path_from_root.at(-1)).toEqual({ id: read.id, name: read.name });
      for (const child of read.children_categories) {
        const childRead = await category(child.id);
        expect(childRead.path_from_root).toEqual([
          ...read.path_from_root,
          { id: child.id, name: child.name },
        ]);
        expect(childRead.total_items_in_this_category).toBe(child.total_items_in_this_category);
      }
      const sum = read.children_categories.reduce((total, c) => total + c.total_items_in_this_category, 0);
      if (children.length > 0) expect(read.total_items_in_this_category).toBeGreaterThanOrEqual(sum);
    }
  });

  test('is three levels deep from MLB1000 to the leaf MLB1002', async () => {
    const leaf = await category('MLB1002');
    expect(leaf.path_from_root.map((p) => p.id)).toEqual(['MLB1000', 'MLB1001', 'MLB1002']);
    expect(leaf.children_categories).toEqual([]);
    expect(leaf.settings.max_pictures_per_item).toBe(10);
  });

  test('answers 404 "Category not found" and 400 invalid_id', async () => {
    for (const operationId of ['getCategory', 'getCategoryAttributes']) {
      const unknown = await mock().call(operationId, { path: { category_id: 'MLB4242' } });
      expect([unknown.violations, unknown.body]).toEqual([
        [],
        { message: 'Category not found', error: 'not_found', status: 404, cause: [] },
      ]);
      const malformed = await mock().call(operationId, { path: { category_id: 'MLB-1' } });
      expect([malformed.violations, malformed.body]).toEqual([
        [],
        { message: 'Invalid id: MLB-1', error: 'invalid_id', status: 400, cause: [] },
      ]);
    }
  });
});

test.describe('mock: category attributes', () => {
  test('gives the leaf MLB1002 all four value types with their length or values', async () => {
    const res = await mock().call('getCategoryAttributes', { as: 3001, path: { category_id: 'MLB1002' } });
    expect(res.violations).toEqual([]);
    const attributes = sentBodyAt(res, 200);
    expect(new Set(attributes.map((a) => a.value_type))).toEqual(
      new Set(['list', 'number', 'boolean', 'string']),
    );
    for (const a of attributes) {
      expect(a.value_max_length !== undefined, `${a.id} value_max_length`).toBe(
        ['number', 'string'].includes(a.value_type),
      );
      expect(a.values !== undefined, `${a.id} values`).toBe(['list', 'boolean'].includes(a.value_type));
    }
    const tagPairs = new Set(attributes.map((a) => `${a.tags.required}/${a.tags.fixed}`));
    expect([...tagPairs].sort()).toEqual(['false/false', 'true/false', 'true/true']);
  });

  test('gives a category without its own attributes the common ones', async () => {
    const res = await mock().call('getCategoryAttributes', { path: { category_id: 'MLB1000' } });
    expect(res.violations).toEqual([]);
    expect(sentBodyAt(res, 200).map((a) => a.id)).toEqual(seed.attributes.common.map((a) => a.id));
  });
});
