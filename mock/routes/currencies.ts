import type { FastifyPluginAsync } from 'fastify';
import { badRequest, notFound } from '../errors.ts';
import { queryParam } from '../http.ts';

const CURRENCY_ID = /^[A-Z]{3}$/;

/** GET /currency_conversions/search?from=&to=: no token is needed (the reference shows none). */
const currencyRoutes: FastifyPluginAsync = async (app) => {
  app.get('/currency_conversions/search', async (request) => {
    const from = queryParam(request, 'from');
    const to = queryParam(request, 'to');
    if (!from || !to) throw badRequest('Query parameters from and to are required');
    for (const id of [from, to]) {
      if (!CURRENCY_ID.test(id)) throw badRequest(`Invalid currency id: ${id}`);
      if (!app.world.orders.currencies.knows(id)) throw notFound(`Currency not found: ${id}`);
    }
    return { ratio: app.world.orders.currencies.ratio(from, to) };
  });
};

export default currencyRoutes;
