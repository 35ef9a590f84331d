import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import FindMyWay from 'find-my-way';
import { type AlternateOptions, type DrawnChoice, installAlternate } from './alternate/index.ts';
import { refuseWritesWithoutToken } from './auth.ts';
import { ApiError, badRequest } from './errors.ts';
import { installFaults } from './faults/catalog.ts';
import { installLiveOrders } from './live.ts';
import attachmentsRoutes from './routes/attachments.ts';
import categoriesRoutes from './routes/categories.ts';
import controlRoutes from './routes/control.ts';
import fiscalRoutes from './routes/fiscal.ts';
import locationsRoutes from './routes/locations.ts';
import messagesRoutes from './routes/messages.ts';
import ordersRoutes from './routes/orders.ts';
import shippingRoutes from './routes/shipping.ts';
import usersRoutes from './routes/users.ts';
import { compareWithTwin, recordAsked } from './shadow.ts';
import { createWorld, type World, type WorldOptions } from './store/world.ts';

declare module 'fastify' {
  interface FastifyInstance {
    world: World;
    /** The choices of the alternate mock and their variants ([] for the default mock). */
    alternate: DrawnChoice[];
  }
}

export interface MockOptions extends WorldOptions {
  logger?: boolean;
  /** Named faults to plant (mock/faults/), for the mutation run; none by default. */
  faults?: readonly string[];
  /** The alternate mock (mock/alternate/): other choices the reference allows; the default mock when absent. */
  alternate?: AlternateOptions;
  /** false for the faithful twin of mock/shadow.ts (MOCK_SHADOW_LOG): it has no twin of its own. */
  shadow?: boolean;
}

/** Largest body the mock reads: a 25 MB attachment plus multipart framing. Larger is refused early. */
const MAX_BODY_BYTES = 26 * 1024 * 1024;

function sendError(reply: FastifyReply, error: ApiError): FastifyReply {
  return reply.code(error.status).type('application/json; charset=utf-8').send(error.toBody());
}

/** Maps anything thrown in a handler or by Fastify itself to the reference's error shape. */
function toApiError(error: FastifyError | Error, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const status = (error as FastifyError).statusCode ?? 500;
  if (status >= 400 && status < 500) return badRequest(error.message);
  request.log.error(error);
  return new ApiError(500, 'internal_server_error', 'Internal server error');
}

/** Answers unknown routes with 404 and known paths called with another method with 405. */
function installNotFound(app: FastifyInstance): void {
  const known = FindMyWay();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const upper = String(method).toUpperCase() as 'GET';
      if (upper !== ('HEAD' as string)) known.on(upper, route.url, () => undefined);
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const other = ['GET', 'POST', 'DELETE', 'PUT', 'PATCH'].some(
      (m) => m !== request.method && known.find(m as 'GET', path),
    );
    const error = other
      ? new ApiError(405, 'method_not_allowed', `Method ${request.method} is not allowed on ${path}`)
      : new ApiError(404, 'not_found', `Route ${request.method}:${path} not found`);
    return sendError(reply, error);
  });
}

/** Builds the mock: plugins, routes and a fresh world seeded from fixtures/data. */
export async function build(options: MockOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { maxParamLength: 2048, ignoreTrailingSlash: true },
    frameworkErrors: (error, _request, reply) => {
      sendError(reply, badRequest(error.message));
    },
  });
  app.decorate('world', createWorld(options));
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(reply, toApiError(error, request)));
  installNotFound(app);
  refuseWritesWithoutToken(app);
  // Any other content type is read as a buffer so handlers can answer it with the reference's 400.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(multipart, { limits: { fileSize: MAX_BODY_BYTES, files: 64, fields: 64, parts: 128 } });
  const shadowLog = options.shadow === false ? undefined : process.env.MOCK_SHADOW_LOG;
  if (shadowLog) recordAsked(app);
  installFaults(app, options.faults ?? []);
  if (shadowLog)
    compareWithTwin(
      app,
      await build({ ...options, now: app.world.now, faults: [], shadow: false }),
      shadowLog,
    );
  if (process.env.MOCK_LIVE === 'orders') installLiveOrders(app);
  app.decorate('alternate', options.alternate ? installAlternate(app, options.alternate) : []);
  await app.register(controlRoutes, { worldOptions: options });
  // The alternate mock says what it drew, so a soak can name the seed and variants of a failing run.
  if (options.alternate)
    app.get('/__mock/alternate', async () => ({
      seed: options.alternate?.seed ?? 0,
      choices: app.alternate,
    }));
  await app.register(ordersRoutes);
  await app.register(usersRoutes);
  await app.register(fiscalRoutes);
  await app.register(messagesRoutes);
  await app.register(attachmentsRoutes);
  await app.register(locationsRoutes);
  await app.register(categoriesRoutes);
  await app.register(shippingRoutes);
  return app;
}
