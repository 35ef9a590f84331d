// STUB: replaced by the area that owns these routes.
import type { FastifyPluginAsync } from 'fastify';

const routes: FastifyPluginAsync = async () => {};

export default routes;
