import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { headerRecord } from '../../lib/exchange/decode.ts';
import type { Exchange } from '../../lib/exchange/exchange.ts';
import { decodedResponse, type NumberedExchange, numbered } from './exchange.ts';

/** The parts of HAR 1.2 this reader uses (Chromium, Playwright's recordHar and proxies write them). */
interface HarHeader {
  name: string;
  value: string;
}
interface HarContent {
  text?: string;
  encoding?: string;
  /** Playwright's recordHar with content "attach": the body in a file beside the HAR. */
  _file?: string;
}
interface HarEntry {
  startedDateTime: string;
  time?: number;
  request: {
    method: string;
    url: string;
    headers: HarHeader[];
    postData?: HarContent & { mimeType?: string };
  };
  response: { status: number; headers: HarHeader[]; content?: HarContent };
}
interface Har {
  log?: { entries?: HarEntry[] };
}

export class HarError extends Error {}

function contentBytes(content: HarContent | undefined, harDir: string): Buffer | undefined {
  if (!content) return undefined;
  if (content._file) return readFileSync(join(harDir, content._file));
  if (content.text === undefined) return undefined;
  return Buffer.from(content.text, content.encoding === 'base64' ? 'base64' : 'utf8');
}

/** Whether the writer kept the answer's body: text or a file, or an answer it says is empty. */
function recorded(content: HarContent | undefined): boolean {
  return (
    !!content && (content.text !== undefined || !!content._file || (content as { size?: number }).size === 0)
  );
}

function pairs(headers: HarHeader[] | undefined): [string, string][] {
  return (headers ?? []).map((h) => [h.name, h.value]);
}

/**
 * The answer's body as the HAR holds it. HAR writers store the decoded body, so its Content-Encoding
 * no longer applies; one that kept it encoded (base64 of gzip) is decoded by the one decoder.
 */
function answerOf(entry: HarEntry, harDir: string): Exchange['response'] {
  const headers = headerRecord(pairs(entry.response.headers));
  const raw = contentBytes(entry.response.content, harDir) ?? Buffer.alloc(0);
  const gzipped = raw[0] === 0x1f && raw[1] === 0x8b;
  const { 'content-encoding': _stored, ...decoded } = headers;
  const response = decodedResponse(
    entry.response.status,
    gzipped ? { ...decoded, 'content-encoding': 'gzip' } : decoded,
    raw,
  );
  return {
    ...response,
    headers,
    bodyUnknown: response.bodyUnknown || !recorded(entry.response.content),
  };
}

/** An entry the browser never got an answer to (status 0: blocked, aborted) is not an exchange. */
function toExchange(entry: HarEntry, harDir: string): Exchange | undefined {
  if (!entry.response || entry.response.status <= 0) return undefined;
  const startedMs = Date.parse(entry.startedDateTime);
  return {
    startedMs,
    endedMs: startedMs + Math.max(0, entry.time ?? 0),
    request: {
      method: entry.request.method.toUpperCase(),
      url: new URL(entry.request.url),
      headers: headerRecord(pairs(entry.request.headers)),
      body: contentBytes(entry.request.postData, harDir),
      bodyLossy: entry.request.postData?.text?.includes('\uFFFD') ?? false,
    },
    response: answerOf(entry, harDir),
  };
}

/** The exchanges of a HAR file, in the order their requests started. */
export function readHar(path: string): NumberedExchange[] {
  let har: Har;
  try {
    har = JSON.parse(readFileSync(path, 'utf8')) as Har;
  } catch (error) {
    throw new HarError(`${path}: not a HAR file (${(error as Error).message})`);
  }
  const entries = har.log?.entries;
  if (!Array.isArray(entries)) throw new HarError(`${path}: not a HAR file (no log.entries)`);
  return numbered(entries.flatMap((entry) => toExchange(entry, dirname(path)) ?? []));
}
