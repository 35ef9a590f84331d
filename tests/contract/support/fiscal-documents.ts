import { expectHot } from '../../../fixtures/index.ts';
import type { ApiClient } from '../../../lib/client/client.ts';
import { bodyAt } from '../../../lib/client/typed.ts';
import type { Caller, FilePart } from '../../../lib/client/types.ts';

/*
 * Writable fiscal packs, claimed with the `writablePack('fiscal', i)` fixture, one per write test:
 * 0 round trip, 1 PDF + XML then a third file, 2 a second PDF, 3 two PDFs in one request, 4 empty file,
 * 5 missing file, 6 type not allowed, 7 three files, 8 empty name, 9 buyer and stranger writes,
 * 10 size limits (mock only), 11 delete with nothing attached, 12 writes without a token, 14 uploads
 * sent together (13 is the model-based property's).
 */

export function upload(
  api: ApiClient,
  pack: number | string,
  parts: FilePart | FilePart[] | string,
  as: Caller = 'seller',
) {
  return api.call('uploadFiscalDocuments', {
    as,
    path: { pack_id: pack },
    multipart: { fiscal_document: parts },
  });
}
export const list = (api: ApiClient, pack: number | string, as: Caller) =>
  api.call('listFiscalDocuments', { as, path: { pack_id: pack } });
export const download = (api: ApiClient, pack: number | string, id: string, as: Caller) =>
  api.call('downloadFiscalDocument', { as, path: { pack_id: pack, fiscal_document_id: id } });
export const remove = (api: ApiClient, pack: number | string, as: Caller = 'seller') =>
  api.call('deleteFiscalDocuments', { as, path: { pack_id: pack } });

/**
 * The ids of the documents listed to the caller (none on a 404), and whether every listed document
 * carried its id (a listed field: a production-shaped target may leave it out; a test that needs every
 * document's id says "not verified" when `complete` is false).
 */
export async function documentsListed(
  api: ApiClient,
  pack: number,
  as: Caller,
): Promise<{ ids: string[]; complete: boolean; types: (string | undefined)[] }> {
  const res = await list(api, pack, as);
  if (res.status === 404) return { ids: [], complete: true, types: [] };
  expectHot(res.status, `${res.label}`).toBe(200);
  const documents = bodyAt(res, 200).fiscal_documents;
  const ids = documents.flatMap((doc) => (doc.id === undefined ? [] : [doc.id]));
  return { ids, complete: ids.length === documents.length, types: documents.map((doc) => doc.file_type) };
}

/** The ids the listed documents carry (see documentsListed). */
export async function idsListed(api: ApiClient, pack: number, as: Caller): Promise<string[]> {
  return (await documentsListed(api, pack, as)).ids;
}

/** Leaves a writable pack without documents of the seller, whatever a failed test left behind. */
export async function cleanUp(api: ApiClient, pack: number): Promise<void> {
  const res = await remove(api, pack);
  expectHot([200, 404], `${res.label} cleaning up`).toContain(res.status);
}
