import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { badRequest, notFound } from '../errors.ts';
import { pathParam, queryParam } from '../http.ts';
import type { ShippingStore } from '../store/catalog-shipping.ts';
import { checkId } from './catalog-params.ts';

const ZIP_CODE = /^[0-9A-Za-z]{4,10}$/;

/** The destination of exactly one of zip_code or city_to (the mock's choice: neither and both are 400). */
function destination(shipping: ShippingStore, request: FastifyRequest): Record<string, unknown> {
  const zipCode = queryParam(request, 'zip_code');
  const cityTo = queryParam(request, 'city_to');
  if (zipCode === undefined && cityTo === undefined)
    throw badRequest('One of zip_code or city_to is required');
  if (zipCode !== undefined && cityTo !== undefined)
    throw badRequest('Send either zip_code or city_to, not both');
  if (zipCode !== undefined) {
    if (!ZIP_CODE.test(zipCode)) throw badRequest(`Invalid zip_code: ${zipCode}`);
    return shipping.byZip(zipCode) ?? notFoundThrow('Zip code not found');
  }
  return shipping.byCity(checkId(cityTo!, 'opaque')) ?? notFoundThrow('City not found');
}

function notFoundThrow(message: string): never {
  throw notFound(message);
}

/** Shipping options of an item: Authorization header required (Authentication 1, 3, 5). */
const shippingRoutes: FastifyPluginAsync = async (app) => {
  app.get('/items/:item_id/shipping_options', async (request) => {
    const user = requireUser(request);
    const { items, shipping } = app.world.catalog;
    const item = items.get(checkId(pathParam(request, 'item_id'), 'siteScoped'));
    if (!item) throw notFound('Item not found');
    return shipping.options(item, destination(shipping, request), user.id);
  });
};

export default shippingRoutes;
