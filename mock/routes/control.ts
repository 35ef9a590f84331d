import type { FastifyPluginAsync } from 'fastify';
import { resetWorld, type WorldOptions } from '../store/world.ts';

/** The mock's control surface for @mock-only tests: off the API's paths and absent from the spec. */
const controlRoutes: FastifyPluginAsync<{ worldOptions: WorldOptions }> = async (app, { worldOptions }) => {
  // The pid lets a launcher tell its own mock from another process already on the port.
  app.get('/__mock/health', async () => ({
    status: 'ok',
    now: app.world.now.toISOString(),
    pid: process.pid,
  }));
  app.post('/__mock/reset', async () => {
    resetWorld(app.world, { ...worldOptions, now: new Date() });
    return { status: 'reset', now: app.world.now.toISOString() };
  });
};

export default controlRoutes;
