import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ApiError, authErrors } from './errors.ts';
import type { MockUser } from './store/users.ts';

const TOKEN_SHAPE = /^APP_USR-[A-Za-z0-9-]+$/;

interface AuthOptions {
  /** Where the token is read: the Authorization header (default) or the access_token query parameter. */
  from?: 'header' | 'query';
  /** The error for a missing token, when the operation answers its own (orders, message creation). */
  whenMissing?: () => ApiError;
  /** Whether a user of a site where the API is not available is refused (default true). */
  checkSite?: boolean;
}

function tokenFromHeader(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined || header === '') return undefined;
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return match ? match[1]!.trim() : header.trim();
}

function tokenFromQuery(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown>).access_token;
  const token = Array.isArray(value) ? value[0] : value;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

/** The caller of a protected operation, or the reference's (or observed) error for its token. */
export function requireUser(request: FastifyRequest, options: AuthOptions = {}): MockUser {
  const token = options.from === 'query' ? tokenFromQuery(request) : tokenFromHeader(request);
  if (token === undefined) throw (options.whenMissing ?? authErrors.tokenNotSent)();
  if (!TOKEN_SHAPE.test(token)) throw authErrors.malformedToken(token);
  const user = request.server.world.users.byToken(token);
  if (!user) throw authErrors.invalidToken();
  if (options.checkSite !== false && !request.server.world.users.siteAvailable(user.site_id)) {
    throw authErrors.siteNotAvailable();
  }
  return user;
}

/** The caller when a token is sent, undefined when none is (operations where a token is optional). */
export function optionalUser(request: FastifyRequest): MockUser | undefined {
  return tokenFromHeader(request) === undefined ? undefined : requireUser(request, { checkSite: false });
}

/** The writes whose body Fastify parses before the handler runs, and the no-token answer each gives. */
const WRITES_WITH_BODY: Record<string, AuthOptions> = {
  'POST /packs/:pack_id/fiscal_documents': {},
  'DELETE /packs/:pack_id/fiscal_documents': {},
  'POST /messages/attachments': {},
};

/**
 * A write sent without a token is refused as such before its body is read (Authentication 3: "a call
 * without a token is answered with 403"), so a malformed body never answers first (VAL-NO-TOKEN-FIRST).
 */
export function refuseWritesWithoutToken(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const options = WRITES_WITH_BODY[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (options && tokenFromHeader(request) === undefined) requireUser(request, options);
  });
}
