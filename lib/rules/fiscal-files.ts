/**
 * The fiscal documents a seller holds in a pack: the files an upload sends, the types the reference
 * allows, and the model's state (held, gone). The rules over them are fiscal-model.ts (the rows each
 * call calls for) and fiscal-history.ts (what a run's exchanges show a caller holds).
 */
import type { Exchange } from '../exchange/exchange.ts';
import { formParts } from './multipart.ts';

/** A file of an upload as the rules read it: its file name, content type and size. */
export interface FiscalFile {
  name: string;
  type: string;
  size: number;
}

/** The most documents a seller holds in one pack, and the most files of one upload (FIS-LIMIT-PER-SELLER). */
export const MAX_FILES = 2;

/** The multipart field of an upload's files. */
export const FIELD = 'fiscal_document';

/** The content types the reference allows (FIS-UPLOAD-TYPES; the FIS-ERR-TYPE row's, tests/spec/rules-once.spec.ts). */
export const FISCAL_TYPES: readonly string[] = ['application/pdf', 'application/xml', 'text/xml'];

/**
 * What counts as one "type" of file: the content type as sent (any target), or text/xml and
 * application/xml as one type (the mock's reading of a gap).
 */
export type TypeReading = 'as-sent' | 'xml-alike';

/** The type a file counts as under a reading; undefined for a type the reference does not allow. */
export function typeOf(file: Pick<FiscalFile, 'type'>, reading: TypeReading): string | undefined {
  if (!FISCAL_TYPES.includes(file.type)) return undefined;
  return reading === 'xml-alike' && file.type.endsWith('/xml') ? 'xml' : file.type;
}

/** A document the model says the seller holds in the pack. */
export interface HeldDocument<F extends FiscalFile = FiscalFile> {
  id: string;
  file: F;
}

/** What the pack holds for its seller, and the ids deleted so far (which must stay gone). */
export interface FiscalModel<F extends FiscalFile = FiscalFile> {
  held: HeldDocument<F>[];
  gone: string[];
  reading: TypeReading;
}

export const emptyFiscalModel = <F extends FiscalFile = FiscalFile>(
  reading: TypeReading = 'xml-alike',
): FiscalModel<F> => ({ held: [], gone: [], reading });

/** What the documents the seller already holds say of an upload: the state its 409 rows `need`. */
export function heldState(model: FiscalModel, files: readonly FiscalFile[]) {
  const heldTypes = model.held.map((doc) => typeOf(doc.file, model.reading));
  const sent = files.map((file) => typeOf(file, model.reading)).filter((t) => t !== undefined);
  const typesHeld = [...new Set(sent.filter((type) => heldTypes.includes(type)))];
  return { sellerPackFull: model.held.length >= MAX_FILES, sellerHoldsType: typesHeld.length > 0, typesHeld };
}

/** An accepted upload: the pack now holds its files under the ids answered. */
export function uploaded<F extends FiscalFile>(
  model: FiscalModel<F>,
  ids: readonly string[],
  files: readonly F[],
): void {
  model.held.push(...files.map((file, i) => ({ id: ids[i] ?? '', file })));
}

/** An accepted delete: every held document is gone. */
export function deleted(model: FiscalModel): void {
  model.gone.push(...model.held.map((doc) => doc.id));
  model.held = [];
}

/** The files of an upload's request as the model reads them; undefined when its parts cannot be read. */
export function uploadedFiles(exchange: Exchange): FiscalFile[] | undefined {
  const parts = formParts(exchange.request.headers['content-type'], exchange.request.body);
  return parts
    ?.filter((part) => part.name === FIELD && part.filename !== undefined)
    .map((part) => ({ name: part.filename ?? '', type: part.contentType ?? '', size: part.size }));
}
