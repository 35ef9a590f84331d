/** Blind batch 01: seller status and currency conversion. */
import { query } from '../../kit.ts';
import type { BlindFault } from '../kit.ts';
import { bearer, cacheResponses, first, routeOf } from './shared.ts';

export const ACCOUNT_FAULTS: BlindFault[] = [
  {
    name: 'b01-user-status-token-from-header-only',
    description:
      'The user status call was moved onto the common authentication middleware, which reads the token from the Authorization header only: a token sent as access_token in the query is ignored and the call is refused as having none.',
    bugClass: 'shared middleware reads the credential from the wrong place',
    quote: 'The user status call sends the token as query parameter access_token=<ACCESS_TOKEN>.',
    basis: 'stated',
    visibleTo: 'any user reading its status with the token in the query, as the reference prescribes',
    witnesses: [
      {
        as: 'anonymous',
        method: 'GET',
        url: '/users/2001?attributes=status&access_token=APP_USR-mock-seller-2001',
      },
      {
        as: 'anonymous',
        method: 'GET',
        url: '/users/3001?attributes=status&access_token=APP_USR-mock-buyer-3001',
      },
    ],
    install(app) {
      app.addHook('preHandler', async (request) => {
        if (routeOf(request) !== 'GET /users/:user_id') return;
        const q = query(request);
        delete q.access_token;
        const token = bearer(request);
        if (token !== undefined) q.access_token = token;
      });
    },
  },
  {
    name: 'b01-currency-ratio-cache-ignores-to',
    description:
      'Conversion ratios are cached under the source currency only, so after one conversion from a currency every other target currency gets the first ratio.',
    bugClass: 'cache key missing a parameter',
    quote: 'from=<currency_id>, to=<currency_id> … Object {ratio: number}',
    basis: 'implied',
    visibleTo: 'anyone, on the second and later conversions from one currency to another target',
    witnesses: [
      { as: 'anonymous', method: 'GET', url: '/currency_conversions/search?from=BRL&to=USD' },
      { as: 'anonymous', method: 'GET', url: '/currency_conversions/search?from=BRL&to=ARS' },
      { as: 'seller', method: 'GET', url: '/currency_conversions/search?from=BRL&to=BRL' },
    ],
    install(app) {
      cacheResponses(
        app,
        'GET /currency_conversions/search',
        (request) => first(query(request).from),
        () => true,
      );
    },
  },
];
