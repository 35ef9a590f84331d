import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import { pathParam, queryParam } from '../http.ts';
import { positiveId } from './orders-access.ts';

/** GET /users/{user_id}?attributes=status&access_token=: the token travels in the query only. */
const routes: FastifyPluginAsync = async (app) => {
  app.get('/users/:user_id', async (request) => {
    const caller = requireUser(request, { from: 'query' });
    const raw = pathParam(request, 'user_id');
    const userId = positiveId(raw);
    if (userId === undefined) throw badRequest(`Invalid user id: ${raw}`);
    const attributes = (queryParam(request, 'attributes') ?? '').split(',');
    if (!attributes.includes('status')) throw badRequest('Query parameter attributes=status is required');
    if (userId !== caller.id) throw forbidden(`The user has not access to the status of user ${userId}`);
    const status = app.world.orders.userStatus.get(userId);
    if (!status) throw notFound(`User not found: ${userId}`);
    return { status };
  });
};

export default routes;
