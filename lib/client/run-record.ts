import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runFile } from './run-ledger.ts';
import type { Incoming, Outgoing } from './transport.ts';

/**
 * The run's record of exchanges (issue 45): every answer callTarget takes, in every process of the run
 * (discovery in the runner, each worker), appended to a file of the run's folder with the part of the
 * run that asked for it. The run's judge (lib/judge/run-judge.ts) reads it back and judges every
 * exchange with every rule. Tokens never enter it: a request carries a digest of its token instead.
 */
const RECORD_PREFIX = 'exchanges-';
/** Larger answers (file downloads) are recorded without their body: only status and headers are judged. */
const MAX_RECORDED_BODY = 1024 * 1024;

/**
 * Who in the run sent the exchange: `discovery`, or a test (`contract › orders.spec.ts › …`). None until a
 * part of the run names itself: a project test's calls to targets of its own are no answers of the run.
 */
let part: string | undefined;

/** Names the part of the run that sends the next exchanges; undefined: none of the run's (a project test's own target). */
export function setRunPart(name: string | undefined): void {
  part = name;
}

/** The part of the run sending now; undefined outside the run's own parts (a project test's own targets). */
export function runPart(): string | undefined {
  return part;
}

/** One exchange as the record keeps it. */
export interface RecordedExchange {
  part: string;
  method: string;
  /** The URL sent, an access_token query value replaced by `redacted`. */
  url: string;
  headers: Record<string, string>;
  /** The request body as text, when it was text or bytes (a multipart form is not kept). */
  body?: string;
  /** The request had a body the record does not keep (a multipart form). */
  bodyNotKept?: true;
  /** A digest of the token the request carried, to tell callers apart without the token. */
  tokenDigest?: string;
  status: number;
  responseHeaders: Record<string, string>;
  /** The answer's bytes, base64; absent when over the recorded maximum. */
  bytes?: string;
  startedMs: number;
  endedMs: number;
}

export const tokenDigest = (token: string): string =>
  createHash('sha256').update(token).digest('hex').slice(0, 16);

function tokenIn(out: Outgoing): string | undefined {
  const bearer = /^\s*Bearer\s+(\S+)/i.exec(
    out.headers.authorization ?? out.headers.Authorization ?? '',
  )?.[1];
  return bearer ?? new URL(out.url).searchParams.get('access_token') ?? undefined;
}

function withoutToken(out: Outgoing): { url: string; headers: Record<string, string> } {
  const url = new URL(out.url);
  // Replaced in the text, not through searchParams, which would rewrite every other pair's encoding.
  url.search = url.search.replace(/([?&]access_token=)[^&]*/g, '$1redacted');
  const headers = Object.fromEntries(
    Object.entries(out.headers).map(([name, value]) =>
      name.toLowerCase() === 'authorization'
        ? [name.toLowerCase(), 'Bearer redacted']
        : [name.toLowerCase(), value],
    ),
  );
  return { url: url.href, headers };
}

/** Larger request bodies (an upload's bytes) are not kept: the rules read a request's JSON, not its files. */
const MAX_RECORDED_REQUEST = 64 * 1024;

const isMultipart = (out: Outgoing) =>
  /multipart\/form-data/i.test(
    Object.entries(out.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '',
  );

function bodyText(body: Outgoing['body']): string | undefined {
  if (typeof body === 'string' && body.length <= MAX_RECORDED_REQUEST) return body;
  if (Buffer.isBuffer(body) && body.length <= MAX_RECORDED_REQUEST) return body.toString('utf8');
  return undefined;
}

/** Appends the exchange to this process's file of the run's record; nothing outside a run. */
export function recordRunExchange(out: Outgoing, answer: Incoming): void {
  const file = runFile(`${RECORD_PREFIX}${process.pid}.jsonl`);
  if (!file || part === undefined) return;
  const token = tokenIn(out);
  const line: RecordedExchange = {
    part,
    method: out.method.toUpperCase(),
    ...withoutToken(out),
    // An upload's form is left to the tests and models that sent it (their files' bytes are not kept).
    ...(bodyText(out.body) === undefined || isMultipart(out) ? {} : { body: bodyText(out.body) }),
    ...(out.body !== undefined && (bodyText(out.body) === undefined || isMultipart(out))
      ? { bodyNotKept: true as const }
      : {}),
    ...(token ? { tokenDigest: tokenDigest(token) } : {}),
    status: answer.status,
    responseHeaders: answer.headers,
    ...(answer.bytes.length <= MAX_RECORDED_BODY ? { bytes: answer.bytes.toString('base64') } : {}),
    startedMs: answer.startedMs,
    endedMs: answer.endedMs,
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Every exchange of the run's record, in the order the requests started. */
export function readRunRecord(dir: string): RecordedExchange[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(RECORD_PREFIX))
    .flatMap((name) =>
      readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((text) => JSON.parse(text) as RecordedExchange),
    )
    .sort((a, b) => a.startedMs - b.startedMs);
}

/** The run's folder, where the record lives; undefined outside a run. */
export function runRecordDir(): string | undefined {
  const ledger = runFile('ledger.jsonl');
  return ledger ? dirname(ledger) : undefined;
}
