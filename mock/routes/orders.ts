import type { FastifyPluginAsync } from 'fastify';
import currencyRoutes from './currencies.ts';
import { requireOrderCaller, requireOwnOrder } from './orders-access.ts';
import { orderJsonOf, searchResultJsonOf } from './orders-render.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

import { appliedFilters, parseSearch, SORTS } from './orders-search-query.ts';
import shipmentRoutes from './shipments.ts';

/** Orders: read, search, product attributes, discounts; plus shipments and currency conversion. */
const routes: FastifyPluginAsync = async (app) => {
  app.get('/orders/search', async (request, reply) => {
    const caller = requireOrderCaller(request);
    const filters = parseSearch(request, caller);
    const page = app.world.orders.orders.search(filters);
    const results = page.results.map((entry) => searchResultJsonOf(entry, app.world.users));
    // Assembled from each order's JSON, rendered once: serialising 50 full orders per request was the cost.
    const json = (value: unknown) => JSON.stringify(value);
    return reply
      .type(JSON_TYPE)
      .send(
        `{"query":${json(filters.q ?? '')},"results":[${results.join(',')}],` +
          `"sort":${json({ id: filters.sort, name: SORTS[filters.sort] })},` +
          `"available_sorts":${json(Object.entries(SORTS).map(([id, name]) => ({ id, name })))},` +
          `"filters":${json(appliedFilters(request))},` +
          `"paging":${json({ total: page.total, offset: filters.offset, limit: filters.limit })},"display":"complete"}`,
      );
  });

  app.get('/orders/:order_id', async (request, reply) => {
    const entry = requireOwnOrder(request);
    // Rules for orders, 1: data that could not be obtained gives 206 and X-Content-Missing.
    if (entry.missing.length > 0) reply.code(206).header('X-Content-Missing', entry.missing.join(','));
    return reply.type(JSON_TYPE).send(orderJsonOf(entry));
  });

  app.get('/orders/:order_id/product', async (request) => ({
    attributes: requireOwnOrder(request).attributes,
  }));

  app.get('/orders/:order_id/discounts', async (request) => ({
    details: requireOwnOrder(request).discounts,
  }));

  await app.register(shipmentRoutes);
  await app.register(currencyRoutes);
};

export default routes;
