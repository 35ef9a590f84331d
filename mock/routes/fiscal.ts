import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../auth.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { parseInteger, pathParam } from '../http.ts';
import type { PackInfo } from '../store/context.ts';
import {
  FISCAL_FILE_TYPES,
  type FiscalDocumentRecord,
  type FiscalFileType,
  fiscalKind,
  type NewFiscalFile,
} from '../store/fiscal.ts';
import type { MockUser } from '../store/users.ts';
import { scanUploads, type UploadedFile } from './uploads.ts';

/** The numeric maximum is a reference gap; "PDF up to 1 MB" was observed. */
const FISCAL_MAX_BYTES = 1024 * 1024;
const FIELD = 'fiscal_document';
const MAX_FILES = 2;

type Role = 'buyer' | 'seller';

/** The pack of the path: pack.id numeric, > 0, and a known pack (reference's 400 rows). */
function packOf(request: FastifyRequest): PackInfo {
  const raw = pathParam(request, 'pack_id');
  const id = parseInteger(raw);
  if (id === undefined) throw badRequest(`pack.id must be numeric: ${raw}`);
  if (id <= 0) throw badRequest(`pack.id is invalid: ${raw}`);
  const pack = request.server.world.packs.get(id);
  if (!pack) throw badRequest(`The order does not belong to a pack: ${id}`);
  return pack;
}

function roleIn(pack: PackInfo, user: MockUser): Role | undefined {
  if (pack.sellerIds.includes(user.id)) return 'seller';
  return pack.buyerId === user.id ? 'buyer' : undefined;
}

/** Token, pack and the caller's role in it; users outside the pack get 403 Access Denied. */
function caller(request: FastifyRequest, allowed: Role[]): { user: MockUser; pack: PackInfo; role: Role } {
  const user = requireUser(request);
  const pack = packOf(request);
  const role = roleIn(pack, user);
  if (!role || !allowed.includes(role)) throw forbidden('Access Denied');
  return { user, pack, role };
}

function isFiscalType(type: string): type is FiscalFileType {
  return (FISCAL_FILE_TYPES as readonly string[]).includes(type);
}

/** The 400 rows, file by file: name, emptiness, type, size. */
function checkFile(file: UploadedFile): NewFiscalFile {
  if (file.filename === '') throw badRequest('Filename cannot be empty');
  if (!file.tooLarge && file.bytes.length === 0) throw badRequest('File cannot be empty');
  if (!isFiscalType(file.mimeType)) throw badRequest(`File type: ${file.mimeType} is not allowed`);
  if (file.tooLarge) throw badRequest('File Not allowed, exceeds maximum size');
  return { fileType: file.mimeType, filename: file.filename, bytes: file.bytes };
}

/** The 409 rows: one file per type in the request, then the seller's maximum and types in the pack. */
function checkConflicts(
  files: NewFiscalFile[],
  held: FiscalDocumentRecord[],
  pack: PackInfo,
  seller: number,
) {
  const [first, second] = files;
  if (first && second && fiscalKind(first.fileType) === fiscalKind(second.fileType)) {
    throw conflict(`Files Not allowed, you can upload only one file of type: ${first.fileType}`);
  }
  if (held.length >= MAX_FILES) {
    throw conflict(
      `File Not allowed, the max amount of files already exist for the pack: ${pack.packId} and seller: ${seller}`,
    );
  }
  for (const file of files) {
    if (held.some((doc) => fiscalKind(doc.fileType) === fiscalKind(file.fileType))) {
      throw conflict(
        `File Not allowed, a file already exists for the pack: ${pack.packId} of the type: ${file.fileType}`,
      );
    }
  }
}

async function filesOf(request: FastifyRequest): Promise<NewFiscalFile[]> {
  const scan = await scanUploads(request, { field: FIELD, maxBytes: FISCAL_MAX_BYTES, keep: MAX_FILES });
  if (!scan || scan.files.length === 0) throw badRequest('The fiscal_document file is required');
  if (scan.extra > 0) {
    throw badRequest(`Files Not allowed, you can upload at most ${MAX_FILES} files in one request`);
  }
  return scan.files.map(checkFile);
}

function toView(doc: FiscalDocumentRecord) {
  return { id: doc.id, date: doc.date, file_type: doc.fileType, filename: doc.filename };
}

function deletedMessage(docs: FiscalDocumentRecord[]): string {
  if (docs.length === 1) return `The fiscal_document with "id" : ${docs[0]!.id} was deleted`;
  return `The fiscal_documents with "ids" : ${docs.map((doc) => doc.id).join(', ')} were deleted`;
}

const routes: FastifyPluginAsync = async (app) => {
  const path = '/packs/:pack_id/fiscal_documents';

  app.post(path, async (request) => {
    const { user, pack } = caller(request, ['seller']);
    const files = await filesOf(request);
    checkConflicts(files, app.world.fiscal.ofSeller(pack.packId, user.id), pack, user.id);
    const created = app.world.fiscal.add(pack.packId, user.id, files);
    return { ids: created.map((doc) => doc.id) };
  });

  app.get(path, async (request) => {
    const { user, pack, role } = caller(request, ['seller', 'buyer']);
    const all = app.world.fiscal.ofPack(pack.packId);
    if (all.length === 0)
      throw notFound(`The pack_fiscal_document with pack_id: ${pack.packId} does not exist`);
    const visible = role === 'buyer' ? all : all.filter((doc) => doc.sellerId === user.id);
    if (visible.length === 0) {
      throw notFound(`The user: ${user.id} has no fiscal_documents in the pack: ${pack.packId}`);
    }
    return { pack_id: pack.packId, fiscal_documents: visible.map(toView) };
  });

  app.get(`${path}/:fiscal_document_id`, async (request, reply) => {
    const { user, pack, role } = caller(request, ['seller', 'buyer']);
    const id = pathParam(request, 'fiscal_document_id');
    const doc = app.world.fiscal.find(pack.packId, id);
    if (!doc) throw badRequest(`The fiscal_document with id: ${id} does not exist`);
    if (role === 'seller' && doc.sellerId !== user.id) throw forbidden('Access Denied');
    return reply.type(doc.fileType).send(doc.bytes);
  });

  app.delete(path, async (request) => {
    const { user, pack } = caller(request, ['seller']);
    const removed = app.world.fiscal.removeOfSeller(pack.packId, user.id);
    if (removed.length === 0) {
      throw notFound(`Cannot delete. The pack: ${pack.packId} doesn't have a fiscal_document attached`);
    }
    return { message: deletedMessage(removed) };
  });
};

export default routes;
