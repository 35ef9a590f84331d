import type { Exchange } from '../exchange/exchange.ts';
import { asked, isObject, verdict } from './meaning-kit.ts';
import type { Rule } from './rule.ts';

/** Calls the reference protects with a token ("orders, fiscal documents, messages, attachments, shipping options", user status). */
const PROTECTED = new Set([
  'getOrder',
  'searchOrders',
  'getOrderProduct',
  'getOrderDiscounts',
  'listFiscalDocuments',
  'downloadFiscalDocument',
  'uploadFiscalDocuments',
  'deleteFiscalDocuments',
  'listPackMessages',
  'getMessage',
  'uploadAttachment',
  'downloadAttachment',
  'getShippingOptions',
  'getUserStatus',
]);
/** The order resource names its own no-token code, not_identified_user (its status is not shown). */
const ORDER_READS = new Set(['getOrder', 'searchOrders', 'getOrderProduct', 'getOrderDiscounts']);
const NO_TOKEN_CODES = new Set(['access_token_not_granted', 'not_identified_user']);

const withoutToken = (exchange: Exchange) =>
  !exchange.request.headers.authorization && !exchange.request.url.searchParams.has('access_token');

/**
 * "A call without a token is answered with 403, error access_token_not_granted": whatever else is wrong
 * with the call (an invalid id, a missing parameter), a refusal without a token is that one. A 429 or a
 * 5xx says nothing of precedence.
 */
export const NO_TOKEN_FIRST_RULE: Rule = {
  requirements: ['VAL-NO-TOKEN-FIRST'],
  appliesTo: (exchange) =>
    PROTECTED.has(exchange.operation ?? '') &&
    withoutToken(exchange) &&
    exchange.response.status >= 400 &&
    exchange.response.status < 500 &&
    exchange.response.status !== 429,
  judge(exchange) {
    const { status, body } = exchange.response;
    const error = isObject(body) && typeof body.error === 'string' ? body.error : undefined;
    const noToken =
      status === 403 || (ORDER_READS.has(exchange.operation ?? '') && NO_TOKEN_CODES.has(error ?? ''));
    return [
      verdict(
        'VAL-NO-TOKEN-FIRST',
        `${asked(exchange)} without a token`,
        noToken
          ? undefined
          : `answered ${status}${error ? ` ${error}` : ''}, not the refusal of a call without a token`,
      ),
    ];
  },
};
