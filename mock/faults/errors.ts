import { type Fault, onJson, onStatus, type RouteKey } from './kit.ts';

/** A documented status answered as another. */
function swapStatus(
  name: string,
  requirement: string,
  route: RouteKey,
  from: number,
  to: number,
  error?: string,
): Fault {
  return {
    name,
    requirement,
    description: `${route} answers ${to} where the reference says ${from}`,
    install: (app) => onStatus(app, route, from, to, error),
  };
}

/** A documented error code answered as another. */
function renameError(name: string, requirement: string, route: RouteKey, from: string, to: string): Fault {
  return {
    name,
    requirement,
    description: `${route} answers error "${to}" where the reference says "${from}"`,
    install: (app) => onJson(app, route, (body) => (body.error === from ? { ...body, error: to } : body)),
  };
}

const FISCAL: RouteKey = 'POST /packs/:pack_id/fiscal_documents';

/** Faults in error answers: statuses swapped, codes and messages changed, shape broken. */
export const ERROR_FAULTS: Fault[] = [
  swapStatus('fiscal-conflict-as-400', 'FIS-ERR-TYPE-EXISTS', FISCAL, 409, 400, 'bad_request'),
  swapStatus('no-token-as-401', 'AUTH-NO-TOKEN-403', 'GET /packs/:pack_id/fiscal_documents', 403, 401),
  swapStatus(
    'message-too-long-as-422',
    'MSG-CREATE-ERR-SELLER-LENGTH',
    'POST /messages/packs/:pack_id/sellers/:user_id',
    400,
    422,
  ),
  renameError(
    'order-not-found-renamed',
    'ORD-ERR-ORDER-NOT-FOUND',
    'GET /orders/:order_id',
    'order_not_found',
    'not_found',
  ),
  renameError(
    'not-owned-order-renamed',
    'ORD-ERR-NOT-OWNED-ORDER',
    'GET /orders/:order_id',
    'not_owned_order',
    'forbidden',
  ),
  renameError(
    'blocked-conversation-renamed',
    'MSG-CREATE-ERR-BLOCKED',
    'POST /messages/packs/:pack_id/sellers/:user_id',
    'conversation_blocked',
    'forbidden',
  ),
  {
    name: 'message-create-token-message-changed',
    requirement: 'MSG-CREATE-ERR-NO-TOKEN',
    description: 'message creation without a token answers another message than "Access token is required"',
    install: (app) =>
      onJson(app, 'POST /messages/packs/:pack_id/sellers/:user_id', (body) =>
        body.message === 'Access token is required' ? { ...body, message: 'Unauthorized' } : body,
      ),
  },
  {
    name: 'error-without-cause',
    requirement: 'GEN-ERROR-SHAPE',
    description: 'error bodies of the order read lose their cause field',
    install: (app) =>
      onJson(app, 'GET /orders/:order_id', (body, _request, reply) => {
        if (reply.statusCode < 400) return body;
        const { cause: _cause, ...rest } = body;
        return rest;
      }),
  },
];
