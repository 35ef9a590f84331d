import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../errors.ts';

/** One file of a multipart request, read once into memory (or dropped when over the size limit). */
export interface UploadedFile {
  filename: string;
  mimeType: string;
  /** Empty when tooLarge: an oversize file is never kept. */
  bytes: Buffer;
  tooLarge: boolean;
}

interface UploadScan {
  /** Files of the wanted field, at most `keep` of them. */
  files: UploadedFile[];
  /** How many files of the wanted field came beyond `keep` (drained, not read). */
  extra: number;
}

interface ScanOptions {
  field: string;
  maxBytes: number;
  keep: number;
}

async function drain(stream: Readable): Promise<void> {
  for await (const _chunk of stream) {
    // discarded: the request must be read to its end, the bytes are not needed
  }
}

/** Reads a file stream up to maxBytes; busboy truncates beyond it, so an oversize file costs no memory. */
async function readLimited(stream: Readable & { truncated?: boolean }): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return stream.truncated ? undefined : Buffer.concat(chunks);
}

/** busboy reads a part with an empty filename="" as a field: it is a file without a name. */
function namelessFile(mimeType: string, value: unknown): UploadedFile {
  return {
    filename: '',
    mimeType: mimeType.toLowerCase(),
    bytes: Buffer.from(String(value)),
    tooLarge: false,
  };
}

/**
 * Streams the files of one multipart field. Per-route limits make busboy cut a file at maxBytes;
 * files of other fields and files beyond `keep` are drained without being kept.
 * Answers undefined when the request is not multipart.
 */
export async function scanUploads(
  request: FastifyRequest,
  options: ScanOptions,
): Promise<UploadScan | undefined> {
  if (!request.isMultipart()) return undefined;
  const scan: UploadScan = { files: [], extra: 0 };
  // throwFileSizeLimit is read by @fastify/multipart but missing from its parts() type: pass it untyped.
  const busboy = { limits: { fileSize: options.maxBytes }, throwFileSizeLimit: false, preservePath: true };
  const parts = request.parts(busboy);
  try {
    for await (const part of parts) {
      const wanted = part.fieldname === options.field;
      if (part.type !== 'file') {
        if (wanted && part.mimetype !== 'text/plain')
          scan.files.push(namelessFile(part.mimetype, part.value));
        continue;
      }
      if (!wanted || scan.files.length >= options.keep) {
        if (wanted) scan.extra += 1;
        await drain(part.file);
        continue;
      }
      const bytes = await readLimited(part.file);
      scan.files.push({
        filename: part.filename,
        mimeType: part.mimetype.toLowerCase(),
        bytes: bytes ?? Buffer.alloc(0),
        tooLarge: bytes === undefined,
      });
    }
  } catch (error) {
    throw badRequest(`Malformed multipart body: ${(error as Error).message}`);
  }
  return scan;
}
