import type { FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { forbidden } from '../errors.ts';
import { positiveId } from '../routes/orders-access.ts';
import {
  beforeHandler,
  type Choice,
  callerIdOf,
  firstQuery,
  onError,
  queryOf,
  type RouteKey,
} from './kit.ts';

const LOCATIONS: RouteKey[] = [
  'GET /classified_locations/countries',
  'GET /classified_locations/countries/:country_id',
  'GET /classified_locations/states/:state_id',
  'GET /classified_locations/cities/:city_id',
  'GET /classified_locations/neighborhoods/:neighborhood_id',
];
const CATEGORIES: RouteKey[] = [
  'GET /sites/:site_id/categories',
  'GET /categories/:category_id',
  'GET /categories/:category_id/attributes',
  'GET /sites/:site_id/search',
];
const TOKEN_NOT_SHOWN =
  'CATALOG-TOKEN-OPTIONAL-MOCK: Authentication 6, "whether a token is required is not shown for location, category and site search calls"';

/** The reference's answer to a call without a token (Authentication 3), then its checks of a sent one. */
const requireToken = (request: FastifyRequest) => {
  requireUser(request, { checkSite: false });
};

const locationToken: Choice = {
  name: 'location-token',
  gap: TOKEN_NOT_SHOWN,
  description: 'location reads without a token',
  variants: {
    required: '403 access_token_not_granted without a token',
    mock: 'answered with and without a token',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, LOCATIONS, requireToken);
  },
};

const categoryToken: Choice = {
  name: 'category-token',
  gap: TOKEN_NOT_SHOWN,
  description: 'category, attribute, site category and site search reads without a token',
  variants: {
    mock: 'answered with and without a token',
    required: '403 access_token_not_granted without a token',
  },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, CATEGORIES, requireToken);
  },
};

const SHIPMENTS: RouteKey[] = ['GET /shipments/:shipping_id', 'GET /shipments/:shipment_id/lead_time'];

const shipmentReader: Choice = {
  name: 'shipment-reader',
  gap: 'SHP-AUTH-OWNER: who may read a shipment is not shown',
  description: 'the buyer reading the shipment of an order',
  variants: { 'seller-only': '403 forbidden to the buyer', mock: 'buyer and seller' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, SHIPMENTS, (request) => {
      const params = request.params as Record<string, string>;
      const id = positiveId(params.shipping_id ?? params.shipment_id ?? '');
      const entry = id === undefined ? undefined : app.world.orders.shipments.get(id);
      const caller = callerIdOf(request);
      if (entry && caller !== undefined && caller === entry.buyerId && caller !== entry.sellerId)
        throw forbidden(`The user has not access to the shipment ${id}`);
    });
  },
};

const USER: RouteKey = 'GET /users/:user_id';

const userStatusHeaderToken: Choice = {
  name: 'user-status-header-token',
  gap: 'USR-STATUS-HEADER-TOKEN: whether a token sent only in the Authorization header is accepted is not shown',
  description: 'the user status call with the token in the Authorization header only',
  variants: { mock: '403 access_token_not_granted', accepted: 'the header token is used' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, [USER], (request) => {
      const header = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim();
      if (header && firstQuery(request, 'access_token') === undefined) queryOf(request).access_token = header;
    });
  },
};

const userStatusAttributes: Choice = {
  name: 'user-status-attributes',
  gap: 'USR-STATUS-ATTRIBUTES: the call without attributes=status is not described',
  description: 'the user status call without attributes=status',
  variants: { mock: '400 bad_request', implied: 'answered as if attributes=status were sent' },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    beforeHandler(app, [USER], (request) => {
      if (firstQuery(request, 'attributes') === undefined) queryOf(request).attributes = 'status';
    });
  },
};

const userStatusOtherUser: Choice = {
  name: 'user-status-other-user',
  gap: "USR-STATUS-OTHER-USER: whether a user may read another user's status is not shown",
  description: "reading another user's status",
  variants: { mock: '403 forbidden', readable: "200 with that user's status (404 for an unknown user)" },
  install: (app, pick) => {
    if (pick.variant === 'mock') return;
    onError(
      app,
      [USER],
      (e) => e.status === 403 && e.message.startsWith('The user has not access to the status'),
      (_e, request) => {
        const id = Number((request.params as Record<string, string>).user_id);
        const status = app.world.orders.userStatus.get(id);
        return status
          ? { answer: { status }, status: 200 }
          : { status: 404, error: 'not_found', message: `User not found: ${id}` };
      },
    );
  },
};

/** Choices of who may call what: tokens asked for, readers refused or let in. */
export const ACCESS_CHOICES: Choice[] = [
  locationToken,
  categoryToken,
  shipmentReader,
  userStatusHeaderToken,
  userStatusAttributes,
  userStatusOtherUser,
];
