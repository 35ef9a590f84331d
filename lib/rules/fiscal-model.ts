/**
 * The fiscal documents of a pack, as a model: what the seller holds, and the rows of the reference
 * (Errors > Fiscal document errors) each upload, list, download and delete calls for. The properties
 * drive it (tests/properties/models/fiscal); the registry's sequence rules (fiscal-sequence-rules.ts)
 * and the error rows' known state (row-state.ts) replay a run's exchanges through it: the rule is
 * written here once.
 */
import type { Exchange } from '../exchange/exchange.ts';
import { specRowOperations } from './error-row-data.ts';
import { callExchange, encodePlan } from './error-row-requests.ts';
import { rowsMet } from './error-rows.ts';
import {
  FIELD,
  type FiscalFile,
  type FiscalModel,
  heldState,
  MAX_FILES,
  type TypeReading,
  typeOf,
} from './fiscal-files.ts';

export {
  deleted,
  emptyFiscalModel,
  FISCAL_TYPES,
  type FiscalFile,
  type FiscalModel,
  type HeldDocument,
  MAX_FILES,
  type TypeReading,
  typeOf,
  uploaded,
  uploadedFiles,
} from './fiscal-files.ts';

/** One answer the reference gives: its status, its error code, and the requirement it judges. */
export interface FiscalRow {
  status: number;
  error?: string;
  requirement: string;
  /** The condition, in words ("3 files in one request"). */
  what: string;
}

export type FiscalCaller = 'seller' | 'buyer' | 'stranger';

const BAD_REQUEST = { status: 400, error: 'bad_request' };
const FORBIDDEN = { status: 403, error: 'forbidden' };
const NOT_FOUND = { status: 404, error: 'not_found' };

/** Who may not write: the stranger is outside the pack; the buyer's writes are the mock's refusal (a gap). */
export function deniedWrite(as: Exclude<FiscalCaller, 'seller'>, what: string): FiscalRow {
  return as === 'stranger'
    ? { ...FORBIDDEN, requirement: 'FIS-AUTH-FORBIDDEN', what: `a user outside the pack ${what}` }
    : { ...FORBIDDEN, requirement: 'FIS-AUTH-BUYER-READ-ONLY', what: `the buyer ${what}` };
}

const describe = (file: FiscalFile) => `"${file.name}" (${file.type || 'no type'}, ${file.size} bytes)`;

/** An upload of these files by the seller to a pack: what the spec's error rows are asked about. */
function uploadOf(files: readonly FiscalFile[]): Exchange {
  const op = specRowOperations().get('uploadFiscalDocuments');
  if (!op) throw new Error('uploadFiscalDocuments is not in the spec');
  const sent = files.map((file) => ({ name: file.name, type: file.type, bytes: Buffer.alloc(file.size) }));
  const { body, contentType } = encodePlan({ as: 'seller', path: {}, query: {}, files: { [FIELD]: sent } });
  return callExchange(op, {
    caller: 'seller',
    path: { pack_id: '1' },
    headers: contentType ? { 'content-type': contentType } : {},
    body,
  });
}

/** The files as a reading counts their types: under the mock's, text/xml is sent as application/xml. */
const readAs = (files: readonly FiscalFile[], reading: TypeReading): FiscalFile[] =>
  files.map((file) =>
    reading === 'xml-alike' && typeOf(file, reading) === 'xml' ? { ...file, type: 'application/xml' } : file,
  );

/**
 * The 400 and 409 rows an upload's own files call for, whoever sends it ([] for a clean upload): the
 * spec's error rows its files meet (lib/rules/error-rows.ts), each with the answers it allows (two
 * files of one type: 409, or the 400 of "more than one file of a kind").
 */
export function uploadConditions(files: readonly FiscalFile[], reading: TypeReading): FiscalRow[] {
  const what = files.length > 0 ? `an upload of ${files.map(describe).join(', ')}` : 'an upload of no file';
  return rowsMet(uploadOf(readAs(files, reading)))
    .filter((row) => row.when?.files !== undefined)
    .flatMap((row) =>
      [row, ...(row.or ?? [])].map((answer) => ({
        status: answer.status ?? 400,
        ...(answer.error ? { error: answer.error } : {}),
        requirement: row.requirement,
        what,
      })),
    );
}

/**
 * The 409 rows the documents the seller already holds call for (FIS-ERR-MAX-FILES, FIS-ERR-TYPE-EXISTS):
 * the spec's rows that need that state, asked of the error rows with the state the model knows.
 */
export function heldConflicts(model: FiscalModel, files: readonly FiscalFile[]): FiscalRow[] {
  const { typesHeld, ...state } = heldState(model, files);
  const what: Record<string, string> = {
    sellerPackFull: `the seller already holds ${model.held.length} documents`,
    sellerHoldsType: `the seller already holds a ${typesHeld.join(' and a ')}`,
  };
  return rowsMet(uploadOf(files), state)
    .filter((row) => row.needs?.some((need) => need in state))
    .map((row) => ({
      status: row.status ?? 409,
      ...(row.error ? { error: row.error } : {}),
      requirement: row.requirement,
      what: (row.needs ?? []).map((need) => what[need]).join(', '),
    }));
}

/**
 * The rows of the reference that apply to an upload (none: it is accepted). Where two rows apply at
 * once (a bad file and a conflict; a bad file from a user outside the role) the reference does not say
 * which comes first, so any of them is accepted.
 */
export function uploadRows(model: FiscalModel, as: FiscalCaller, files: readonly FiscalFile[]): FiscalRow[] {
  const own = uploadConditions(files, model.reading);
  if (as !== 'seller') return [deniedWrite(as, 'may not upload'), ...own.filter((row) => row.status !== 409)];
  return [...own, ...heldConflicts(model, files)];
}

/** The rules an accepted upload holds (judged held on a 200). */
export const UPLOAD_ACCEPTED = ['FIS-UPLOAD-TYPES', 'FIS-UPLOAD-ONE-OR-TWO', 'FIS-LIMIT-PER-SELLER'] as const;

/** The answer a delete calls for: 403 off the role, 404 when nothing is attached, else 200 naming the ids. */
export function deleteRow(model: FiscalModel, as: FiscalCaller): FiscalRow {
  if (as !== 'seller') return deniedWrite(as, 'may not delete');
  if (model.held.length === 0)
    return { ...NOT_FOUND, requirement: 'FIS-ERR-DELETE-NOTHING', what: 'nothing is attached' };
  return {
    status: 200,
    requirement: 'FIS-DELETE-RESULT',
    what: `the pack holds ${model.held.length} document(s)`,
  };
}

/** The answer a listing calls for: 403 for a stranger, 404 when the pack holds none, else 200 with the held ones. */
export function listRow(model: FiscalModel, as: FiscalCaller): FiscalRow {
  if (as === 'stranger')
    return { ...FORBIDDEN, requirement: 'FIS-AUTH-FORBIDDEN', what: 'a user outside the pack' };
  if (model.held.length === 0)
    return { ...NOT_FOUND, requirement: 'FIS-ERR-NO-DOCUMENTS', what: 'the pack holds no document' };
  const requirement = as === 'buyer' ? 'FIS-LIST-BUYER-ALL' : 'FIS-LIST-SELLER-OWN';
  return { status: 200, requirement, what: `the pack holds ${model.held.length} document(s)` };
}

/**
 * The answers a download calls for: 400 for a document the pack does not hold (a stranger may be
 * refused 403 first), 403 for a stranger, else 200 with the bytes uploaded.
 */
export function downloadRows(model: FiscalModel, as: FiscalCaller, id: string): FiscalRow[] {
  const held = model.held.some((doc) => doc.id === id);
  if (!held) {
    const unknown = {
      ...BAD_REQUEST,
      requirement: 'FIS-ERR-DOWNLOAD-UNKNOWN',
      what: `${id} is not in the pack`,
    };
    return as === 'stranger'
      ? [unknown, { ...FORBIDDEN, requirement: unknown.requirement, what: unknown.what }]
      : [unknown];
  }
  if (as === 'stranger')
    return [{ ...FORBIDDEN, requirement: 'FIS-AUTH-FORBIDDEN', what: 'a user outside the pack' }];
  return [{ status: 200, requirement: 'FIS-DOWNLOAD-FILE', what: `the pack holds ${id}` }];
}

/**
 * FIS-LIST-SELLER-OWN read from one seller's listing: a seller holds at most MAX_FILES documents of a
 * pack, one per type (FIS-LIMIT-PER-SELLER), so a listing with more, or with two of one content type
 * (as sent: whether text/xml and application/xml are one type is a gap), shows another seller's
 * documents. Undefined when the listing could be the seller's own.
 */
export function moreThanOneSeller(documents: readonly { file_type?: unknown }[]): string | undefined {
  if (documents.length > MAX_FILES)
    return `${documents.length} documents, more than the ${MAX_FILES} one seller holds`;
  const types = documents.flatMap((doc) => (typeof doc.file_type === 'string' ? [doc.file_type] : []));
  const twice = types.find((type, i) => types.indexOf(type) !== i);
  return twice ? `two documents of type ${twice}, where one seller holds one of each type` : undefined;
}
