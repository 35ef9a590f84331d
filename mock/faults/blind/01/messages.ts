/** Blind batch 01: post-sale messages (pack listing and by-id read). */
import type { FastifyRequest } from 'fastify';
import { onJson, query } from '../../kit.ts';
import type { BlindFault } from '../kit.ts';
import { cacheResponses, callerOf, first, type Json, param, routeOf } from './shared.ts';

const LISTING = 'GET /messages/packs/:pack_id/sellers/:user_id' as const;

export const MESSAGE_FAULTS: BlindFault[] = [
  {
    name: 'b01-messages-listing-cache-ignores-user',
    description:
      'The pack listing is cached by URL, without the reader: the first party to read a conversation fixes which moderated messages the other party sees (a rejected message reaches the counterpart, the sender loses its own).',
    bugClass: 'cache key missing the caller',
    quote:
      "Messages moderated by the counterpart are not visible to the sender's counterpart, while the sender's own messages stay visible.",
    basis: 'stated',
    visibleTo:
      'the seller and the buyer, on conversations holding a rejected message, for the second party that reads the listing',
    witnesses: [
      { as: 'buyer', method: 'GET', url: '/messages/packs/3000000200/sellers/2001' },
      { as: 'seller', method: 'GET', url: '/messages/packs/3000000200/sellers/2001' },
    ],
    install(app) {
      cacheResponses(
        app,
        LISTING,
        (request) => request.url,
        (request) => {
          const user = callerOf(request);
          const sellerId = Number(param(request, 'user_id'));
          const pack = app.world.packs.get(Number(param(request, 'pack_id')));
          return (
            !!user &&
            !!pack &&
            pack.sellerIds.includes(sellerId) &&
            [sellerId, pack.buyerId].includes(user.id)
          );
        },
      );
    },
  },
  {
    name: 'b01-message-legacy-resource-id-is-pack',
    description:
      'The legacy form of a message fills resource_id with the pack id the message is stored under instead of the order id.',
    bugClass: 'copy-paste of the wrong field',
    quote: 'resource (orders), resource_id (order id)',
    basis: 'stated',
    visibleTo:
      'the seller and the buyer, on by-id reads (legacy form) of messages in a pack whose id is not its order id',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/messages/a1b2c3d4e5f60718293a4b5c6d7e8f90' },
      { as: 'buyer', method: 'GET', url: '/messages/c1b2c3d4e5f60718293a4b5c6d7e8f90' },
    ],
    install(app) {
      onJson(
        app,
        'GET /messages/:message_id',
        (body, request) => {
          if (!('resource_id' in body)) return body;
          const message = app.world.messaging.message(param(request, 'message_id'));
          return message ? { ...body, resource_id: message.packId } : body;
        },
        200,
      );
    },
  },
  {
    name: 'b01-messages-offset-off-by-one',
    description:
      'The pack listing converts offset as if it were 1-based before slicing: any offset above 0 skips one more message than asked, while paging.offset still echoes the value sent.',
    bugClass: 'off-by-one in paging',
    quote: 'optional query limit, offset (integers; limit > 0, offset valid) … paging {limit, offset, total}',
    basis: 'implied',
    visibleTo: 'the seller and the buyer, only on listing pages after the first (offset above 0)',
    witnesses: [
      { as: 'seller', method: 'GET', url: '/messages/packs/3000000200/sellers/2001?offset=1&limit=2' },
      { as: 'buyer', method: 'GET', url: '/messages/packs/3000000200/sellers/2001?offset=2&limit=2' },
      { as: 'seller', method: 'GET', url: '/messages/packs/3000000200/sellers/2001?offset=0&limit=2' },
    ],
    install(app) {
      const asked = new WeakMap<FastifyRequest, number>();
      app.addHook('preHandler', async (request) => {
        if (routeOf(request) !== LISTING) return;
        const q = query(request);
        const offset = first(q.offset);
        if (offset === undefined || !/^\d{1,9}$/.test(offset) || Number(offset) === 0) return;
        asked.set(request, Number(offset));
        q.offset = String(Number(offset) + 1);
      });
      onJson(
        app,
        LISTING,
        (body, request) => {
          const offset = asked.get(request);
          const paging = body.paging as Json | null;
          if (offset !== undefined && paging) paging.offset = offset;
          return body;
        },
        200,
      );
    },
  },
];
