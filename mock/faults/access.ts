import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Fault, onRequest, type RouteKey } from './kit.ts';

export function callerId(app: FastifyInstance, request: FastifyRequest): number | undefined {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
  return token ? app.world.users.byToken(token)?.id : undefined;
}

function actAs(app: FastifyInstance, request: FastifyRequest, userId: number | undefined): void {
  const user = userId === undefined ? undefined : app.world.users.byId(userId);
  if (user) request.headers.authorization = `Bearer ${user.token}`;
}

export function param(request: FastifyRequest, name: string): number {
  return Number((request.params as Record<string, string>)[name]);
}

/** The seller and buyer of an order, of a pack, or nobody. */
export function orderParties(app: FastifyInstance, request: FastifyRequest) {
  const order = app.world.orders.orders.get(param(request, 'order_id'))?.order;
  return order ? { seller: order.seller.id, buyer: order.buyer.id } : undefined;
}

function packParties(app: FastifyInstance, request: FastifyRequest) {
  const pack = app.world.packs.get(param(request, 'pack_id'));
  return pack
    ? { seller: pack.sellerIds[0], buyer: pack.buyerId, all: [...pack.sellerIds, pack.buyerId] }
    : undefined;
}

/** Lets a call through as the resource's seller when `when` says the real server would have refused it. */
function asSellerWhen(
  name: string,
  requirement: string,
  route: RouteKey,
  description: string,
  parties: (app: FastifyInstance, request: FastifyRequest) => { seller?: number; buyer: number } | undefined,
  when: (caller: number | undefined, owners: { seller?: number; buyer: number }) => boolean,
): Fault {
  return {
    name,
    requirement,
    description,
    install: (app) =>
      onRequest(app, route, (request) => {
        const owners = parties(app, request);
        if (owners && when(callerId(app, request), owners)) actAs(app, request, owners.seller);
      }),
  };
}

const noToken = (caller: number | undefined) => caller === undefined;
const outsider = (caller: number | undefined, owners: { seller?: number; buyer: number }) =>
  caller !== undefined && caller !== owners.seller && caller !== owners.buyer;

/** Faults in authentication and ownership: tokens not required, owners not checked, sites not checked. */
export const ACCESS_FAULTS: Fault[] = [
  asSellerWhen(
    'order-read-without-token',
    'ORD-ERR-NOT-IDENTIFIED-USER',
    'GET /orders/:order_id',
    'the order read answers without a token',
    orderParties,
    noToken,
  ),
  asSellerWhen(
    'order-read-by-anyone',
    'ORD-READ-OWNER',
    'GET /orders/:order_id',
    'any user may read any order',
    orderParties,
    outsider,
  ),
  asSellerWhen(
    'discounts-by-anyone',
    'ORD-ERR-NOT-OWNED-ORDER',
    'GET /orders/:order_id/discounts',
    'any user may read the discounts of any order',
    orderParties,
    outsider,
  ),
  asSellerWhen(
    'fiscal-list-without-token',
    'FIS-AUTH-NO-TOKEN',
    'GET /packs/:pack_id/fiscal_documents',
    'fiscal documents are listed without a token',
    packParties,
    noToken,
  ),
  asSellerWhen(
    'fiscal-list-by-anyone',
    'FIS-AUTH-FORBIDDEN',
    'GET /packs/:pack_id/fiscal_documents',
    'any user may list the fiscal documents of any pack',
    packParties,
    outsider,
  ),
  asSellerWhen(
    'messages-by-anyone',
    'MSG-AUTH-ORDER',
    'GET /messages/packs/:pack_id/sellers/:user_id',
    'any user may read any conversation',
    packParties,
    outsider,
  ),
  {
    name: 'shipping-options-without-token',
    requirement: 'AUTH-BEARER-HEADER',
    description: 'shipping options answer without a token',
    install: (app) =>
      onRequest(app, 'GET /items/:item_id/shipping_options', (request) => {
        if (callerId(app, request) === undefined) actAs(app, request, app.world.users.all()[0]?.id);
      }),
  },
  {
    name: 'site-not-checked',
    requirement: 'AUTH-SITE-NOT-AVAILABLE',
    description: 'users of a site where the API is not available are served as any other user',
    install: (app) =>
      app.addHook('preHandler', async (request) => {
        const id = callerId(app, request);
        const user = id === undefined ? undefined : app.world.users.byId(id);
        if (user && !app.world.users.siteAvailable(user.site_id)) {
          const orders = orderParties(app, request) ?? packParties(app, request);
          actAs(app, request, orders?.seller ?? app.world.users.all()[0]?.id);
        }
      }),
  },
  {
    name: 'fiscal-seller-sees-other-sellers',
    requirement: 'FIS-LIST-SELLER-OWN',
    description: 'a seller listing fiscal documents receives those of every seller of the pack',
    install: (app) =>
      onRequest(app, 'GET /packs/:pack_id/fiscal_documents', (request) => {
        const pack = packParties(app, request);
        const caller = callerId(app, request);
        if (pack && caller !== undefined && caller !== pack.buyer && pack.all.includes(caller))
          actAs(app, request, pack.buyer);
      }),
  },
  {
    name: 'moderated-shown-to-counterpart',
    requirement: 'MSG-MODERATED-HIDDEN',
    description: "the seller's listing shows the buyer's messages that moderation rejected",
    install: (app) =>
      onRequest(app, 'GET /messages/packs/:pack_id/sellers/:user_id', (request) => {
        const pack = packParties(app, request);
        const caller = callerId(app, request);
        if (pack && caller !== undefined && caller !== pack.buyer && pack.all.includes(caller))
          actAs(app, request, pack.buyer);
      }),
  },
];
