import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import { tokenAbsent } from './error-row-condition.ts';
import { type ErrorRow, type RowOperation, specRowOperations } from './error-row-data.ts';
import { judgeRows, type RowJudgeOptions, requestView } from './error-rows.ts';
import type { Rule } from './rule.ts';

/**
 * A call without a token to an operation whose `security` requires one (Authentication 3): answered by
 * the operation's own no-token row (`x-error-rows` with `when: {token: absent}`: the order resource's
 * not_identified_user, message creation's 400), else by Authentication 3's 403 access_token_not_granted.
 */
export const AUTHENTICATION_3: ErrorRow = {
  requirement: 'AUTH-NO-TOKEN-403',
  when: { token: 'absent' },
  status: 403,
  error: 'access_token_not_granted',
};

/** The no-token rows of an operation: its own, or Authentication 3's. */
export function noTokenRows(op: RowOperation): ErrorRow[] {
  const own = op.rows.filter((row) => row.when?.token === 'absent');
  return own.length > 0 ? own : [{ ...AUTHENTICATION_3 }];
}

/** The judgements of a call sent without a token ([] when it carries one, or its operation needs none). */
export function judgeNoToken(
  exchange: Exchange,
  options: RowJudgeOptions = {},
  ops?: Map<string, RowOperation>,
): Judgement[] {
  const view = requestView(exchange, ops);
  if (!view?.op.tokenRequired || tokenAbsent(exchange) !== true) return [];
  const rows = noTokenRows(view.op);
  // Authentication 3 states the answer of any call without a token: only a row the request visibly
  // meets too (message creation's application id) may have answered first; a state it may meet may not.
  return judgeRows({ ...view, op: { ...view.op, rows: [...view.op.rows, ...rows] } }, rows, options, 'met');
}

/** The rule over the `security` of a document (the bundled spec by default). */
export function noTokenRule(ops?: () => Map<string, RowOperation>): Rule {
  const source = ops ?? specRowOperations;
  return {
    name: 'noTokenAnswer',
    get requirements() {
      const ids = [...source().values()]
        .filter((op) => op.tokenRequired)
        .flatMap((op) => noTokenRows(op).map((r) => r.requirement));
      return [...new Set(ids)];
    },
    appliesTo: (exchange) =>
      exchange.operation ? source().get(exchange.operation)?.tokenRequired === true : false,
    judge: (exchange) => judgeNoToken(exchange, {}, source()),
  };
}

export const NO_TOKEN: Rule = noTokenRule();
