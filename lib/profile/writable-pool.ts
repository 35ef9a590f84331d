import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The writable packs a profile names form a small pool shared by every worker on this machine: a test
 * claiming pack p holds it alone (a lock directory) until the test ends, when the packs it held are
 * cleaned up and released. A pool of one serializes every write test; the mock's pool of sixteen never
 * makes two tests wait. Claimed through the `writablePack` fixture (fixtures/index.ts).
 */
export type PoolKind = 'fiscal' | 'messaging';

/** What a test leaves on a pack it wrote to, removed before the next test may claim it. */
type PackCleanup = (kind: PoolKind, pack: number) => Promise<void>;

const WAIT_MS = 120_000;
const STALE_MS = 10 * 60_000;
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

/** The packs one test holds on one target. */
export class WritableHold {
  private readonly held = new Map<string, { dir: string; kind: PoolKind; pack: number }>();

  constructor(private readonly baseURL: string) {}

  /** Holds the pack of the pool for index i (pool[i mod size]) until release. */
  claim(kind: PoolKind, pool: readonly number[], index: number): number {
    const pack = pool[index % pool.length] as number;
    const key = `${kind}-${pack}`;
    if (this.held.has(key)) return pack;
    const dir = lockDir(this.baseURL, kind, pack);
    const deadline = Date.now() + WAIT_MS;
    while (!tryLock(dir)) {
      if (Date.now() > deadline)
        throw new Error(`writable ${kind} pack ${pack} stayed busy for ${WAIT_MS / 1000} s`);
      // Synchronous on purpose: tests take pack ids synchronously; only this worker waits.
      Atomics.wait(pause, 0, 0, 50);
    }
    this.held.set(key, { dir, kind, pack });
    return pack;
  }

  /** Cleans up and releases every pack held. */
  async release(cleanup: PackCleanup): Promise<void> {
    for (const { dir, kind, pack } of this.held.values()) {
      await cleanup(kind, pack).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
    this.held.clear();
  }
}
