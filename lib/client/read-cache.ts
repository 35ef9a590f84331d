import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeBody } from '../exchange/decode.ts';
import { countReused, runFile } from './run-ledger.ts';
import type { Incoming, Outgoing } from './transport.ts';

/**
 * The run's read cache (issue 37): a GET the run already sent, with the same URL and the same headers
 * (so the same caller), is answered with the answer taken then instead of being sent again. Shared by
 * every process of the run through the ledger's folder (discovery's reads serve the tests too); in
 * memory only outside a run. Only a read-only run reuses reads (nothing of ours changes the target), and
 * only answers that say what the read is: a 206 (Orders rule 1: the data may come later), a 429 and a
 * 5xx (transient) are read again.
 */

/** An answer taken from the cache: the run sent this read before, at `firstAt`. */
export interface Reused extends Incoming {
  reusedFrom: string;
}

interface Stored {
  status: number;
  headers: Record<string, string>;
  /** The body as received and decoded of its Content-Encoding, base64. */
  bytes: string;
  firstAt: string;
}

const memory = new Map<string, Stored>();
const freshScope = new AsyncLocalStorage<true>();

/**
 * Runs `reads` with every call it makes sent to the target, never answered from the cache: for a test
 * that needs a fresh read (to see a change, to read again after a difference).
 */
export function readFresh<T>(reads: () => Promise<T>): Promise<T> {
  return freshScope.run(true, reads);
}

/** The cache's key of a read (a hash: the file names carry no token); undefined for a call never reused. */
function keyOf(out: Outgoing): string | undefined {
  if (out.method.toUpperCase() !== 'GET' || out.body !== undefined || freshScope.getStore()) return undefined;
  const headers = Object.entries(out.headers)
    .map(([name, value]) => [name.toLowerCase(), value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return createHash('sha256')
    .update(`${out.url}\n${JSON.stringify(headers)}`)
    .digest('hex');
}

const fileOf = (key: string) => runFile(join('reads', `${key}.json`));

function stored(key: string): Stored | undefined {
  const kept = memory.get(key);
  if (kept) return kept;
  const file = fileOf(key);
  if (!file || !existsSync(file)) return undefined;
  const read = JSON.parse(readFileSync(file, 'utf8')) as Stored;
  memory.set(key, read);
  return read;
}

/** The answer the run already took for this read, or undefined (a read to send). */
export function reusedAnswer(out: Outgoing): Reused | undefined {
  const key = keyOf(out);
  const hit = key === undefined ? undefined : stored(key);
  if (!hit) return undefined;
  countReused();
  // Kept as received, then decoded: read again without decompressing a second time.
  const bytes = Buffer.from(hit.bytes, 'base64');
  const { text, body } = decodeBody(bytes, { ...hit.headers, 'content-encoding': 'identity' });
  const now = Date.now();
  return {
    status: hit.status,
    headers: { ...hit.headers },
    bytes,
    text,
    body,
    startedMs: now,
    endedMs: now,
    reusedFrom: hit.firstAt,
  };
}

const transient = (status: number) => status === 206 || status === 429 || status >= 500;

/** Keeps the answer to a read for the rest of the run, unless the next read may answer otherwise. */
export function keepAnswer(out: Outgoing, answer: Incoming): void {
  const key = keyOf(out);
  if (key === undefined || transient(answer.status)) return;
  const kept: Stored = {
    status: answer.status,
    headers: answer.headers,
    bytes: answer.bytes.toString('base64'),
    firstAt: new Date().toISOString(),
  };
  memory.set(key, kept);
  const file = fileOf(key);
  if (!file) return;
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    // Written whole, then renamed: another process never reads half an answer.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, JSON.stringify(kept));
    renameSync(partial, file);
  } catch {
    // The run's folder is gone (the run ended): the answer stays in this process only.
  }
}
