import type { Exchange } from '../exchange/exchange.ts';
import type { Judgement } from '../judge/judgement.ts';
import {
  all,
  type KnownState,
  type Met,
  pathParams,
  type RequestView,
  rowMet,
} from './error-row-condition.ts';
import { type Answer, type ErrorRow, type RowOperation, specRowOperations } from './error-row-data.ts';
import { twinJudgements } from './error-row-twins.ts';
import { stateShown } from './row-state.ts';
import type { Rule } from './rule.ts';

/**
 * The error rows of the reference, read from the spec's `x-error-rows`: an exchange whose request meets a
 * row's condition must be answered with that row. The reference gives no order between rows (the
 * mock's own order is its choice), so an answer of another row the request meets, or may meet
 * (a state the exchange does not show), leaves the row not judged rather than broken.
 */

export interface RowJudgeOptions {
  /** The target is the mock: the mock's status where the reference gives none, and no 2xx excuse. */
  mock?: boolean;
  /** What the caller set up of the state rows `need` (`{sellerPackFull: true}`); unknown needs stay undecided. */
  state?: KnownState;
}

/** The request of an exchange as rows read it; undefined when its operation has no rows or its URL does not fit. */
export function requestView(exchange: Exchange, ops = specRowOperations()): RequestView | undefined {
  const op = exchange.operation ? ops.get(exchange.operation) : undefined;
  if (!op) return undefined;
  const params = pathParams(op.path, exchange.request.url);
  return params ? { exchange, op, pathParams: params } : undefined;
}

interface ErrorBody {
  status?: unknown;
  error?: unknown;
  message?: unknown;
}

/** Whether the answer is this row's (or one of its `or` answers). */
export function answersRow(exchange: Exchange, row: ErrorRow, options: RowJudgeOptions): boolean {
  const status = options.mock ? (row.mockStatus ?? row.status) : row.status;
  const answers: Answer[] = [{ status, error: row.error, message: row.message }, ...(row.or ?? [])];
  return answers.some((answer) => answerIs(exchange, answer));
}

function answerIs(exchange: Exchange, answer: Answer): boolean {
  const { status, body, bodyUnknown } = exchange.response;
  if (answer.status === undefined ? status < 400 || status >= 500 : status !== answer.status) return false;
  // A recorder that kept no body leaves only the status to judge.
  if (bodyUnknown) return true;
  const shown = (body && typeof body === 'object' ? body : {}) as ErrorBody;
  if (answer.error !== undefined && shown.error !== answer.error) return false;
  return answer.message === undefined || shown.message === answer.message;
}

function rowText(row: ErrorRow, options: RowJudgeOptions): string {
  const status = options.mock ? (row.mockStatus ?? row.status) : row.status;
  return [status ?? '4xx', row.error, row.message && JSON.stringify(row.message)].filter(Boolean).join(' ');
}

function answerText(exchange: Exchange): string {
  const body = (exchange.response.body ?? {}) as ErrorBody;
  return [exchange.response.status, typeof body.error === 'string' ? body.error : undefined]
    .filter(Boolean)
    .join(' ');
}

/** The instance a judgement names: the operation and the URL path (never the query, which may hold a token). */
function instanceOf(view: RequestView): string {
  return `${view.op.operationId} ${view.exchange.request.method} ${view.exchange.request.url.pathname}`;
}

/**
 * Judges the rows of `judged` (rows the request meets) against the answer: held when it is the row's,
 * not judged when it is the answer of another row the request meets or may meet, broken otherwise.
 */
export function judgeRows(
  view: RequestView,
  judged: ErrorRow[],
  options: RowJudgeOptions = {},
  excuses: 'met' | 'possible' = 'possible',
): Judgement[] {
  const { exchange } = view;
  const state = options.state ?? {};
  const others = view.op.rows.filter((row) => {
    const met = rowMet(view, row, state);
    return excuses === 'met' ? met === true : met !== false;
  });
  return judged.map((row) => {
    const instance = `${instanceOf(view)}: ${row.requirement}'s row`;
    if (answersRow(exchange, row, options))
      return { requirement: row.requirement, outcome: 'held', instance };
    // A server that does not enforce the row answers the call as if the condition were not there: a 2xx,
    // or any answer the rest of the request earns (an unknown id's 404); only a server failure is not that.
    if (row.mayAnswer && !options.mock && exchange.response.status < 500)
      return {
        requirement: row.requirement,
        outcome: 'not judged',
        instance,
        reason: `answered ${exchange.response.status}: the reference also allows the call answered as if the condition were not there`,
      };
    const other = others.find((candidate) => candidate !== row && answersRow(exchange, candidate, options));
    if (other)
      return {
        requirement: row.requirement,
        outcome: 'not judged',
        instance,
        reason: `answered as ${other.requirement}'s row (${rowText(other, options)}), which the request also meets or may meet; the reference gives no order between rows`,
      };
    return {
      requirement: row.requirement,
      outcome: 'broken',
      instance,
      reason: `answered ${answerText(exchange)}; the reference gives ${rowText(row, options)}`,
    };
  });
}

/**
 * The rows (but the no-token rows, no-token.ts) whose condition the request meets, or may meet: what a
 * model or a generator asks instead of writing a condition of the reference again.
 */
export function rowsMet(
  exchange: Exchange,
  state?: KnownState,
  which: 'met' | 'possible' = 'met',
  ops?: Map<string, RowOperation>,
): ErrorRow[] {
  const view = requestView(exchange, ops);
  if (!view) return [];
  return view.op.rows.filter((row) => {
    if (row.when?.token === 'absent') return false;
    const met = rowMet(view, row, state);
    return which === 'met' ? met === true : met !== false;
  });
}

/** Every row (but the no-token rows, no-token.ts) whose condition the request meets, judged. */
export function judgeErrorRows(
  exchange: Exchange,
  options: RowJudgeOptions = {},
  ops?: Map<string, RowOperation>,
): Judgement[] {
  const view = requestView(exchange, ops);
  return view ? judgeRows(view, rowsMet(exchange, options.state, 'met', ops), options) : [];
}

/** Whether a row's condition is met, undecided or not met, for a caller that builds requests from rows. */
export function conditionOf(
  exchange: Exchange,
  row: ErrorRow,
  state?: KnownState,
  ops?: Map<string, RowOperation>,
): Met {
  const view = requestView(exchange, ops);
  return view ? all([rowMet(view, row, state)]) : false;
}

/**
 * The rule over the rows of a document (the bundled spec by default; a test passes a copy), with the
 * state the exchange and the run's history show (row-state.ts) and each limit row's other side
 * (error-row-twins.ts).
 */
export function errorRowRule(ops?: () => Map<string, RowOperation>): Rule {
  const source = ops ?? specRowOperations;
  return {
    name: 'errorRow',
    get requirements() {
      return [
        ...new Set(
          [...source().values()].flatMap((op) =>
            op.rows.filter((r) => r.when?.token !== 'absent').map((r) => r.requirement),
          ),
        ),
      ];
    },
    appliesTo: (exchange) =>
      exchange.operation ? (source().get(exchange.operation)?.rows.length ?? 0) > 0 : false,
    judge: (exchange, { history }) => {
      const view = requestView(exchange, source());
      if (!view) return [];
      const state = stateShown(exchange, view.op, history);
      const plain = rowsMet(exchange, {}, 'met', source());
      // A row met only through the state shown (the held documents, the cause the answer names) is
      // excused only by another row surely met: a row that may be met on an unseen state does not
      // explain an answer the history or the answer itself points at.
      const shown = rowsMet(exchange, state, 'met', source()).filter((row) => !plain.includes(row));
      const refusedAsRow = (row: ErrorRow) => answersRow(exchange, row, {});
      return [
        ...judgeRows(view, plain, { state }),
        ...judgeRows(view, shown, { state }, 'met'),
        ...twinJudgements(view, refusedAsRow, history, state),
      ];
    },
  };
}

export const ERROR_ROWS: Rule = errorRowRule();
