import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { ApiError, badRequest, forbidden } from '../errors.ts';
import { pathParam } from '../http.ts';
import type { ShipmentEntry } from '../store/shipments.ts';
import { positiveId } from './orders-access.ts';

/** Authenticates, validates the id and checks the caller is the buyer or seller of the shipment's order. */
function requireOwnShipment(request: FastifyRequest, param: string): ShipmentEntry {
  const caller = requireUser(request);
  const raw = pathParam(request, param);
  const id = positiveId(raw);
  if (id === undefined) throw badRequest(`Invalid shipping id: ${raw}`);
  const entry = request.server.world.orders.shipments.get(id);
  if (!entry) throw new ApiError(404, 'not_found_shipping_id', `Not found shipping with id: ${id}`);
  if (entry.buyerId !== caller.id && entry.sellerId !== caller.id) {
    throw forbidden(`The user has not access to the shipment ${id}`);
  }
  return entry;
}

/** GET /shipments/{shipping_id} and its lead time. */
const shipmentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/shipments/:shipping_id', async (request) => requireOwnShipment(request, 'shipping_id').shipment);
  app.get(
    '/shipments/:shipment_id/lead_time',
    async (request) => requireOwnShipment(request, 'shipment_id').leadTime,
  );
};

export default shipmentRoutes;
