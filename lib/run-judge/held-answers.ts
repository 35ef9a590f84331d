import type { Spec } from '../checks/spec.ts';
import { decodeBodyLeniently } from '../exchange/decode.ts';
import { placeToken, tokenPlaceOf } from '../exchange/request.ts';
import { branchesOfAnswer } from './branches.ts';

// What a mock's data holds (issue 47), answered and walked as the run walks its answers: the reads come
// from the mock (mock/held.ts lists them from its store), the answers from an in-process twin of it.

/** One documented GET read a user may make on a target's data. */
export interface HeldRead {
  operationId: string;
  /** Path and query, without the token: the token goes where the spec puts it for the operation. */
  url: string;
  token: string;
  headers?: Record<string, string>;
}

export interface HeldAnswer {
  status: number;
  body: unknown;
}

/** An in-process request to the target (Fastify's inject, say): its status, headers and bytes. */
export type Injector = (request: { url: string; headers: Record<string, string> }) => Promise<{
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  bytes: Buffer;
}>;

/** A transient refusal of the twin is asked again this often: the alternate mock's burst-of-4 refuses four reads in a row. */
const RETRIES = 4;
const MAX_WAIT_MS = 3000;
/** Reads in flight at once: the alternate mock's latency is waited for together, not one by one. */
const IN_FLIGHT = 16;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Retry-After as seconds or as an HTTP date, capped. */
function waitOf(retryAfter: string | undefined): number {
  if (retryAfter === undefined) return 1000;
  const seconds = Number(retryAfter);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
  return Math.min(MAX_WAIT_MS, Math.max(0, Number.isFinite(ms) ? ms : 1000));
}

function headerRecordOf(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([name, value]) =>
      value === undefined
        ? []
        : [[name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]],
    ),
  );
}

/** The read as the suite sends it: the token where the spec puts it for the operation. */
function requestOf(spec: Spec, read: HeldRead): { url: string; headers: Record<string, string> } {
  const op = spec.operations.find((o) => o.operationId === read.operationId);
  if (!op) throw new Error(`held read of an operation the spec does not have: ${read.operationId}`);
  const request = { url: new URL(read.url, 'http://held.invalid'), headers: { ...read.headers } };
  placeToken(request, tokenPlaceOf(spec.doc, op), read.token);
  return { url: `${request.url.pathname}${request.url.search}`, headers: request.headers };
}

async function injectOnce(inject: Injector, spec: Spec, read: HeldRead) {
  const response = await inject(requestOf(spec, read));
  return { ...response, headers: headerRecordOf(response.headers) };
}

/** One limiter per app: at most IN_FLIGHT reads at once. */
function limiter(): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    while (running >= IN_FLIGHT) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** Answers a held read through `inject`, decoded as the run decodes it; a 503 or 429 asked again. */
export function answererOf(inject: Injector, spec: Spec): (read: HeldRead) => Promise<HeldAnswer> {
  const limited = limiter();
  return (read) =>
    limited(async () => {
      let answer = await injectOnce(inject, spec, read);
      for (let retry = 0; retry < RETRIES && (answer.status === 503 || answer.status === 429); retry += 1) {
        await sleep(waitOf(answer.headers['retry-after']));
        answer = await injectOnce(inject, spec, read);
      }
      return { status: answer.status, body: decodeBodyLeniently(answer.bytes, answer.headers).body };
    });
}

/** The branch keys of the 2xx JSON answers of every held read, walked and keyed as the run does. */
export async function branchesOfHeld(
  spec: Spec,
  reads: readonly HeldRead[],
  answer: (read: HeldRead) => Promise<HeldAnswer>,
): Promise<string[]> {
  const answers = await Promise.all(reads.map(answer));
  const keys = answers.flatMap((a, i) =>
    branchesOfAnswer(spec, reads[i]?.operationId ?? '', a.status, a.body),
  );
  return [...new Set(keys)].sort();
}
