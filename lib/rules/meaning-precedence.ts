import type { Exchange } from '../exchange/exchange.ts';
import { tokenAbsent } from './error-row-condition.ts';
import { specRowOperations } from './error-row-data.ts';
import { asked, notJudged, verdict } from './meaning-kit.ts';
import { judgeNoToken } from './no-token.ts';
import type { Rule } from './rule.ts';

/** Whether the exchange's operation requires a token (its `security`, read by no-token.ts). */
const isProtected = (exchange: Exchange) =>
  exchange.operation !== undefined && specRowOperations().get(exchange.operation)?.tokenRequired === true;

/**
 * "A call without a token is answered with 403, error access_token_not_granted": whatever else is wrong
 * with the call (an invalid id, a missing parameter), a refusal without a token is that one, or the
 * operation's own no-token row (no-token.ts: the order resource's not_identified_user, message
 * creation's 400). A 429 or a 5xx says nothing of precedence.
 */
const RULE = 'VAL-NO-TOKEN-FIRST';

export const NO_TOKEN_FIRST_RULE: Rule = {
  requirements: [RULE],
  appliesTo: (exchange) =>
    isProtected(exchange) &&
    tokenAbsent(exchange) === true &&
    exchange.response.status >= 400 &&
    exchange.response.status < 500 &&
    exchange.response.status !== 429,
  judge(exchange) {
    const { status, body } = exchange.response;
    const instance = `${asked(exchange)} without a token`;
    const byRows = judgeNoToken(exchange);
    if (status === 403 || byRows.some((j) => j.outcome === 'held'))
      return [verdict(RULE, instance, undefined)];
    const excused = byRows.find((j) => j.outcome === 'not judged');
    if (excused)
      return [notJudged(RULE, instance, excused.reason ?? 'another row the request meets answered')];
    const error = body && typeof body === 'object' && 'error' in body ? String(body.error) : undefined;
    return [
      verdict(
        RULE,
        instance,
        `answered ${status}${error ? ` ${error}` : ''}, not the refusal of a call without a token`,
      ),
    ];
  },
};
