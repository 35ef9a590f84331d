import fc from 'fast-check';
import { expectHot, notJudged, test, verifies } from '../../fixtures/index.ts';
import type { ApiClient } from '../../lib/client/client.ts';
import { bodyAt } from '../../lib/client/typed.ts';
import type { Schemas } from '../../lib/client/types.ts';
import { leafListingJudgement, pathExtendsJudgement } from '../../lib/rules/category-tree.ts';
import { pick, treeWalk } from '../../lib/rules/tree-walk.ts';
import { expectJudgements, expectSameWhereShown } from '../contract/support/judgements.ts';

// Read-only: random walks down the category tree of the profile's site, from its top categories,
// following only ids the answers give. The reference lists the fields of a category without saying
// each is always there: a rule is judged where its fields are present, and an absent one is left to
// the schema check, which reports it as an omission (never a crash of the walk).

type Category = Schemas['Category'];
type IdName = Schemas['IdName'];

/** A category as read: the fields the rules need may be left out. */
type ReadCategory = IdName &
  Partial<Pick<Category, 'path_from_root' | 'children_categories'>> & {
    settings?: Partial<Category['settings']>;
  };

/** One step of a walk: the category read, and the listing it was reached through. */
interface Step {
  category: ReadCategory;
  listed: IdName;
}

async function readCategory(api: ApiClient, id: unknown): Promise<ReadCategory> {
  const res = await api.call('getCategory', { as: 'seller', path: { category_id: String(id) } });
  expectHot(res.status, `${res.label}: a category the tree lists can be read`).toBe(200);
  return bodyAt(res, 200);
}

/**
 * The top categories of a site. "categories: array of {id, name} (top level)" reads both as an
 * object holding `categories` and as the bare array every production capture shows: both are taken.
 */
function siteCategoriesOf(body: Schemas['SiteCategories']): IdName[] {
  if (Array.isArray(body)) return body;
  return body.categories ?? [];
}

async function topCategories(api: ApiClient, siteId: string): Promise<IdName[]> {
  const res = await api.call('listSiteCategories', { as: 'seller', path: { site_id: siteId } });
  expectHot(res.status, res.label).toBe(200);
  const categories = siteCategoriesOf(bodyAt(res, 200));
  test.skip(categories.length === 0, `not verified: ${res.label} lists no category to walk from`);
  return categories;
}

/** Walks from a top category along the choices; stops at a leaf (or where the children are not shown). */
async function walk(api: ApiClient, top: IdName[], choices: number[]): Promise<Step[]> {
  const [first = 0, ...rest] = choices;
  let listed = pick(top, first);
  const steps: Step[] = [{ category: await readCategory(api, listed.id), listed }];
  for (const choice of rest) {
    // A child listed without its id cannot be read: the walk takes those it can follow.
    const children = (steps.at(-1)!.category.children_categories ?? []).filter((c) => c.id !== undefined);
    if (children.length === 0) break;
    listed = pick(children, choice);
    steps.push({ category: await readCategory(api, listed.id), listed });
  }
  return steps;
}

function describePath(path: IdName[] | undefined): string {
  return path ? `[${path.map((p) => p.id).join(' > ')}]` : '(no path_from_root)';
}

/** CAT-LEAF-CHILDREN and CAT-LEAF-LISTING for one category reached through a listing. */
function expectNodeRules({ category, listed }: Step, isMock: boolean): void {
  const pair: [IdName, IdName] = [category, listed];
  expectSameWhereShown(isMock, 'CAT-LEAF-CHILDREN', `${listed.id} read as listed`, pair, ['id', 'name']);
  expectJudgements([leafListingJudgement(category)]);
}

/** CAT-SITE-TOP-LEVEL: a top category's path holds no other category (not judged where the path is left out). */
function expectRoot(root: ReadCategory): void {
  const path = root.path_from_root;
  if (path === undefined) {
    notJudged('CAT-SITE-TOP-LEVEL', `top category ${root.id}`, 'the read leaves path_from_root out');
    return;
  }
  expectHot(
    path.filter((p) => p.id !== root.id),
    `CAT-SITE-TOP-LEVEL: top category ${root.id} is a root ${describePath(path)}`,
  ).toEqual([]);
}

test.describe('GET /categories/{category_id}, walking the tree', () => {
  test(
    'should extend the parent path by one entry holding the parent at every step of any walk',
    verifies(['CAT-PATH-EXTENDS', 'CAT-SITE-TOP-LEVEL'], '@readonly'),
    async ({ api, target, property }) => {
      const top = await topCategories(api, target.catalog.siteId);
      await property(
        fc.asyncProperty(treeWalk, async (choices) => {
          const steps = await walk(api, top, choices);
          expectRoot(steps[0]!.category);
          for (let i = 1; i < steps.length; i++)
            expectJudgements([pathExtendsJudgement(steps[i - 1]!.category, steps[i]!.category)]);
        }),
        15,
      );
    },
  );

  test(
    'should read every listed child with its listed name and never allow listing on a non-leaf',
    verifies(['CAT-LEAF-CHILDREN', 'CAT-LEAF-LISTING'], '@readonly'),
    async ({ api, target, property }) => {
      const top = await topCategories(api, target.catalog.siteId);
      await property(
        fc.asyncProperty(treeWalk, async (choices) => {
          for (const step of await walk(api, top, choices)) expectNodeRules(step, target.isMock);
        }),
        15,
      );
    },
  );

  test(
    'should end the path of every category of any walk with the category itself on the mock',
    verifies(['CAT-PATH-SELF'], '@readonly', '@mock-only'),
    async ({ api, seed, property }) => {
      const top = await topCategories(api, seed.catalog.siteId);
      await property(
        fc.asyncProperty(treeWalk, async (choices) => {
          for (const { category } of await walk(api, top, choices))
            expectHot(
              { id: category.path_from_root?.at(-1)?.id, name: category.path_from_root?.at(-1)?.name },
              `CAT-PATH-SELF: ${category.id} ${describePath(category.path_from_root)}`,
            ).toEqual({ id: category.id, name: category.name });
        }),
        10,
      );
    },
  );
});
