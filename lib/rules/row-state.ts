/**
 * The state an error row `needs` that an exchange shows without a caller setting it up: the documents
 * the run's history shows a seller already holds (FIS-ERR-MAX-FILES, FIS-ERR-TYPE-EXISTS), a refusal
 * whose message names its cause (MSG-CREATE-ERR-BLOCKED's blocked conversation). Only what is shown is set (true); the
 * rest stays undecided, so a row that needs it is not judged.
 */
import type { Exchange } from '../exchange/exchange.ts';
import type { KnownState } from './error-row-condition.ts';
import type { RowOperation } from './error-row-data.ts';
import { heldState, uploadedFiles } from './fiscal-files.ts';
import { after, holdingOf } from './fiscal-history.ts';
import { isObject } from './meaning-kit.ts';

/** What the seller's uploads answered before this one was sent say it holds. */
function heldDocuments(exchange: Exchange, history: readonly Exchange[]): KnownState {
  if (exchange.operation !== 'uploadFiscalDocuments') return {};
  const files = uploadedFiles(exchange);
  if (!files) return {};
  // An upload in flight together with this one may have been stored after it: only those answered before count.
  const { model } = holdingOf(exchange, history, (upload) => after(exchange, upload));
  const { sellerPackFull, sellerHoldsType } = heldState(model, files);
  return { ...(sellerPackFull ? { sellerPackFull } : {}), ...(sellerHoldsType ? { sellerHoldsType } : {}) };
}

/**
 * A refusal carrying the message of a row that needs a state shows that state: the server names its
 * cause (a send refused with blocked_conversation_send_message_forbidden shows the conversation blocked).
 */
function namedByAnswer(exchange: Exchange, op: RowOperation): KnownState {
  const body = exchange.response.body;
  if (exchange.response.status < 400 || !isObject(body) || typeof body.message !== 'string') return {};
  const named = op.rows.filter((row) => row.needs?.length && row.message === body.message);
  return Object.fromEntries(named.flatMap((row) => (row.needs ?? []).map((need) => [need, true])));
}

/** The state the exchange's own answer and the run's earlier exchanges show. */
export function stateShown(exchange: Exchange, op: RowOperation, history: readonly Exchange[]): KnownState {
  return { ...heldDocuments(exchange, history), ...namedByAnswer(exchange, op) };
}
