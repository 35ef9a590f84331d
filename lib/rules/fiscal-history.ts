/**
 * What a run's exchanges show of a pack's fiscal documents: the calls on one pack since the last delete,
 * and what a caller is known to hold there (a lower bound: its accepted uploads). Traffic, drift and the
 * registry's sequence rules read the history through here.
 */
import type { Exchange } from '../exchange/exchange.ts';
import { emptyFiscalModel, type FiscalModel, uploaded, uploadedFiles } from './fiscal-files.ts';
import { isObject } from './meaning-kit.ts';

const FISCAL_PATH = /\/packs\/([^/]+)\/fiscal_documents\/?$/;

/** The pack an upload, listing or delete names; undefined for any other call (a download names a document too). */
export function packOf(exchange: Exchange): string | undefined {
  return FISCAL_PATH.exec(exchange.request.url.pathname)?.[1];
}

export const accepted = (exchange: Exchange): boolean =>
  exchange.response.status >= 200 && exchange.response.status < 300;

/** `later` was sent after `earlier` was answered: a call sent before may not see the write yet. */
export const after = (later: Exchange, earlier: Exchange): boolean => later.startedMs >= earlier.endedMs;

/** Whether a delete removes other sellers' documents is not shown: after one (200 or 404) nobody's holding is known. */
const resetsPack = (exchange: Exchange): boolean =>
  exchange.operation === 'deleteFiscalDocuments' && (accepted(exchange) || exchange.response.status === 404);

/** The ids an accepted upload answered; undefined for any other exchange. */
export function uploadedIds(exchange: Exchange): string[] | undefined {
  if (exchange.operation !== 'uploadFiscalDocuments' || !accepted(exchange)) return undefined;
  const ids = isObject(exchange.response.body) ? exchange.response.body.ids : undefined;
  return Array.isArray(ids) ? ids.map(String) : undefined;
}

/** The calls on the exchange's pack in the history, after the last one that reset what is known of it. */
export function sinceReset(exchange: Exchange, history: readonly Exchange[]): Exchange[] {
  const pack = packOf(exchange);
  const calls = pack === undefined ? [] : history.filter((earlier) => packOf(earlier) === pack);
  let last = -1;
  calls.forEach((call, i) => {
    if (resetsPack(call)) last = i;
  });
  return calls.slice(last + 1);
}

/** What a caller is known to hold in the pack, and the accepted uploads that put it there. */
export interface Holding {
  model: FiscalModel;
  by: Exchange[];
}

/** The exchange's caller's accepted uploads to its pack since the last reset (those `counted` keeps). */
export function holdingOf(
  exchange: Exchange,
  history: readonly Exchange[],
  counted: (upload: Exchange) => boolean = () => true,
): Holding {
  // The content type as sent: whether text/xml is application/xml is a gap.
  const model = emptyFiscalModel('as-sent');
  const by: Exchange[] = [];
  if (exchange.caller === undefined) return { model, by };
  for (const call of sinceReset(exchange, history)) {
    const ids = uploadedIds(call);
    if (call.caller !== exchange.caller || !ids || !counted(call)) continue;
    uploaded(model, ids, uploadedFiles(call) ?? []);
    by.push(call);
  }
  return { model, by };
}
