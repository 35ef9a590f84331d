import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { optionalUser } from '../auth.ts';
import { notFound } from '../errors.ts';
import { pathParam, queryParam } from '../http.ts';
import type { CatalogStore } from '../store/catalog.ts';
import { checkId, itemLocation, searchLimit } from './catalog-params.ts';

const SORT = { id: 'relevance', name: 'Mais relevantes' };
const AVAILABLE_SORTS = [
  { id: 'price_asc', name: 'Menor preço' },
  { id: 'price_desc', name: 'Maior preço' },
];

function knownSite(catalog: CatalogStore, request: FastifyRequest): string {
  const siteId = checkId(pathParam(request, 'site_id'), 'site');
  if (!catalog.categories.hasSite(siteId)) throw notFound('Site not found');
  return siteId;
}

/** The filter on categories the results could still be narrowed by, with counts. */
function categoryFilter(catalog: CatalogStore, results: Record<string, unknown>[]) {
  const counts = new Map<string, number>();
  for (const item of results)
    counts.set(String(item.category_id), (counts.get(String(item.category_id)) ?? 0) + 1);
  const values = [...counts].map(([id, count]) => ({
    id,
    name: catalog.categories.category(id)?.name ?? id,
    results: count,
  }));
  return values.length === 0 ? [] : [{ id: 'category', name: 'Categorias', type: 'text', values }];
}

/** Site categories, categories, attributes and the site search: public reads, with or without a token. */
const categoriesRoutes: FastifyPluginAsync = async (app) => {
  const catalog = () => app.world.catalog;

  app.get('/sites/:site_id/categories', async (request) => {
    optionalUser(request);
    return { categories: catalog().categories.siteCategories(knownSite(catalog(), request)) };
  });

  app.get('/categories/:category_id', async (request) => {
    optionalUser(request);
    const category = catalog().categories.category(checkId(pathParam(request, 'category_id'), 'siteScoped'));
    if (!category) throw notFound('Category not found');
    return category;
  });

  app.get('/categories/:category_id/attributes', async (request) => {
    optionalUser(request);
    const attributes = catalog().categories.attributes(
      checkId(pathParam(request, 'category_id'), 'siteScoped'),
    );
    if (!attributes) throw notFound('Category not found');
    return attributes;
  });

  app.get('/sites/:site_id/search', async (request) => {
    optionalUser(request);
    const siteId = knownSite(catalog(), request);
    const category = queryParam(request, 'category');
    const range = itemLocation(request);
    const limit = searchLimit(request);
    // An unknown category matches nothing: its subtree is empty.
    const categoryIds = category === undefined ? undefined : catalog().categories.subtree(category);
    const { total, results } = catalog().items.search({ siteId, categoryIds, range, limit });
    return {
      site_id: siteId,
      paging: { total, offset: 0, limit },
      results,
      secondary_results: [],
      related_results: [],
      sort: SORT,
      available_sorts: AVAILABLE_SORTS,
      filters:
        category === undefined ? [] : [{ id: 'category', name: 'Categorias', values: [{ id: category }] }],
      available_filters: categoryFilter(catalog(), results),
    };
  });
};

export default categoriesRoutes;
