import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/**
 * The largest body the suite reads, compressed or not: above the reference's largest answer (a 25 MB
 * attachment), far below what would exhaust a worker's memory.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;
const MIB = MAX_BODY_BYTES / 1024 / 1024;

/** A body the suite refuses to read further (too large, a compression bomb, a broken encoding). */
export class UndecodableBody extends Error {
  override name = 'UndecodableBody';
}

/** The body decoded of its Content-Encoding, never beyond MAX_BODY_BYTES. */
export function decompressed(bytes: Buffer, encoding: string | undefined): Buffer {
  const coding = encoding?.trim().toLowerCase() ?? '';
  if (!coding || coding === 'identity') return bytes;
  const options = { maxOutputLength: MAX_BODY_BYTES };
  try {
    if (coding === 'gzip' || coding === 'x-gzip') return gunzipSync(bytes, options);
    if (coding === 'deflate') return inflateSync(bytes, options);
    if (coding === 'br') return brotliDecompressSync(bytes, options);
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new UndecodableBody(
        `a ${coding} body that expands beyond ${MIB} MiB (a compression bomb); not read further`,
      );
    }
    throw new UndecodableBody(`a body with Content-Encoding ${coding} that does not decompress`);
  }
  return bytes;
}

const TEXTUAL = /json|text|xml|javascript|x-www-form-urlencoded/i;

/**
 * The charset the answer declares; without one, JSON and other text are UTF-8 (RFC 8259 §8.1) and any
 * other body is read byte for byte (latin1), so its length in characters is its length in bytes.
 */
export function charsetOf(contentType: string | undefined): BufferEncoding {
  const declared = /charset\s*=\s*"?([\w-]+)/i.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (declared === 'utf-8' || declared === 'utf8') return 'utf8';
  if (declared === 'iso-8859-1' || declared === 'latin1' || declared === 'us-ascii') return 'latin1';
  if (declared === 'utf-16le') return 'utf16le';
  return TEXTUAL.test(contentType ?? '') ? 'utf8' : 'latin1';
}

function parsedJson(text: string, contentType: string | undefined): unknown {
  if (!/json/i.test(contentType ?? '') && !/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one decoder: bytes as received (still encoded) and the answer's headers → bytes, text, JSON. */
export function decodeBody(
  received: Buffer,
  headers: Record<string, string>,
): { bytes: Buffer; text: string; body: unknown } {
  const bytes = decompressed(received, headers['content-encoding']);
  const contentType = headers['content-type'];
  const text = bytes.toString(charsetOf(contentType));
  return { bytes, text, body: parsedJson(text, contentType) };
}

/**
 * decodeBody for a reader that must never throw (the mock harness, a recorded file): a body the
 * decoder refuses (a bomb, a broken encoding) is read as received, and `undecodable` says why.
 */
export function decodeBodyLeniently(
  received: Buffer,
  headers: Record<string, string>,
): { bytes: Buffer; text: string; body: unknown; undecodable?: string } {
  try {
    return decodeBody(received, headers);
  } catch (error) {
    if (!(error instanceof UndecodableBody)) throw error;
    return {
      ...decodeBody(received, { ...headers, 'content-encoding': 'identity' }),
      undecodable: error.message,
    };
  }
}

/** Header pairs as a record with lower-case names; HTTP/2 pseudo-headers left out, repeated names joined. */
export function headerRecord(pairs: Iterable<readonly [string, string]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of pairs) {
    const key = name.toLowerCase();
    if (key.startsWith(':')) continue;
    out[key] = key in out ? `${out[key]}, ${value}` : value;
  }
  return out;
}
