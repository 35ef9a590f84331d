import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callTarget } from '../client/target-call.ts';
import type { ProfileInput } from './types.ts';

/**
 * The writable packs a profile names form a small pool: a test asking for writable pack i gets
 * pool[i mod size], holding it alone (a lock shared by every worker on this machine) until the test
 * ends, when fiscal documents it left are deleted. A pool of one serializes every write test; the
 * mock's pool of sixteen never makes two tests wait.
 */
export type PoolKind = 'fiscal' | 'messaging';

const WAIT_MS = 120_000;
const STALE_MS = 10 * 60_000;
const held = new Map<string, { dir: string; kind: PoolKind; pack: number }>();
const pause = new Int32Array(new SharedArrayBuffer(4));

function lockDir(baseURL: string, kind: PoolKind, pack: number): string {
  const target = createHash('sha256').update(baseURL).digest('hex').slice(0, 12);
  return join(tmpdir(), `conformance-writable-${target}-${kind}-${pack}`);
}

function tryLock(dir: string): boolean {
  try {
    mkdirSync(dir);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_MS) rmSync(dir, { recursive: true, force: true });
    return false;
  }
}

/** The pack of the pool for index i, held by this test until releaseWritable. */
export function claimWritable(
  profile: ProfileInput,
  kind: PoolKind,
  pool: readonly number[],
  index: number,
): number {
  const pack = pool[index % pool.length] as number;
  const key = `${kind}-${pack}`;
  if (held.has(key)) return pack;
  const dir = lockDir(profile.baseURL, kind, pack);
  const deadline = Date.now() + WAIT_MS;
  while (!tryLock(dir)) {
    if (Date.now() > deadline)
      throw new Error(`writable ${kind} pack ${pack} stayed busy for ${WAIT_MS / 1000} s`);
    // Synchronous on purpose: ids are read synchronously by tests; only this worker waits.
    Atomics.wait(pause, 0, 0, 50);
  }
  held.set(key, { dir, kind, pack });
  return pack;
}

async function deleteFiscalDocuments(profile: ProfileInput, pack: number): Promise<void> {
  await callTarget({
    out: {
      method: 'DELETE',
      url: `${profile.baseURL}/packs/${pack}/fiscal_documents`,
      headers: { authorization: `Bearer ${profile.users.seller.token}` },
      timeoutMs: profile.timeoutMs,
    },
    label: `DELETE /packs/${pack}/fiscal_documents (cleanup)`,
    // Paced by the worker's pacer of this target, made by the API client that sent the writes.
    pace: { perSecond: profile.requestsPerSecond },
    policy: profile.rateLimit,
  }).catch(() => undefined);
}

/** Ends this test's hold on its writable packs, leaving fiscal packs without documents for the next. */
export async function releaseWritable(profile: ProfileInput): Promise<void> {
  for (const { dir, kind, pack } of held.values()) {
    if (kind === 'fiscal' && profile.allowsWrites) await deleteFiscalDocuments(profile, pack);
    rmSync(dir, { recursive: true, force: true });
  }
  held.clear();
}
