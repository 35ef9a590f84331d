/**
 * Drift's expectations of error rows, read from the spec (`x-error-rows` and `security`) by the rule of
 * lib/rules: a call whose request meets one row expects that row's answer on both sides. A row added to
 * the spec is expected here without code.
 */
import type { KnownState } from '../../lib/rules/error-row-condition.ts';
import { type ErrorRow, type RowOperation, specRowOperations } from '../../lib/rules/error-row-data.ts';
import { callExchange, type RowCall } from '../../lib/rules/error-row-requests.ts';
import { conditionOf, rowsMet as rowsMetBy } from '../../lib/rules/error-rows.ts';
import { noTokenRows } from '../../lib/rules/no-token.ts';
import type { Call, Expectation } from './types.ts';

/** The call as lib/rules reads a request (the answer is not needed to tell which rows it meets). */
export function callOf(call: Call): RowCall {
  return {
    caller: call.as === 'anonymous' ? undefined : call.as,
    path: call.path,
    query: call.query,
    headers: call.json === undefined ? call.headers : { ...call.headers, 'content-type': 'application/json' },
    body: call.json === undefined ? undefined : Buffer.from(JSON.stringify(call.json)),
  };
}

/** The rows the call meets: its no-token rows when it needs a token and sends none, else the others. */
export function rowsMet(call: Call, state: KnownState = {}, ops = specRowOperations()): ErrorRow[] {
  const op = ops.get(call.operationId);
  if (!op) return [];
  const exchange = callExchange(op, callOf(call));
  if (!op.tokenRequired || call.as !== 'anonymous') return rowsMetBy(exchange, state, 'met', ops);
  return noTokenRows(op).filter((row) => conditionOf(exchange, row, state, ops) === true);
}

/**
 * The expectation of the one row a call meets (several rows: their order is not given, so only a
 * refusal is expected). A row the reference also shows answered (`mayAnswer`) expects only its code.
 */
export function rowExpectation(
  call: Call,
  state: KnownState = {},
  ops = specRowOperations(),
): Expectation | undefined {
  const met = rowsMet(call, state, ops);
  const [row] = met;
  if (!row) return undefined;
  if (met.length > 1) return { refused: row.requirement };
  const expectation: Expectation = row.mayAnswer ? {} : { refused: row.requirement };
  if (row.status !== undefined && !row.mayAnswer)
    expectation.status = { code: row.status, requirement: row.requirement };
  if (row.error !== undefined) expectation.error = { code: row.error, requirement: row.requirement };
  return expectation;
}

/** The call's expectations: the spec's row, with what a probe states beside it (a refusal of another rule). */
export function expectationOf(
  call: Call,
  stated?: Expectation,
  state?: KnownState,
  ops?: Map<string, RowOperation>,
): Expectation | undefined {
  const fromRows = rowExpectation(call, state, ops);
  if (!fromRows) return stated;
  return { ...fromRows, ...stated };
}
